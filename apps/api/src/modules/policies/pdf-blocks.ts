import {
  BRAZIL_TIME_ZONE,
  formatAddress,
  formatMoney,
  maskCpfCnpj,
  moneyInWords,
  type TagAddress,
} from '@aval/domain';
import type { Content, ContentStack, ContentTable, Table, TableCell } from 'pdfmake/interfaces.js';
import { qrImage } from '../../lib/pdf.js';
import { type InsurerProfile, susepProcessOf } from '../parameterisation/index.js';

// The blocks the policies module's documents share: letterhead, parties, fields, tables, closing.

export type PartyData = {
  name: string;
  document: string;
  address?: TagAddress | null;
};

/** A moment as people in Brazil read it, saying the zone: "02/12/2026 às 10:01 (horário de Brasília)". */
export const brasiliaTime = (d: Date) => {
  const [date, time] = d
    .toLocaleString('pt-BR', { timeZone: BRAZIL_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' })
    .split(', ');
  return `${date} às ${time} (horário de Brasília)`;
};

const label = (text: string): Content => ({ text, bold: true, fontSize: 8, color: '#333333' });

/** A labelled value: the small bold label above the value. */
export const field = (title: string, value: Content): ContentStack => ({ stack: [label(title), value] });

export const section = (text: string): Content => ({
  text: text.toUpperCase(),
  bold: true,
  fontSize: 10,
  margin: [0, 10, 0, 4],
  color: '#0e3a5c',
});

/** A table block's options besides the table and its layout (margin, …). */
type TableOptions = Omit<ContentTable, 'table' | 'layout'>;

/** A table with light horizontal rules (the documents' one table style), with its block's options. */
export const ruledTable = (table: Table, options: TableOptions = {}): Content => ({
  table,
  layout: 'lightHorizontalLines',
  ...options,
});

/** A ruled table under a header row of labels. */
export const headedTable = (
  widths: Table['widths'],
  labels: string[],
  rows: TableCell[][],
  options: TableOptions = {},
): Content => ruledTable({ headerRows: 1, widths, body: [labels.map((l) => label(l)), ...rows] }, options);

const partyTable = (title: string, p: PartyData | null): Content =>
  ruledTable(
    {
      widths: ['*', 140],
      body: [
        [
          field(title, p?.name ?? 'Não informado'),
          field('CPF/CNPJ', p?.document ? maskCpfCnpj(p.document) : '—'),
        ],
        [{ stack: [label('Endereço'), formatAddress(p?.address) || '—'], colSpan: 2 }, {}],
      ],
    },
    { margin: [0, 0, 0, 4] },
  );

export const partiesSections = (policyHolder: PartyData, insured: PartyData | null): Content[] => [
  section('Tomador'),
  partyTable('Tomador', policyHolder),
  section('Segurado'),
  partyTable('Segurado', insured),
];

/** The IS row of a 3-column data table: the amount and the amount in words. */
const insuredAmountRow = (title: string, amount: string): TableCell[] => [
  {
    colSpan: 3,
    stack: [
      label(title),
      { text: formatMoney(amount), bold: true, fontSize: 11 },
      { text: `(${moneyInWords(amount)})`, italics: true },
    ],
  },
  {},
  {},
];

/** A document's data table: rows of three fields, then the insured amount across the three columns. */
export const dataTable = (rows: TableCell[][], amountTitle: string, amount: string): Content =>
  ruledTable({ widths: ['*', '*', '*'], body: [...rows, insuredAmountRow(amountTitle, amount)] });

/** The insurer's letterhead and the document's title block (policy, minuta, endorsement). */
export const header = (
  insurer: InsurerProfile,
  branchCode: string,
  title: string,
  lines: Content[],
): Content[] => [
  {
    columns: [
      {
        stack: [
          { text: insurer.name, bold: true, fontSize: 12 },
          `CNPJ ${maskCpfCnpj(insurer.cnpj)} – Código SUSEP ${insurer.susepCode}`,
          formatAddress(insurer.address),
        ],
      },
      {
        width: 190,
        alignment: 'right',
        stack: [
          { text: title, bold: true, fontSize: 11 },
          ...lines,
          `Ramo ${branchCode}`,
          `Processo SUSEP nº ${susepProcessOf(insurer, branchCode)}`,
        ],
      },
    ],
  },
  { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 1, lineColor: '#0e3a5c' }] },
];

