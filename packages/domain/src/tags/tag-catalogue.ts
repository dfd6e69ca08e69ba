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

/** One line, as documents print it: "Rua X, 12 – Centro – São Paulo/SP – CEP 01001-000" ('' when empty). */
export const formatAddress = (a: TagAddress | null | undefined) =>
  a
    ? [
        [a.street, a.number].filter(Boolean).join(', '),
        a.district,
        [a.city, a.state].filter(Boolean).join('/'),
        a.zipCode ? `CEP ${maskCep(a.zipCode)}` : null,
      ]
        .filter(Boolean)
        .join(' – ')
    : '';

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

/** Tags of one group, a row per tag: name, pt-BR label and how it reads the context. */
const groupTags = (
  group: TagGroup,
  rows: readonly (readonly [name: string, label: string, resolve: TagDefinition['resolve']])[],
): TagDefinition[] => rows.map(([name, label, resolve]) => ({ name, label, group, resolve }));

/** The tag catalogue (spec §3 "Document tags for contractual terms"). */
export const tagDefinitions: readonly TagDefinition[] = [
  ...groupTags('proposal', [
    ['INI_VIGENCIA', 'Início de Vigência', (c) => date(c.startDate)],
    ['FIM_VIGENCIA', 'Fim de Vigência', (c) => date(c.endDate)],
    ['VALOR_IS', 'Valor da Importância Segurada', (c) => money(c.insuredAmount)],
    ['VALOR_IS_EXT', 'Valor da Importância Segurada por Extenso', (c) => words(c.insuredAmount)],
    ['PRAZO_DIAS', 'Prazo em Dias', (c) => int(c.deadlineDays)],
    [
      'PRAZO_DIAS_APOLICE',
      'Prazo em Dias da Apólice',
      (c) => (has(c.deadlineDays) ? String(c.deadlineDays + (c.complementaryDeadlineDays ?? 0)) : undefined),
    ],
    ['NR_APOLICE', 'Número da Apólice', (c) => text(c.policyNumber)],
    ['MODALIDADE', 'Modalidade', (c) => text(c.modality)],
  ]),
  ...groupTags('complementary', [
    ['INI_VIGENCIA_COMPLEMENTAR', 'Início de Vigência Complementar', (c) => date(c.complementaryStartDate)],
    ['FIM_VIGENCIA_COMPLEMENTAR', 'Fim de Vigência Complementar', (c) => date(c.complementaryEndDate)],
    [
      'VALOR_IS_COMPLEMENTAR',
      'Valor da Importância Segurada Complementar',
      (c) => money(c.complementaryInsuredAmount),
    ],
    [
      'VALOR_IS_EXT_COMPLEMENTAR',
      'Valor da Importância Segurada Complementar por Extenso',
      (c) => words(c.complementaryInsuredAmount),
    ],
    ['PRAZO_DIAS_COMPLEMENTAR', 'Prazo em Dias Complementar', (c) => int(c.complementaryDeadlineDays)],
  ]),
  ...groupTags('policyHolder', [
    ['TOMADOR', 'Nome do Tomador', (c) => text(c.policyHolder?.name)],
    ['CNPJ_TOMADOR', 'CNPJ do Tomador', (c) => doc(c.policyHolder)],
  ]),
  ...partyTags('TOMADOR', 'policyHolder', 'do Tomador', (c) => c.policyHolder),
  ...groupTags('insured', [
    ['SEGURADO', 'Nome do Segurado', (c) => text(c.insured?.name)],
    ['CNPJ_SEGURADO', 'CNPJ/CPF do Segurado', (c) => doc(c.insured)],
  ]),
  ...partyTags('SEGURADO', 'insured', 'do Segurado', (c) => c.insured),
  ...groupTags('insurer', [
    ['SEGURADORA', 'Nome da Seguradora', (c) => text(c.insurer?.name)],
    ['CNPJ_SEGURADORA', 'CNPJ da Seguradora', (c) => doc(c.insurer)],
  ]),
  ...partyTags('SEGURADORA', 'insurer', 'da Seguradora', (c) => c.insurer),
  ...groupTags('endorsement', [
    ['TAG_MOTIVO_ENDOSSO', 'Motivo do Endosso', (c) => text(c.endorsement?.reason)],
    [
      'TAG_NUMERO_ENDOSSO_EXT',
      'Número do Endosso por Extenso',
      (c) => (has(c.endorsement?.sequence) ? ordinalInWords(c.endorsement.sequence) : undefined),
    ],
    [
      'TAG_TOMADOR',
      'Tomador do Endosso',
      (c) => text(c.endorsement?.policyHolderName ?? c.policyHolder?.name),
    ],
    ['TAG_SEGURADO', 'Segurado do Endosso', (c) => text(c.endorsement?.insuredName ?? c.insured?.name)],
    ['TAG_INI_VIGENCIA', 'Início de Vigência do Endosso', (c) => date(c.endorsement?.startDate)],
    ['TAG_FIM_VIGENCIA', 'Fim de Vigência do Endosso', (c) => date(c.endorsement?.endDate)],
    ['TAG_IS_ANTERIOR', 'Importância Segurada Anterior', (c) => money(c.endorsement?.oldInsuredAmount)],
    ['TAG_IS_NOVA', 'Nova Importância Segurada', (c) => money(c.endorsement?.newInsuredAmount)],
    ['TAG_MODALIDADE', 'Modalidade do Endosso', (c) => text(c.endorsement?.modality ?? c.modality)],
    [
      'TAG_LISTA_OBJETOS',
      'Lista de Objetos do Endosso',
      (c) => {
        const objects = (c.endorsement?.objects ?? []).filter((o) => has(o));
        return objects.length > 0 ? objects.join('\n') : undefined;
      },
    ],
  ]),
];

export const tagDefinitionsByName: ReadonlyMap<string, TagDefinition> = new Map(
  tagDefinitions.map((t) => [t.name, t]),
);

export type CompanyProposalTag = { Name: string; Tag: string; Label: string; Group: TagGroup };

/** The tag list with pt-BR labels, as GetCompanyProposalTags returns it. */
export const getCompanyProposalTags = (): CompanyProposalTag[] =>
  tagDefinitions.map((t) => ({ Name: t.name, Tag: `[${t.name}]`, Label: t.label, Group: t.group }));
