import { maskCep } from '../documents/cep.js';
import { maskCpfCnpj } from '../documents/cpf-cnpj.js';
import { formatDate } from '../format/dates.js';
import { formatMoney } from '../format/money.js';
import type { DateInput } from '../shared/dates.js';
import type { DecimalInput } from '../shared/decimal.js';
import { moneyInWords, ordinalInWords } from '../words/amount-in-words.js';

export type TagAddress = {
  street?: string | null;
  number?: string | null;
  district?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
};

export type TagParty = {
  name?: string | null;
  document?: string | null;
  address?: TagAddress | null;
};

/** Everything the contractual-term tags can read. Missing values leave their tag unfilled. */
export type TagContext = {
  startDate?: DateInput | null;
  endDate?: DateInput | null;
  insuredAmount?: DecimalInput | null;
  deadlineDays?: number | null;
  complementaryStartDate?: DateInput | null;
  complementaryEndDate?: DateInput | null;
  complementaryInsuredAmount?: DecimalInput | null;
  complementaryDeadlineDays?: number | null;
  policyNumber?: string | null;
  modality?: string | null;
  policyHolder?: TagParty | null;
  insured?: TagParty | null;
  insurer?: TagParty | null;
  endorsement?: {
    reason?: string | null;
    /** 1-based sequence of the endorsement on its policy (written as an ordinal). */
    sequence?: number | null;
    policyHolderName?: string | null;
    insuredName?: string | null;
    startDate?: DateInput | null;
    endDate?: DateInput | null;
    oldInsuredAmount?: DecimalInput | null;
    newInsuredAmount?: DecimalInput | null;
    modality?: string | null;
    objects?: readonly string[] | null;
  } | null;
};

export type TagGroup = 'proposal' | 'complementary' | 'policyHolder' | 'insured' | 'insurer' | 'endorsement';

export type TagDefinition = {
  name: string;
  label: string;
  group: TagGroup;
  resolve: (ctx: TagContext) => string | undefined;
};

const has = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';
const date = (v: DateInput | null | undefined) => (has(v) ? formatDate(v) : undefined);
const money = (v: DecimalInput | null | undefined) => (has(v) ? formatMoney(v) : undefined);
const words = (v: DecimalInput | null | undefined) => (has(v) ? moneyInWords(v) : undefined);
const int = (v: number | null | undefined) => (has(v) ? String(v) : undefined);
const text = (v: string | null | undefined) => (has(v) ? v : undefined);

const partyTags = (
  suffix: string,
  group: TagGroup,
  who: string,
  pick: (ctx: TagContext) => TagParty | null | undefined,
): TagDefinition[] => {
  const addr = (ctx: TagContext) => pick(ctx)?.address;
  return [
    {
      name: `LOGRADOURO_${suffix}`,
      label: `Logradouro ${who}`,
      group,
      resolve: (c) => text(addr(c)?.street),
    },
    { name: `NUMERO_${suffix}`, label: `Número ${who}`, group, resolve: (c) => text(addr(c)?.number) },
    { name: `BAIRRO_${suffix}`, label: `Bairro ${who}`, group, resolve: (c) => text(addr(c)?.district) },
    { name: `CIDADE_${suffix}`, label: `Cidade ${who}`, group, resolve: (c) => text(addr(c)?.city) },
    { name: `UF_${suffix}`, label: `UF ${who}`, group, resolve: (c) => text(addr(c)?.state) },
    {
      name: `CEP_${suffix}`,
      label: `CEP ${who}`,
      group,
      resolve: (c) => (has(addr(c)?.zipCode) ? maskCep(addr(c)?.zipCode) : undefined),
    },
  ];
};

const doc = (party: TagParty | null | undefined) =>
  has(party?.document) ? maskCpfCnpj(party.document) : undefined;

