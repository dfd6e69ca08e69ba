import { formatDate, formatMoney } from '@aval/domain';
import type { Content, Table } from 'pdfmake/interfaces.js';
import { renderPdf } from '../../lib/pdf.js';
import type { InsurerProfile } from '../parameterisation/index.js';
import { field, headedTable, ruledTable, section, brasiliaTime as when } from './pdf-blocks.js';

export type IssuanceReportData = {
  insurer: InsurerProfile;
  proposalNumber: number;
  statusLabel: string;
  policyNumber?: string | null;
  modality: string;
  policyHolder: string;
  insured: string | null;
  broker: string;
  insuredAmount: string | null;
  premium: string | null;
  generatedAt: Date;
  generatedBy: string;
  engineLogs: { engine: string; approved: boolean; message: string; at: Date }[];
  timeline: { at: Date; who: string; step: string; status: string; description: string }[];
  history: { at: Date; who: string; field: string; oldValue: string; newValue: string }[];
  installments: {
    number: number;
    dueDate: string;
    amount: string;
    status: string;
    paidAt?: Date | null;
    source?: string | null;
  }[];
};

/** The proposal and its policy at a glance: status, modality, parties, IS and premium. */
const summaryTable = (d: IssuanceReportData): Content =>
  ruledTable({
    widths: ['*', '*'],
    body: [
      [
        field('Proposta', `nº ${d.proposalNumber} – ${d.statusLabel}`),
        field('Apólice', d.policyNumber ?? 'Não emitida'),
      ],
      [field('Modalidade', d.modality), field('Corretora', d.broker)],
      [field('Tomador', d.policyHolder), field('Segurado', d.insured ?? '—')],
      [
        field('Importância segurada', d.insuredAmount ? formatMoney(d.insuredAmount) : '—'),
        field('Prêmio', d.premium ? formatMoney(d.premium) : '—'),
      ],
    ],
  });

/** A table with a header row of labels, or a line saying there is nothing when it has no rows. */
const listTable = (widths: Table['widths'], labels: string[], rows: string[][], none?: string): Content =>
  none !== undefined && !rows.length ? { text: none, italics: true } : headedTable(widths, labels, rows);

const installmentRows = (installments: IssuanceReportData['installments']): string[][] =>
  installments.map((p) => [
    String(p.number),
    formatDate(p.dueDate),
    formatMoney(p.amount),
    p.status,
    p.paidAt
      ? `${when(p.paidAt)} (${p.source === 'return-file' ? 'arquivo de retorno' : 'confirmado pela seguradora'})`
      : '—',
  ]);

/** Laudo de emissão: validations (engine log), approvals and every step, with who and when. */
export const renderIssuanceReport = (d: IssuanceReportData): Promise<Buffer> =>
  renderPdf({
    info: { title: `Laudo de emissão da proposta ${d.proposalNumber}`, author: d.insurer.name },
    footerText: `Laudo de emissão – proposta ${d.proposalNumber}`,
    content: [
      { text: d.insurer.name, bold: true, fontSize: 12 },
      { text: 'LAUDO DE EMISSÃO', bold: true, fontSize: 11, margin: [0, 2, 0, 8] },
      summaryTable(d),
      section('Validações automáticas (motores)'),
      listTable(
        [90, 60, '*', 90],
        ['Motor', 'Resultado', 'Mensagem', 'Quando'],
        d.engineLogs.map((l) => [l.engine, l.approved ? 'Aprovado' : 'Pendente', l.message, when(l.at)]),
        'Nenhuma validação automática registrada.',
      ),
      section('Aprovações e andamento (linha do tempo)'),
      listTable(
        [85, 80, 70, 55, '*'],
        ['Quando', 'Quem', 'Etapa', 'Situação', 'Descrição'],
        d.timeline.map((t) => [when(t.at), t.who, t.step, t.status, t.description]),
      ),
      section('Alterações registradas'),
      listTable(
        [85, 80, 80, '*', '*'],
        ['Quando', 'Quem', 'Campo', 'De', 'Para'],
        d.history.map((h) => [when(h.at), h.who, h.field, h.oldValue, h.newValue]),
        'Nenhuma alteração registrada.',
      ),
      section('Parcelas e pagamentos'),
      listTable(
        [40, 70, 80, 60, '*'],
        ['Parcela', 'Vencimento', 'Valor', 'Situação', 'Pagamento'],
        installmentRows(d.installments),
        'Nenhuma parcela gerada.',
      ),
      {
        text: `Gerado em ${when(d.generatedAt)} por ${d.generatedBy}.`,
        margin: [0, 14, 0, 0],
        fontSize: 8,
        italics: true,
      },
    ],
  });
