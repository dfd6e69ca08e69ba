import {
  BRAZIL_TIME_ZONE,
  formatAddress,
  formatDate,
  formatMoney,
  maskCpfCnpj,
  moneyInWords,
  type TagAddress,
  toDec,
} from '@aval/domain';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { InsurerProfile } from '../../lib/insurer-profile.js';
import { dataUrl, numberedFooter, renderPdf, renderQrPng } from '../../lib/pdf.js';

export type PartyData = {
  name: string;
  document: string;
  address?: TagAddress | null;
};

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

/** A moment as people in Brazil read it, saying the zone: "02/12/2026 às 10:01 (horário de Brasília)". */
export const brasiliaTime = (d: Date) => {
  const [date, time] = d
    .toLocaleString('pt-BR', { timeZone: BRAZIL_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' })
    .split(', ');
  return `${date} às ${time} (horário de Brasília)`;
};
const when = brasiliaTime;

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

/** The SUSEP telephone for the public (Circular SUSEP 642/2021: printed on contractual documents). */
const SUSEP_PUBLIC_SERVICE = '0800 021 8484';

/**
 * The closing block of a policy or endorsement (kept on one page): when it was issued, the
 * consumer information of Circular SUSEP 642/2021 (SUSEP registration of the insurer and the
 * broker, SAC, Ouvidoria, SUSEP's service, the registration notice), the product's SUSEP process
 * and the absolute verification link with its QR code.
 */
const closingBlock = async (d: {
  insurer: InsurerProfile;
  branchCode: string;
  issued: string;
  brokers: { name: string; susep: string }[];
  verificationUrl?: string | null;
  verificationLabel: string;
}): Promise<Content> => {
  const c = d.insurer.consumer;
  const lines: Content[] = [
    { text: d.issued, bold: true, margin: [0, 0, 0, 4] },
    section('Informações ao consumidor'),
    `Seguradora: ${d.insurer.name}, CNPJ ${maskCpfCnpj(d.insurer.cnpj)}, código SUSEP ${d.insurer.susepCode}. ` +
      `Corretor${d.brokers.length > 1 ? 'es' : ''}: ${d.brokers.map((b) => `${b.name}, registro SUSEP ${b.susep}`).join('; ')}.`,
    'A situação cadastral da seguradora e do corretor de seguros pode ser consultada no sítio eletrônico www.susep.gov.br, por meio do número de registro na SUSEP, do nome completo, do CNPJ ou do CPF.',
    `SAC: ${c.sac} · Ouvidoria: ${c.ouvidoria} (${c.email}) · ${c.site}. Atendimento SUSEP ao público: ${SUSEP_PUBLIC_SERVICE} (www.gov.br/susep).`,
    `Seguro garantia regido pela Circular SUSEP nº 662/2022; produto do ramo ${d.branchCode} registrado sob o Processo SUSEP nº ${d.insurer.susepProcess(d.branchCode)}. ` +
      'O registro deste plano na SUSEP não implica, por parte da Autarquia, incentivo ou recomendação à sua comercialização. ' +
      'A aceitação da proposta e a emissão são registradas no SRO (Sistema de Registro de Operações).',
  ];
  if (!d.verificationUrl) return { stack: lines, unbreakable: true, fontSize: 8, margin: [0, 14, 0, 0] };
  const qr = await renderQrPng(d.verificationUrl);
  return {
    unbreakable: true,
    margin: [0, 14, 0, 0],
    fontSize: 8,
    columns: [
      { width: '*', stack: lines },
      {
        width: 96,
        stack: [
          { image: dataUrl(qr), width: 84, alignment: 'center' },
          { text: d.verificationLabel, fontSize: 7, alignment: 'center', margin: [0, 2, 0, 0] },
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

const label = (text: string): Content => ({ text, bold: true, fontSize: 8, color: '#333333' });
const section = (text: string): Content => ({
  text: text.toUpperCase(),
  bold: true,
  fontSize: 10,
  margin: [0, 10, 0, 4],
  color: '#0e3a5c',
});

const partyTable = (title: string, p: PartyData | null): Content => ({
  table: {
    widths: ['*', 140],
    body: [
      [
        { stack: [label(title), p?.name ?? 'Não informado'] },
        { stack: [label('CPF/CNPJ'), p?.document ? maskCpfCnpj(p.document) : '—'] },
      ],
      [{ stack: [label('Endereço'), formatAddress(p?.address) || '—'], colSpan: 2 }, {}],
    ],
  },
  layout: 'lightHorizontalLines',
  margin: [0, 0, 0, 4],
});

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

const partiesSections = (policyHolder: PartyData, insured: PartyData | null): Content[] => [
  section('Tomador'),
  partyTable('Tomador', policyHolder),
  section('Segurado'),
  partyTable('Segurado', insured),
];

/** The insurer's letterhead and the document's title block (policy, minuta, endorsement). */
const header = (insurer: InsurerProfile, branchCode: string, title: string, lines: Content[]): Content[] => [
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
          `Processo SUSEP nº ${insurer.susepProcess(branchCode)}`,
        ],
      },
    ],
  },
  { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 515, y2: 6, lineWidth: 1, lineColor: '#0e3a5c' }] },
];

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

/** Minuta (contract draft) and policy: same layout; the policy carries its number and issue date. */
export const renderContractDocument = async (d: ContractDocumentData): Promise<Buffer> => {
  const brokerRows: TableCell[][] = d.brokers.map((b) => [
    b.name,
    maskCpfCnpj(b.document),
    b.susep,
    b.leader ? 'Líder' : 'Cocorretora',
    b.participation ? `${b.participation.replace('.', ',')} %` : '100 %',
  ]);
  const body: Content[] = [
    ...contractHeader(d),
    section('Dados do seguro'),
    {
      table: {
        widths: ['*', '*', '*'],
        body: [
          [
            { stack: [label('Modalidade'), d.modality] },
            { stack: [label('Grupo'), d.modalityGroup] },
            d.modalitySusepCode
              ? { stack: [label('Código SUSEP da modalidade'), d.modalitySusepCode] }
              : { stack: [label('Processo SUSEP do produto'), d.insurer.susepProcess(d.branchCode)] },
          ],
          [
            { stack: [label('Início de vigência'), `${formatDate(d.startDate)} às 24h`] },
            { stack: [label('Fim de vigência'), `${formatDate(d.endDate)} às 24h`] },
            { stack: [label('Prazo'), `${d.deadlineDays} dias`] },
          ],
          insuredAmountRow('Importância segurada', d.insuredAmount),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    ...partiesSections(d.policyHolder, d.insured),
    section('Corretagem'),
    {
      table: {
        headerRows: 1,
        widths: ['*', 100, 70, 60, 50],
        body: [
          [label('Corretora'), label('CNPJ'), label('SUSEP'), label('Papel'), label('Participação')],
          ...brokerRows,
        ],
      },
      layout: 'lightHorizontalLines',
    },
    section('Objeto do seguro'),
    ...(d.objects.length ? d.objects : ['Não informado']).map(
      (o) => ({ text: o, margin: [0, 0, 0, 3] }) as Content,
    ),
    section('Prêmio'),
    {
      table: {
        widths: ['*', '*', '*', '*'],
        body: [
          [
            { stack: [label('Prêmio líquido'), d.netPremium ? formatMoney(d.netPremium) : '—'] },
            { stack: [label('Prêmio comercial'), formatMoney(d.premium)] },
            { stack: [label('IOF'), formatMoney(d.iofValue ?? '0')] },
            { stack: [label('Prêmio total'), { text: formatMoney(d.totalPremium), bold: true }] },
          ],
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      table: {
        headerRows: 1,
        widths: [60, '*', '*'],
        body: [
          [label('Parcela'), label('Vencimento'), label('Valor')],
          ...d.installments.map((p) => [String(p.number), formatDate(p.dueDate), formatMoney(p.amount)]),
        ],
      },
      layout: 'lightHorizontalLines',
      margin: [0, 4, 0, 0],
    },
    section('Condições contratuais e cláusulas'),
    ...d.terms.flatMap(termBlock),
    await closingBlock({
      insurer: d.insurer,
      branchCode: d.branchCode,
      issued:
        d.kind === 'policy'
          ? `Apólice emitida em ${d.issuedAt ? when(d.issuedAt) : '—'}.`
          : 'Minuta para conferência das partes: os valores e cláusulas acima serão os da apólice, emitida após a confirmação das condições de emissão.',
      brokers: d.brokers,
      verificationUrl: d.kind === 'policy' ? d.verificationUrl : null,
      verificationLabel: 'Autenticidade da apólice',
    }),
    ...verificationLine(d.kind === 'policy' ? d.verificationUrl : null, 'desta apólice'),
  ];
  return renderPdf({
    info: {
      title: d.kind === 'policy' ? `Apólice ${d.policyNumber}` : `Minuta da proposta ${d.proposalNumber}`,
      author: d.insurer.name,
    },
    ...(d.kind === 'contract-draft'
      ? { watermark: { text: 'MINUTA', color: '#0e3a5c', opacity: 0.08, bold: true } }
      : {}),
    footer: numberedFooter(
      d.kind === 'policy'
        ? `Apólice ${d.policyNumber} – ${d.insurer.name}`
        : `Minuta – proposta ${d.proposalNumber}`,
    ),
    content: body,
  });
};

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

/** The endorsement document: the policy's letterhead and parties, the changes, the premium and the text. */
export const renderEndorsementDocument = async (d: EndorsementDocumentData): Promise<Buffer> => {
  const title = `Endosso nº ${d.endorsementNumber} da apólice ${d.policyNumber}`;
  const premiumCells: Content[] =
    d.premium.kind === 'extra'
      ? [
          { stack: [label('Prêmio adicional'), formatMoney(d.premium.extraPremium)] },
          { stack: [label('IOF'), formatMoney(d.premium.iofValue)] },
          {
            stack: [
              label('Total a pagar'),
              {
                text: formatMoney(toDec(d.premium.extraPremium).plus(toDec(d.premium.iofValue)).toFixed(2)),
                bold: true,
              },
            ],
          },
        ]
      : d.premium.kind === 'restitution'
        ? [
            {
              stack: [label('Prêmio a restituir'), { text: formatMoney(d.premium.restitution), bold: true }],
            },
            { stack: [label('Novo prêmio comercial'), formatMoney(d.premium.newInsurancePremium)] },
            { text: '' },
          ]
        : [{ stack: [label('Diferença de prêmio'), 'Sem diferença de prêmio'] }, { text: '' }, { text: '' }];
  return renderPdf({
    info: { title, author: d.insurer.name },
    footer: numberedFooter(`${title} – ${d.insurer.name}`),
    content: [
      ...header(d.insurer, d.branchCode, 'ENDOSSO DE SEGURO GARANTIA', [
        { text: `Endosso nº ${d.endorsementNumber}`, bold: true },
        { text: `Apólice nº ${d.policyNumber}`, bold: true },
        `Proposta nº ${d.proposalNumber}`,
      ]),
      section('Dados do endosso'),
      {
        table: {
          widths: ['*', '*', '*'],
          body: [
            [
              { stack: [label('Tipo'), d.typeName] },
              { stack: [label('Motivo'), d.reason] },
              { stack: [label('Data de efeito'), formatDate(d.effectiveDate)] },
            ],
            [
              { stack: [label('Modalidade'), d.modality] },
              { stack: [label('Grupo'), d.modalityGroup] },
              { stack: [label('Vigência'), `${formatDate(d.startDate)} a ${formatDate(d.endDate)}`] },
            ],
            insuredAmountRow(
              d.kind === 'cancellation' ? 'Importância segurada cancelada' : 'Importância segurada',
              d.insuredAmount,
            ),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...partiesSections(d.policyHolder, d.insured),
      ...(d.changes.length
        ? [
            section('Alterações'),
            {
              table: {
                headerRows: 1,
                widths: [130, '*', '*'],
                body: [
                  [label('Campo'), label('De'), label('Para')],
                  ...d.changes.map((c) => [c.label, c.oldValue ?? '—', c.newValue ?? '—']),
                ],
              },
              layout: 'lightHorizontalLines',
            } as Content,
          ]
        : []),
      section('Prêmio'),
      {
        table: { widths: ['*', '*', '*'], body: [premiumCells as TableCell[]] },
        layout: 'lightHorizontalLines',
      },
      ...(d.installments.length
        ? [
            {
              table: {
                headerRows: 1,
                widths: [50, 70, 80, '*'],
                body: [
                  [label('Parcela'), label('Vencimento'), label('Valor'), label('Linha digitável do boleto')],
                  ...d.installments.map((p) => [
                    String(p.number),
                    formatDate(p.dueDate),
                    formatMoney(p.amount),
                    p.digitableLine ?? '—',
                  ]),
                ],
              },
              layout: 'lightHorizontalLines',
              margin: [0, 4, 0, 0],
            } as Content,
          ]
        : []),
      section('Texto do endosso'),
      { text: d.text, alignment: 'justify' },
      {
        text: 'Ratificam-se os demais termos e condições da apólice não alterados por este endosso.',
        margin: [0, 10, 0, 0],
      },
      await closingBlock({
        insurer: d.insurer,
        branchCode: d.branchCode,
        issued: `Endosso emitido em ${when(d.issuedAt)}.`,
        brokers: d.brokers,
        verificationUrl: d.verificationUrl,
        verificationLabel: 'Autenticidade da apólice',
      }),
      ...verificationLine(d.verificationUrl, 'da apólice e de seus endossos'),
    ],
  });
};

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

/** Laudo de emissão: validations (engine log), approvals and every step, with who and when. */
export const renderIssuanceReport = (d: IssuanceReportData): Promise<Buffer> =>
  renderPdf({
    info: { title: `Laudo de emissão da proposta ${d.proposalNumber}`, author: d.insurer.name },
    footer: numberedFooter(`Laudo de emissão – proposta ${d.proposalNumber}`),
    content: [
      { text: d.insurer.name, bold: true, fontSize: 12 },
      { text: 'LAUDO DE EMISSÃO', bold: true, fontSize: 11, margin: [0, 2, 0, 8] },
      {
        table: {
          widths: ['*', '*'],
          body: [
            [
              { stack: [label('Proposta'), `nº ${d.proposalNumber} – ${d.statusLabel}`] },
              { stack: [label('Apólice'), d.policyNumber ?? 'Não emitida'] },
            ],
            [{ stack: [label('Modalidade'), d.modality] }, { stack: [label('Corretora'), d.broker] }],
            [{ stack: [label('Tomador'), d.policyHolder] }, { stack: [label('Segurado'), d.insured ?? '—'] }],
            [
              {
                stack: [label('Importância segurada'), d.insuredAmount ? formatMoney(d.insuredAmount) : '—'],
              },
              { stack: [label('Prêmio'), d.premium ? formatMoney(d.premium) : '—'] },
            ],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      section('Validações automáticas (motores)'),
      d.engineLogs.length
        ? {
            table: {
              headerRows: 1,
              widths: [90, 60, '*', 90],
              body: [
                [label('Motor'), label('Resultado'), label('Mensagem'), label('Quando')],
                ...d.engineLogs.map((l) => [
                  l.engine,
                  l.approved ? 'Aprovado' : 'Pendente',
                  l.message,
                  when(l.at),
                ]),
              ],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'Nenhuma validação automática registrada.', italics: true },
      section('Aprovações e andamento (linha do tempo)'),
      {
        table: {
          headerRows: 1,
          widths: [85, 80, 70, 55, '*'],
          body: [
            [label('Quando'), label('Quem'), label('Etapa'), label('Situação'), label('Descrição')],
            ...d.timeline.map((t) => [when(t.at), t.who, t.step, t.status, t.description]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      section('Alterações registradas'),
      d.history.length
        ? {
            table: {
              headerRows: 1,
              widths: [85, 80, 80, '*', '*'],
              body: [
                [label('Quando'), label('Quem'), label('Campo'), label('De'), label('Para')],
                ...d.history.map((h) => [when(h.at), h.who, h.field, h.oldValue, h.newValue]),
              ],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'Nenhuma alteração registrada.', italics: true },
      section('Parcelas e pagamentos'),
      d.installments.length
        ? {
            table: {
              headerRows: 1,
              widths: [40, 70, 80, 60, '*'],
              body: [
                [
                  label('Parcela'),
                  label('Vencimento'),
                  label('Valor'),
                  label('Situação'),
                  label('Pagamento'),
                ],
                ...d.installments.map((p) => [
                  String(p.number),
                  formatDate(p.dueDate),
                  formatMoney(p.amount),
                  p.status,
                  p.paidAt
                    ? `${when(p.paidAt)} (${p.source === 'return-file' ? 'arquivo de retorno' : 'confirmado pela seguradora'})`
                    : '—',
                ]),
              ],
            },
            layout: 'lightHorizontalLines',
          }
        : { text: 'Nenhuma parcela gerada.', italics: true },
      {
        text: `Gerado em ${when(d.generatedAt)} por ${d.generatedBy}.`,
        margin: [0, 14, 0, 0],
        fontSize: 8,
        italics: true,
      },
    ],
  });