/** The tag catalogue (spec §3 "Document tags for contractual terms"). */
export const tagDefinitions: readonly TagDefinition[] = [
  { name: 'INI_VIGENCIA', label: 'Início de Vigência', group: 'proposal', resolve: (c) => date(c.startDate) },
  { name: 'FIM_VIGENCIA', label: 'Fim de Vigência', group: 'proposal', resolve: (c) => date(c.endDate) },
  {
    name: 'VALOR_IS',
    label: 'Valor da Importância Segurada',
    group: 'proposal',
    resolve: (c) => money(c.insuredAmount),
  },
  {
    name: 'VALOR_IS_EXT',
    label: 'Valor da Importância Segurada por Extenso',
    group: 'proposal',
    resolve: (c) => words(c.insuredAmount),
  },
  { name: 'PRAZO_DIAS', label: 'Prazo em Dias', group: 'proposal', resolve: (c) => int(c.deadlineDays) },
  {
    name: 'PRAZO_DIAS_APOLICE',
    label: 'Prazo em Dias da Apólice',
    group: 'proposal',
    resolve: (c) =>
      has(c.deadlineDays) ? String(c.deadlineDays + (c.complementaryDeadlineDays ?? 0)) : undefined,
  },
  { name: 'NR_APOLICE', label: 'Número da Apólice', group: 'proposal', resolve: (c) => text(c.policyNumber) },
  { name: 'MODALIDADE', label: 'Modalidade', group: 'proposal', resolve: (c) => text(c.modality) },
  {
    name: 'INI_VIGENCIA_COMPLEMENTAR',
    label: 'Início de Vigência Complementar',
    group: 'complementary',
    resolve: (c) => date(c.complementaryStartDate),
  },
  {
    name: 'FIM_VIGENCIA_COMPLEMENTAR',
    label: 'Fim de Vigência Complementar',
    group: 'complementary',
    resolve: (c) => date(c.complementaryEndDate),
  },
  {
    name: 'VALOR_IS_COMPLEMENTAR',
    label: 'Valor da Importância Segurada Complementar',
    group: 'complementary',
    resolve: (c) => money(c.complementaryInsuredAmount),
  },
  {
    name: 'VALOR_IS_EXT_COMPLEMENTAR',
    label: 'Valor da Importância Segurada Complementar por Extenso',
    group: 'complementary',
    resolve: (c) => words(c.complementaryInsuredAmount),
  },
  {
    name: 'PRAZO_DIAS_COMPLEMENTAR',
    label: 'Prazo em Dias Complementar',
    group: 'complementary',
    resolve: (c) => int(c.complementaryDeadlineDays),
  },
  {
    name: 'TOMADOR',
    label: 'Nome do Tomador',
    group: 'policyHolder',
    resolve: (c) => text(c.policyHolder?.name),
  },
  {
    name: 'CNPJ_TOMADOR',
    label: 'CNPJ do Tomador',
    group: 'policyHolder',
    resolve: (c) => doc(c.policyHolder),
  },
  ...partyTags('TOMADOR', 'policyHolder', 'do Tomador', (c) => c.policyHolder),
  { name: 'SEGURADO', label: 'Nome do Segurado', group: 'insured', resolve: (c) => text(c.insured?.name) },
  { name: 'CNPJ_SEGURADO', label: 'CNPJ/CPF do Segurado', group: 'insured', resolve: (c) => doc(c.insured) },
  ...partyTags('SEGURADO', 'insured', 'do Segurado', (c) => c.insured),
  {
    name: 'SEGURADORA',
    label: 'Nome da Seguradora',
    group: 'insurer',
    resolve: (c) => text(c.insurer?.name),
  },
  { name: 'CNPJ_SEGURADORA', label: 'CNPJ da Seguradora', group: 'insurer', resolve: (c) => doc(c.insurer) },
  ...partyTags('SEGURADORA', 'insurer', 'da Seguradora', (c) => c.insurer),
  {
    name: 'TAG_MOTIVO_ENDOSSO',
    label: 'Motivo do Endosso',
    group: 'endorsement',
    resolve: (c) => text(c.endorsement?.reason),
  },
  {
    name: 'TAG_NUMERO_ENDOSSO_EXT',
    label: 'Número do Endosso por Extenso',
    group: 'endorsement',
    resolve: (c) => (has(c.endorsement?.sequence) ? ordinalInWords(c.endorsement.sequence) : undefined),
  },
  {
    name: 'TAG_TOMADOR',
    label: 'Tomador do Endosso',
    group: 'endorsement',
    resolve: (c) => text(c.endorsement?.policyHolderName ?? c.policyHolder?.name),
  },
  {
    name: 'TAG_SEGURADO',
    label: 'Segurado do Endosso',
    group: 'endorsement',
    resolve: (c) => text(c.endorsement?.insuredName ?? c.insured?.name),
  },
  {
    name: 'TAG_INI_VIGENCIA',
    label: 'Início de Vigência do Endosso',
    group: 'endorsement',
    resolve: (c) => date(c.endorsement?.startDate),
  },
  {
    name: 'TAG_FIM_VIGENCIA',
    label: 'Fim de Vigência do Endosso',
    group: 'endorsement',
    resolve: (c) => date(c.endorsement?.endDate),
  },
  {
    name: 'TAG_IS_ANTERIOR',
    label: 'Importância Segurada Anterior',
    group: 'endorsement',
    resolve: (c) => money(c.endorsement?.oldInsuredAmount),
  },
  {
    name: 'TAG_IS_NOVA',
    label: 'Nova Importância Segurada',
    group: 'endorsement',
    resolve: (c) => money(c.endorsement?.newInsuredAmount),
  },
  {
    name: 'TAG_MODALIDADE',
    label: 'Modalidade do Endosso',
    group: 'endorsement',
    resolve: (c) => text(c.endorsement?.modality ?? c.modality),
  },
  {
    name: 'TAG_LISTA_OBJETOS',
    label: 'Lista de Objetos do Endosso',
    group: 'endorsement',
    resolve: (c) => {
      const objects = (c.endorsement?.objects ?? []).filter((o) => has(o));
      return objects.length > 0 ? objects.join('\n') : undefined;
    },
  },
];

export const tagDefinitionsByName: ReadonlyMap<string, TagDefinition> = new Map(
  tagDefinitions.map((t) => [t.name, t]),
);

export type CompanyProposalTag = { Name: string; Tag: string; Label: string; Group: TagGroup };

/** The tag list with pt-BR labels, as GetCompanyProposalTags returns it. */
export const getCompanyProposalTags = (): CompanyProposalTag[] =>
  tagDefinitions.map((t) => ({ Name: t.name, Tag: `[${t.name}]`, Label: t.label, Group: t.group }));
