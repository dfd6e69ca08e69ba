import {
  type CcgSignatoryRoleId,
  ccgSignatoryRoleLabels,
  formatAddress,
  formatDate,
  maskCpfCnpj,
} from '@aval/domain';
import type { Content } from 'pdfmake/interfaces.js';
import { renderPdf } from '../../lib/pdf.js';
import type { InsurerProfile } from '../parameterisation/index.js';

/** What the CCG prints: the parties, who signs, and the date it was prepared. */
export type CcgDocumentData = {
  insurer: InsurerProfile;
  holder: { name: string; document: string; address: string | null };
  signatories: { name: string; cpf: string; roleId: number; spouseOfCpf: string | null }[];
  preparedAt: Date;
  reference: string;
};

const clause = (n: number, title: string, text: string): Content => ({
  stack: [
    { text: `Cláusula ${n}ª – ${title}`, bold: true, margin: [0, 8, 0, 2] },
    { text, alignment: 'justify' },
  ],
});

const signatureBlock = (s: CcgDocumentData['signatories'][number]): Content => ({
  unbreakable: true,
  stack: [
    { text: ' ', margin: [0, 18, 0, 0] },
    { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 240, y2: 0, lineWidth: 0.5 }] },
    { text: s.name, bold: true, margin: [0, 2, 0, 0] },
    { text: `CPF ${maskCpfCnpj(s.cpf)} · ${ccgSignatoryRoleLabels[s.roleId as CcgSignatoryRoleId] ?? ''}` },
    ...(s.spouseOfCpf ? [{ text: `Cônjuge do avalista de CPF ${maskCpfCnpj(s.spouseOfCpf)}` }] : []),
  ],
});

/** The contract's clauses, numbered in this order. */
const CLAUSES: [title: string, text: string][] = [
  [
    'Objeto',
    'Este contrato rege as apólices de seguro garantia que a SEGURADORA emitir, a pedido do TOMADOR, em favor de segurados por ele indicados, durante a sua vigência. O TOMADOR se obriga a ressarcir à SEGURADORA todo valor que ela vier a pagar em razão dessas apólices (indenizações, despesas de regulação e custas), sub-rogando-se a SEGURADORA nos direitos do segurado.',
  ],
  [
    'Ressarcimento',
    'O ressarcimento é devido em até 5 (cinco) dias úteis da notificação da SEGURADORA, acrescido de correção monetária pelo IPCA e juros de 1% (um por cento) ao mês desde a data do pagamento pela SEGURADORA.',
  ],
  [
    'Obrigações do tomador',
    'O TOMADOR informará à SEGURADORA, no prazo de 10 (dez) dias, qualquer alteração de seu contrato social, de seu controle ou de sua situação econômico-financeira, e qualquer fato que possa dar causa a uma reclamação de sinistro.',
  ],
  [
    'Avalistas',
    'Os AVALISTAS, quando houver, respondem solidariamente com o TOMADOR por todas as obrigações deste contrato, renunciando ao benefício de ordem. O cônjuge do avalista casado assina este contrato dando a sua outorga.',
  ],
  [
    'Vigência',
    'Este contrato vigora por prazo indeterminado e subsiste enquanto houver responsabilidade da SEGURADORA em qualquer apólice emitida a pedido do TOMADOR, ou obrigação de ressarcimento pendente.',
  ],
  ['Foro', 'Fica eleito o foro da comarca da sede do TOMADOR para dirimir as questões deste contrato.'],
];

/** The parties: the insurer, the holder (represented by its partners) and the guarantors, if any. */
const partiesBlock = (d: CcgDocumentData): Content[] => {
  const insurerAddress = formatAddress(d.insurer.address);
  const guarantors = d.signatories.filter((s) => s.roleId !== 1);
  return [
    { text: 'Partes', bold: true, margin: [0, 0, 0, 4] },
    {
      text: [
        { text: 'SEGURADORA: ', bold: true },
        `${d.insurer.name}, CNPJ ${maskCpfCnpj(d.insurer.cnpj)}, código SUSEP ${d.insurer.susepCode}, com sede na ${insurerAddress}.`,
      ],
    },
    {
      margin: [0, 4, 0, 0],
      text: [
        { text: 'TOMADOR: ', bold: true },
        `${d.holder.name}, CNPJ ${maskCpfCnpj(d.holder.document)}${d.holder.address ? `, com sede na ${d.holder.address}` : ''}, representado por seus sócios com poderes abaixo assinados.`,
      ],
    },
    ...(guarantors.length
      ? [
          {
            margin: [0, 4, 0, 0],
            text: [
              { text: 'AVALISTAS: ', bold: true },
              guarantors.map((g) => `${g.name}, CPF ${maskCpfCnpj(g.cpf)}`).join('; '),
              '.',
            ],
          } as Content,
        ]
      : []),
  ];
};

/**
 * The counter-guarantee contract (contrato de contragarantia) the holder and its guarantors sign
 * before the insurer issues surety policies for the holder: the holder reimburses what the insurer
 * pays under those policies (Lei 15.040/2024 art. 2 and Circular SUSEP 662/2022 art. 22, the
 * insurer's right to recover from the holder), with the guarantors jointly liable.
 */
export const renderCcgDocument = (d: CcgDocumentData) =>
  renderPdf({
    info: { title: `Contrato de contragarantia – ${d.holder.name}` },
    footerText: `CCG ${d.reference}`,
    content: [
      { text: 'CONTRATO DE CONTRAGARANTIA (CCG)', fontSize: 14, bold: true, alignment: 'center' },
      {
        text: 'Seguro garantia: contragarantia e ressarcimento',
        alignment: 'center',
        margin: [0, 2, 0, 12],
      },
      ...partiesBlock(d),
      ...CLAUSES.map(([title, text], i) => clause(i + 1, title, text)),
      { text: `Preparado em ${formatDate(d.preparedAt)}.`, margin: [0, 12, 0, 4] },
      { text: 'Assinaturas', bold: true, margin: [0, 8, 0, 0] },
      ...d.signatories.map(signatureBlock),
      {
        text: 'Assine cada via, envie o arquivo assinado pelo portal (aba Emissão da proposta ou Documentos do tomador) e guarde o original.',
        fontSize: 8,
        color: '#555555',
        margin: [0, 16, 0, 0],
      },
    ],
  });
