import { formatDate, formatMoney, toDec } from '@aval/domain';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import { renderPdf } from '../../lib/pdf.js';
import type { InsurerProfile } from '../parameterisation/index.js';
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

/** What the endorsement document prints (issue 16): values from the approved endorsement and its policy. */
export type EndorsementDocumentData = {
  insurer: InsurerProfile;
  branchCode: string;
  policyNumber: string;
  proposalNumber: number;
  /** 1, 2, … within the policy. */
  endorsementNumber: number;
  kind: 'change' | 'cancellation';
  typeName: string;
  reason: string;
  issuedAt: Date;
  modality: string;
  modalityGroup: string;
  policyHolder: PartyData;
  insured: PartyData | null;
  effectiveDate: string;
  startDate: string;
  endDate: string;
  insuredAmount: string;
  /** Only the fields that changed (labels and values as the comparison shows them). */
  changes: { label: string; oldValue: string | null; newValue: string | null }[];
  premium: {
    kind: 'extra' | 'restitution' | 'none';
    extraPremium: string;
    iofValue: string;
    restitution: string;
    newInsurancePremium: string;
  };
  /** The boletos of an extra premium. */
  installments: { number: number; dueDate: string; amount: string; digitableLine?: string | null }[];
  /** The endorsement text with every TAG_* and NR_APOLICE already replaced. */
  text: string;
  /** The policy's brokers (the consumer information names their SUSEP registration). */
  brokers: { name: string; susep: string }[];
  /** The policy's public verification page (absolute), printed and as a QR code. */
  verificationUrl?: string | null;
};

/** Type, reason, effective date, modality, term and the insured amount (cancelled, for a cancellation). */
const endorsementDataTable = (d: EndorsementDocumentData): Content =>
  dataTable(
    [
      [
        field('Tipo', d.typeName),
        field('Motivo', d.reason),
        field('Data de efeito', formatDate(d.effectiveDate)),
      ],
      [
        field('Modalidade', d.modality),
        field('Grupo', d.modalityGroup),
        field('Vigência', `${formatDate(d.startDate)} a ${formatDate(d.endDate)}`),
      ],
    ],
    d.kind === 'cancellation' ? 'Importância segurada cancelada' : 'Importância segurada',
    d.insuredAmount,
  );

/** The changed fields, from and to; nothing when none changed. */
const changesSection = (changes: EndorsementDocumentData['changes']): Content[] =>
  changes.length
    ? [
        section('Alterações'),
        headedTable(
          [130, '*', '*'],
          ['Campo', 'De', 'Para'],
          changes.map((c) => [c.label, c.oldValue ?? '—', c.newValue ?? '—']),
        ),
      ]
    : [];

/** The premium's one row: the extra premium with its IOF and total, the restitution, or no difference. */
const premiumCells = ({ premium: p }: EndorsementDocumentData): TableCell[] => {
  if (p.kind === 'extra')
    return [
      field('Prêmio adicional', formatMoney(p.extraPremium)),
      field('IOF', formatMoney(p.iofValue)),
      field('Total a pagar', {
        text: formatMoney(toDec(p.extraPremium).plus(toDec(p.iofValue)).toFixed(2)),
        bold: true,
      }),
    ];
  if (p.kind === 'restitution')
    return [
      field('Prêmio a restituir', { text: formatMoney(p.restitution), bold: true }),
      field('Novo prêmio comercial', formatMoney(p.newInsurancePremium)),
      { text: '' },
    ];
  return [field('Diferença de prêmio', 'Sem diferença de prêmio'), { text: '' }, { text: '' }];
};

/** The boletos of an extra premium with their linha digitável; nothing without one. */
const slipsTable = (installments: EndorsementDocumentData['installments']): Content[] =>
  installments.length
    ? [
        headedTable(
          [50, 70, 80, '*'],
          ['Parcela', 'Vencimento', 'Valor', 'Linha digitável do boleto'],
          installments.map((p) => [
            String(p.number),
            formatDate(p.dueDate),
            formatMoney(p.amount),
            p.digitableLine ?? '—',
          ]),
          { margin: [0, 4, 0, 0] },
        ),
      ]
    : [];

/** The endorsement document: the policy's letterhead and parties, the changes, the premium and the text. */
export const renderEndorsementDocument = async (d: EndorsementDocumentData): Promise<Buffer> => {
  const title = `Endosso nº ${d.endorsementNumber} da apólice ${d.policyNumber}`;
  return renderPdf({
    info: { title, author: d.insurer.name },
    footerText: `${title} – ${d.insurer.name}`,
    content: [
      ...header(d.insurer, d.branchCode, 'ENDOSSO DE SEGURO GARANTIA', [
        { text: `Endosso nº ${d.endorsementNumber}`, bold: true },
        { text: `Apólice nº ${d.policyNumber}`, bold: true },
        `Proposta nº ${d.proposalNumber}`,
      ]),
      section('Dados do endosso'),
      endorsementDataTable(d),
      ...partiesSections(d.policyHolder, d.insured),
      ...changesSection(d.changes),
      section('Prêmio'),
      ruledTable({ widths: ['*', '*', '*'], body: [premiumCells(d)] }),
      ...slipsTable(d.installments),
      section('Texto do endosso'),
      { text: d.text, alignment: 'justify' },
      {
        text: 'Ratificam-se os demais termos e condições da apólice não alterados por este endosso.',
        margin: [0, 10, 0, 0],
      },
      ...(await documentClosing({
        ...d,
        issued: `Endosso emitido em ${brasiliaTime(d.issuedAt)}.`,
        verifies: 'da apólice e de seus endossos',
      })),
    ],
  });
};
