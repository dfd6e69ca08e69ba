import { formatDate, formatMoney, maskCpfCnpj } from '@aval/domain';
import type { Content } from 'pdfmake/interfaces.js';
import { renderPdf } from '../../lib/pdf.js';
import { type InsurerProfile, susepProcessOf } from '../parameterisation/index.js';
import {
  brasiliaTime,
  dataTable,
  documentClosing,
  field,
  headedTable,
  header,
  type PartyData,
  partiesSections,
  ruledTable,
  section,
} from './pdf-blocks.js';

/** What the contract draft (minuta) and the policy print: all values already from the proposal. */
export type ContractDocumentData = {
  kind: 'contract-draft' | 'policy';
  insurer: InsurerProfile;
  branchCode: string;
  proposalNumber: number;
  policyNumber?: string | null;
  issuedAt?: Date | null;
  modality: string;
  modalityGroup: string;
  modalitySusepCode?: string | null;
  policyHolder: PartyData;
  insured: PartyData | null;
  brokers: { name: string; document: string; susep: string; leader: boolean; participation?: string }[];
  objects: string[];
  startDate: string;
  endDate: string;
  deadlineDays: number;
  insuredAmount: string;
  netPremium?: string | null;
  premium: string;
  iofValue?: string | null;
  totalPremium: string;
  installments: { number: number; dueDate: string; amount: string }[];
  /** Contractual terms and clauses with every tag already replaced. */
  terms: { typeName: string; title: string; text: string }[];
  /** The public verification page of the policy (absolute, with its code), printed and as a QR code. */
  verificationUrl?: string | null;
};

/**
 * What an issued policy prints, stored with it at issuance (`policies.issued_terms`): its PDF is
 * rendered from this record and the policy row, never from the proposal again.
 */
export type IssuedPolicyTerms = Omit<
  ContractDocumentData,
  'kind' | 'insurer' | 'policyNumber' | 'issuedAt' | 'verificationUrl'
>;

const fold = (x: string) =>
  x
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s–-]+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * A term's heading and text, each said once: the title alone when it already names its type
 * ("Condições Especiais - Executante", not "Condições Especiais – Condições Especiais - …"), and
 * the text without a first line that only repeats the title.
 */
const termBlock = (t: { typeName: string; title: string; text: string }): Content[] => {
  const heading = fold(t.title).startsWith(fold(t.typeName)) ? t.title : `${t.typeName} – ${t.title}`;
  const [first, ...rest] = t.text.split('\n');
  const text = first !== undefined && fold(first) === fold(t.title) ? rest.join('\n').trim() : t.text;
  return [
    { text: heading, bold: true, margin: [0, 6, 0, 2] },
    { text, alignment: 'justify' },
  ];
};

/**
 * What the conditions' heading introduces: the terms, never nothing. A policy is not issued without
 * them (IssueProposal, docs/domain.md §4); a minuta of a modality without any says so, and a policy
 * that recorded none (issued before that rule, or imported) names the conditions that govern it.
 */
const conditionsBlock = (d: ContractDocumentData): Content[] => {
  if (d.terms.length) return d.terms.flatMap(termBlock);
  const text =
    d.kind === 'policy'
      ? `O texto das condições contratuais desta apólice não foi registrado na sua emissão. Valem as condições gerais e especiais do produto do ramo ${d.branchCode}, registrado na SUSEP sob o Processo nº ${susepProcessOf(d.insurer, d.branchCode)}, que a seguradora fornece pelo SAC (${d.insurer.consumer.sac}).`
      : `A modalidade ${d.modality} não tem condições contratuais cadastradas que valham para esta proposta: sem elas, a apólice não é emitida.`;
  return [{ text, alignment: 'justify' }];
};

const contractHeader = (d: ContractDocumentData): Content[] =>
  header(
    d.insurer,
    d.branchCode,
    d.kind === 'policy' ? 'APÓLICE DE SEGURO GARANTIA' : 'MINUTA DE APÓLICE DE SEGURO GARANTIA',
    [
      d.kind === 'policy'
        ? { text: `Apólice nº ${d.policyNumber ?? ''}`, bold: true }
        : { text: 'Documento sem valor de apólice', color: '#B3261E', bold: true },
      `Proposta nº ${d.proposalNumber}`,
    ],
  );