/** The SUSEP telephone for the public (Circular SUSEP 642/2021: printed on contractual documents). */
const SUSEP_PUBLIC_SERVICE = '0800 021 8484';

type ClosingData = {
  insurer: InsurerProfile;
  branchCode: string;
  issued: string;
  brokers: { name: string; susep: string }[];
  /** The public verification page (absolute), printed and as a QR code; none on a minuta. */
  verificationUrl?: string | null;
  /** What the link verifies, as its line says it ("desta apólice"). */
  verifies: string;
};

/** The consumer information of Circular SUSEP 642/2021, after the line saying when it was issued. */
const consumerInformation = (d: ClosingData): Content[] => {
  const c = d.insurer.consumer;
  return [
    { text: d.issued, bold: true, margin: [0, 0, 0, 4] },
    section('Informações ao consumidor'),
    `Seguradora: ${d.insurer.name}, CNPJ ${maskCpfCnpj(d.insurer.cnpj)}, código SUSEP ${d.insurer.susepCode}. ` +
      `Corretor${d.brokers.length > 1 ? 'es' : ''}: ${d.brokers.map((b) => `${b.name}, registro SUSEP ${b.susep}`).join('; ')}.`,
    'A situação cadastral da seguradora e do corretor de seguros pode ser consultada no sítio eletrônico www.susep.gov.br, por meio do número de registro na SUSEP, do nome completo, do CNPJ ou do CPF.',
    `SAC: ${c.sac} · Ouvidoria: ${c.ouvidoria} (${c.email}) · ${c.site}. Atendimento SUSEP ao público: ${SUSEP_PUBLIC_SERVICE} (www.gov.br/susep).`,
    `Seguro garantia regido pela Circular SUSEP nº 662/2022; produto do ramo ${d.branchCode} registrado sob o Processo SUSEP nº ${susepProcessOf(d.insurer, d.branchCode)}. ` +
      'O registro deste plano na SUSEP não implica, por parte da Autarquia, incentivo ou recomendação à sua comercialização. ' +
      'A aceitação da proposta e a emissão são registradas no SRO (Sistema de Registro de Operações).',
  ];
};

/**
 * The closing block of a policy or endorsement (kept on one page): when it was issued, the
 * consumer information of Circular SUSEP 642/2021 (SUSEP registration of the insurer and the
 * broker, SAC, Ouvidoria, SUSEP's service, the registration notice), the product's SUSEP process
 * and the absolute verification link with its QR code.
 */
const closingBlock = async (d: ClosingData): Promise<Content> => {
  const lines = consumerInformation(d);
  if (!d.verificationUrl) return { stack: lines, unbreakable: true, fontSize: 8, margin: [0, 14, 0, 0] };
  return {
    unbreakable: true,
    margin: [0, 14, 0, 0],
    fontSize: 8,
    columns: [
      { width: '*', stack: lines },
      {
        width: 96,
        stack: [
          { image: qrImage(d.verificationUrl), width: 84, alignment: 'center' },
          { text: 'Autenticidade da apólice', fontSize: 7, alignment: 'center', margin: [0, 2, 0, 0] },
        ],
      },
    ],
  };
};

/** The verification line: the absolute link, to type or follow (the QR code carries the same). */
const verificationLine = (url: string | null | undefined, what: string): Content[] =>
  url
    ? [
        {
          text: [`Verifique a autenticidade ${what} em `, { text: url, link: url, color: '#0e3a5c' }, '.'],
          fontSize: 8,
          margin: [0, 4, 0, 0],
        },
      ]
    : [];

/** The end of a policy or endorsement: the closing block, then the verification line. */
export const documentClosing = async (d: ClosingData): Promise<Content[]> => [
  await closingBlock(d),
  ...verificationLine(d.verificationUrl, d.verifies),
];
