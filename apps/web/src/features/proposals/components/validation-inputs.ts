import {
  branchActivityStatusLabels,
  cardTypeLabels,
  formatDate,
  formatMoney,
  formatPercent,
} from '@aval/domain';

/**
 * What a validation considered (its engine log's inputs), in plain Portuguese: each known input by
 * its label and formatted as what it is (R$, % a.a., dates, Sim/Não, lists). Internal keys (who ran
 * it) are not shown; an unknown key keeps its name, its value still formatted.
 */
type Kind =
  | 'money'
  | 'rate'
  | 'date'
  | 'bool'
  | 'int'
  | 'text'
  | 'list'
  | 'branchStatus'
  | 'cardType'
  | 'hidden';

const inputs: Record<string, { label: string; kind: Kind }> = {
  Date: { label: 'Data da consulta', kind: 'date' },
  PolicyHolderPartners: { label: 'Sócios do tomador consultados', kind: 'int' },
  InsuredPartners: { label: 'Sócios do segurado consultados', kind: 'int' },
  BrokerResponsibles: { label: 'Responsáveis da corretora consultados', kind: 'int' },
  Matches: { label: 'Pessoas politicamente expostas encontradas', kind: 'list' },
  InsuredAmount: { label: 'Importância segurada', kind: 'money' },
  insuredAmount: { label: 'Importância segurada', kind: 'money' },
  Limit: { label: 'Limite do tomador', kind: 'money' },
  Used: { label: 'Limite utilizado', kind: 'money' },
  Available: { label: 'Limite disponível', kind: 'money' },
  EconomicGroup: { label: 'Grupo econômico', kind: 'list' },
  Rate: { label: 'Taxa do tomador na modalidade', kind: 'rate' },
  Property: { label: 'Seguro patrimonial', kind: 'bool' },
  PolicyHolderComplete: { label: 'Cadastro do tomador completo', kind: 'bool' },
  InsuredComplete: { label: 'Cadastro do segurado completo', kind: 'bool' },
  RequiredDocumentsNotConforme: { label: 'Documentos obrigatórios não conformes', kind: 'list' },
  BranchActivityCnae: { label: 'CNAE do tomador', kind: 'text' },
  BranchActivityStatusId: { label: 'Ramo de atividade', kind: 'branchStatus' },
  AutomaticApprovalLimit: { label: 'Limite de aprovação automática', kind: 'money' },
  StartDate: { label: 'Início de vigência', kind: 'date' },
  RetroactiveDays: { label: 'Dias de retroatividade', kind: 'int' },
  AllowedRetroactiveDays: { label: 'Retroatividade permitida (dias)', kind: 'int' },
  Retention: { label: 'Limite de retenção', kind: 'money' },
  retention: { label: 'Limite de retenção', kind: 'money' },
  retained: { label: 'Valor retido', kind: 'money' },
  ceded: { label: 'Valor cedido', kind: 'money' },
  localOffered: { label: 'Oferta mínima a resseguradores locais', kind: 'money' },
  eventualMax: { label: 'Máximo a resseguradores eventuais', kind: 'money' },
  admitted: { label: 'Cedido a admitidos', kind: 'money' },
  needsCession: { label: 'Precisa de cessão', kind: 'bool' },
  Reason: { label: 'Motivo', kind: 'text' },
  CardType: { label: 'Card', kind: 'cardType' },
  SentToBroker: { label: 'Enviada ao corretor', kind: 'bool' },
  UserId: { label: '', kind: 'hidden' },
};

const nested: Record<string, string> = {
  Name: 'nome',
  Role: 'cargo',
  Organ: 'órgão',
  EndDate: 'até',
  Limit: 'limite',
  Available: 'disponível',
};

const isMoneyKey = (k: string) => /Limit|Available|Amount/.test(k);

const plain = (key: string, v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (Array.isArray(v)) return v.length ? v.map((x) => plain(key, x)).join('; ') : 'nenhum';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${nested[k] ?? k}: ${isMoneyKey(k) ? formatMoney(String(x)) : plain(k, x)}`)
      .join(', ');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return formatDate(v.slice(0, 10));
  return String(v);
};

export const formatInput = (key: string, value: unknown): string => {
  const kind = inputs[key]?.kind ?? 'text';
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'money':
      return formatMoney(String(value));
    case 'rate':
      return `${formatPercent(String(value))} a.a.`;
    case 'date':
      return formatDate(String(value).slice(0, 10));
    case 'bool':
      return value ? 'Sim' : 'Não';
    case 'branchStatus':
      return branchActivityStatusLabels[value as keyof typeof branchActivityStatusLabels] ?? 'Não analisado';
    case 'cardType':
      return cardTypeLabels[value as keyof typeof cardTypeLabels] ?? String(value);
    default:
      return plain(key, value);
  }
};

/** The validation's inputs as labelled, formatted lines (hidden keys left out). */
export const validationInputs = (values: Record<string, unknown>) =>
  Object.entries(values)
    .filter(([k]) => inputs[k]?.kind !== 'hidden')
    .map(([k, v]) => ({ label: inputs[k]?.label ?? k, value: formatInput(k, v) }));