/** Modality, group, SUSEP code (or the product's process), the term and the insured amount. */
const insuranceDataTable = (d: ContractDocumentData): Content =>
  dataTable(
    [
      [
        field('Modalidade', d.modality),
        field('Grupo', d.modalityGroup),
        d.modalitySusepCode
          ? field('Código SUSEP da modalidade', d.modalitySusepCode)
          : field('Processo SUSEP do produto', susepProcessOf(d.insurer, d.branchCode)),
      ],
      [
        field('Início de vigência', `${formatDate(d.startDate)} às 24h`),
        field('Fim de vigência', `${formatDate(d.endDate)} às 24h`),
        field('Prazo', `${d.deadlineDays} dias`),
      ],
    ],
    'Importância segurada',
    d.insuredAmount,
  );

const brokerageTable = (brokers: ContractDocumentData['brokers']): Content =>
  headedTable(
    ['*', 100, 70, 60, 50],
    ['Corretora', 'CNPJ', 'SUSEP', 'Papel', 'Participação'],
    brokers.map((b) => [
      b.name,
      maskCpfCnpj(b.document),
      b.susep,
      b.leader ? 'Líder' : 'Cocorretora',
      b.participation ? `${b.participation.replace('.', ',')} %` : '100 %',
    ]),
  );

/** The premium's parts and total, then its installments. */
const premiumTables = (d: ContractDocumentData): Content[] => [
  ruledTable({
    widths: ['*', '*', '*', '*'],
    body: [
      [
        field('Prêmio líquido', d.netPremium ? formatMoney(d.netPremium) : '—'),
        field('Prêmio comercial', formatMoney(d.premium)),
        field('IOF', formatMoney(d.iofValue ?? '0')),
        field('Prêmio total', { text: formatMoney(d.totalPremium), bold: true }),
      ],
    ],
  }),
  headedTable(
    [60, '*', '*'],
    ['Parcela', 'Vencimento', 'Valor'],
    d.installments.map((p) => [String(p.number), formatDate(p.dueDate), formatMoney(p.amount)]),
    { margin: [0, 4, 0, 0] },
  ),
];

/** The policy says when it was issued and how to verify it; the minuta, that it is for review. */
const contractClosing = (d: ContractDocumentData): Promise<Content[]> =>
  documentClosing({
    ...d,
    issued:
      d.kind === 'policy'
        ? `Apólice emitida em ${d.issuedAt ? brasiliaTime(d.issuedAt) : '—'}.`
        : 'Minuta para conferência das partes: os valores e cláusulas acima serão os da apólice, emitida após a confirmação das condições de emissão.',
    verificationUrl: d.kind === 'policy' ? d.verificationUrl : null,
    verifies: 'desta apólice',
  });

/** Minuta (contract draft) and policy: same layout; the policy carries its number and issue date. */
export const renderContractDocument = async (d: ContractDocumentData): Promise<Buffer> => {
  const body: Content[] = [
    ...contractHeader(d),
    section('Dados do seguro'),
    insuranceDataTable(d),
    ...partiesSections(d.policyHolder, d.insured),
    section('Corretagem'),
    brokerageTable(d.brokers),
    section('Objeto do seguro'),
    ...(d.objects.length ? d.objects : ['Não informado']).map(
      (o) => ({ text: o, margin: [0, 0, 0, 3] }) as Content,
    ),
    section('Prêmio'),
    ...premiumTables(d),
    section('Condições contratuais e cláusulas'),
    ...conditionsBlock(d),
    ...(await contractClosing(d)),
  ];
  const policy = d.kind === 'policy';
  return renderPdf({
    info: {
      title: policy ? `Apólice ${d.policyNumber}` : `Minuta da proposta ${d.proposalNumber}`,
      author: d.insurer.name,
    },
    ...(policy ? {} : { watermark: { text: 'MINUTA', color: '#0e3a5c', opacity: 0.08, bold: true } }),
    footerText: policy
      ? `Apólice ${d.policyNumber} – ${d.insurer.name}`
      : `Minuta – proposta ${d.proposalNumber}`,
    content: body,
  });
};
