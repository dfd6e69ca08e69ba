import {
  branchActivityStatusLabels,
  cardTypeLabels,
  displayValue,
  type FieldSpec,
  formatDate,
  formatMoney,
  formatPercent,
} from '@aval/domain';

/**
 * What a validation considered (its engine log's inputs), in plain Portuguese: each known input by
 * its label and formatted as what it is (R$, % a.a., dates, Sim/Não, lists). Internal keys (who ran
 * it) are not shown; an unknown key keeps its name, its value still formatted. The formatting is
 * @aval/domain's `displayValue`, the change history's, with a `show` where a kind does not say it.
 */
const nested: Record<string, string> = {
  Name: 'nome',
  Role: 'cargo',
  Organ: 'órgão',
  EndDate: 'até',
  Limit: 'limite',
  Available: 'disponível',
};

const isMoneyKey = (k: string) => /Limit|Available|Amount/.test(k);

/** Lists, nested objects (a group, PEP matches) and ISO dates, without JSON. */
const plain = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (Array.isArray(v)) return v.length ? v.map(plain).join('; ') : 'nenhum';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${nested[k] ?? k}: ${isMoneyKey(k) ? formatMoney(String(x)) : plain(x)}`)
      .join(', ');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return formatDate(v.slice(0, 10));
  return String(v);
};

const rate = (v: unknown) => `${formatPercent(String(v))} a.a.`;
const branchStatus = (v: unknown) =>
  branchActivityStatusLabels[v as keyof typeof branchActivityStatusLabels] ?? 'Não analisado';
const cardType = (v: unknown) => cardTypeLabels[v as keyof typeof cardTypeLabels] ?? String(v);
/** Who ran it is in the log's own column. */
const HIDDEN = '';
const hidden = () => HIDDEN;

const inputs: Record<string, FieldSpec> = {
  Date: { label: 'Data da consulta', kind: 'date' },
  PolicyHolderPartners: { label: 'Sócios do tomador consultados', kind: 'int' },
  InsuredPartners: { label: 'Sócios do segurado consultados', kind: 'int' },
  BrokerResponsibles: { label: 'Responsáveis da corretora consultados', kind: 'int' },
  Matches: { label: 'Pessoas politicamente expostas encontradas', show: plain },
  InsuredAmount: { label: 'Importância segurada', kind: 'money' },
  insuredAmount: { label: 'Importância segurada', kind: 'money' },
  Limit: { label: 'Limite do tomador', kind: 'money' },
  Used: { label: 'Limite utilizado', kind: 'money' },
  Available: { label: 'Limite disponível', kind: 'money' },
  EconomicGroup: { label: 'Grupo econômico', show: plain },
  Rate: { label: 'Taxa do tomador na modalidade', show: rate },
  Property: { label: 'Seguro patrimonial', kind: 'bool' },
  PolicyHolderComplete: { label: 'Cadastro do tomador completo', kind: 'bool' },
  InsuredComplete: { label: 'Cadastro do segurado completo', kind: 'bool' },
  RequiredDocumentsNotConforme: { label: 'Documentos obrigatórios não conformes', show: plain },
  BranchActivityCnae: { label: 'CNAE do tomador', show: plain },
  BranchActivityStatusId: { label: 'Ramo de atividade', show: branchStatus },
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
  Reason: { label: 'Motivo', show: plain },
  CardType: { label: 'Card', show: cardType },
  SentToBroker: { label: 'Enviada ao corretor', kind: 'bool' },
  UserId: { label: '', show: hidden },
};

/** One input as people read it (its field's kind, or its own way); an unknown key as plain text. */
export const formatInput = (key: string, value: unknown): string =>
  displayValue(inputs[key] ?? { label: key, show: plain }, value) ?? '—';

/** The validation's inputs as labelled, formatted lines (who ran it left out). */
export const validationInputs = (values: Record<string, unknown>) =>
  Object.entries(values)
    .filter(([k]) => inputs[k]?.show !== hidden)
    .map(([k, v]) => ({ label: inputs[k]?.label ?? k, value: formatInput(k, v) }));
