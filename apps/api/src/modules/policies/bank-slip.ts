import {
  bankCodeWithCheckDigit,
  buildBoleto,
  buildPixBrCode,
  formatAddress,
  formatDate,
  formatMoney,
  maskCpfCnpj,
  modulo10,
  onlyDigits,
  parseBarcode,
  toDec,
} from '@aval/domain';
import bwipjs from 'bwip-js';
import type { Content } from 'pdfmake/interfaces.js';
import { barcodeImage, qrImage, renderPdf } from '../../lib/pdf.js';
import type { InsurerProfile } from '../parameterisation/index.js';
import type { PartyData } from './pdf-blocks.js';

export type BankSlipRequest = {
  /** Numeric "nosso número" the provider identifies the slip by (8 digits for the local one). */
  ourNumber: string;
  dueDate: string;
  amount: string;
  beneficiary: InsurerProfile;
  payer: PartyData;
  installment: { number: number; of: number };
  proposalNumber: number;
  description: string;
  /** When the boleto was booked: its "Data do documento", the same on every render of it. */
  documentDate: Date;
  /** The slip's instructions (what paying does; default: the premium, not to be received late). */
  instructions?: string;
  /** File name stem of the stored PDF (default `proposta-{number}`). */
  fileStem?: string;
};

export type IssuedBankSlip = {
  providerCode: string;
  ourNumber: string;
  barcode: string;
  digitableLine: string;
  pixPayload: string;
  pdf: Buffer;
};

/** One paid slip of a bank return file. */
export type BankReturnEntry = { ourNumber: string; paidAt: string; paidAmount: string };

/**
 * Who issues boletos and reads the bank's return files. The local generator below serves the
 * demo and the tests; a bank's (CNAB 240/400 through its API) implements the same two calls.
 */
export type BankSlipProvider = {
  code: string;
  /** Registers the slip: our number, barcode, linha digitável and Pix payload (no document yet). */
  issue: (request: BankSlipRequest) => Promise<Omit<IssuedBankSlip, 'pdf'>>;
  /** The slip's PDF (may be rendered later, e.g. on first download). */
  render: (request: BankSlipRequest, slip: Omit<IssuedBankSlip, 'pdf'>) => Promise<Buffer>;
  /** Throws an Error with a pt-BR message on a malformed file. */
  parseReturnFile: (content: string) => BankReturnEntry[];
};

/** bwip-js's options for a boleto's Interleaved 2 of 5 (the PDF's and the PNG's). */
const itfOptions = (barcode: string, options: { scale?: number; height?: number } = {}) => ({
  bcid: 'interleaved2of5',
  text: barcode,
  scale: options.scale ?? 2,
  height: options.height ?? 13,
  includetext: false,
  paddingwidth: 10,
  paddingheight: 4,
});

/** Interleaved 2 of 5 of a 44-digit barcode as PNG (bwip-js accepts odd lengths: check first). */
export const renderBarcodePng = (barcode: string, options: { scale?: number; height?: number } = {}) => {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('the boleto barcode must have exactly 44 digits');
  if (!parseBarcode(barcode).ok) throw new RangeError('the boleto barcode check digit does not match');
  return bwipjs.toBuffer(itfOptions(barcode, options));
};

/** The carteira's fields, zero-padded, and the our number's DAC (modulo 10 of agency + account + wallet + number). */
const walletFields = (bank: InsurerProfile['bank'], ourNumber: string) => {
  const n = ourNumber.padStart(8, '0');
  if (!/^\d{8}$/.test(n)) throw new RangeError('our number must have up to 8 digits');
  const agency = bank.agency.padStart(4, '0');
  const account = bank.account.padStart(5, '0');
  const wallet = bank.wallet.padStart(3, '0');
  return { n, agency, account, wallet, dac: modulo10(agency + account + wallet + n) };
};

/**
 * Free field of a carteira-109 style slip (25 digits): wallet (3), our number (8), DAC of agency +
 * account + wallet + our number, agency (4), account (5), DAC of agency + account, 000.
 */
export const localFreeField = (bank: InsurerProfile['bank'], ourNumber: string) => {
  const { n, agency, account, wallet, dac } = walletFields(bank, ourNumber);
  return `${wallet}${n}${dac}${agency}${account}${modulo10(agency + account)}000`;
};

/** The "nosso número" as the slip prints it: wallet/number-DAC (e.g. 109/00000042-7). */
export const printedOurNumber = (bank: InsurerProfile['bank'], ourNumber: string) => {
  const { n, wallet, dac } = walletFields(bank, ourNumber);
  return `${wallet}/${n}-${dac}`;
};

const cell = (title: string, value: Content, extra: object = {}): Content => ({
  stack: [{ text: title, fontSize: 6, color: '#444444' }, value],
  ...extra,
});

const boletoPdf = async (r: BankSlipRequest, slip: Omit<IssuedBankSlip, 'pdf'>) => {
  const b = r.beneficiary;
  const bankHeader = (right: string): Content => ({
    columns: [
      { text: b.bank.name, bold: true, width: 150 },
      { text: bankCodeWithCheckDigit(b.bank.code), bold: true, width: 50, fontSize: 12 },
      { text: right, alignment: 'right', bold: true, fontSize: 10 },
    ],
    margin: [0, 0, 0, 2],
  });
  const payer = [
    `${r.payer.name} – CNPJ/CPF ${maskCpfCnpj(r.payer.document)}`,
    formatAddress(r.payer.address),
  ]
    .filter(Boolean)
    .join('\n');
  const ourNumber = printedOurNumber(b.bank, slip.ourNumber);
  const beneficiary = `${b.name} – CNPJ ${maskCpfCnpj(b.cnpj)}`;
  const grid = (rows: Content[][]): Content => ({
    table: { widths: ['*', 110], body: rows as never },
    layout: 'thinGrid',
  });
  return renderPdf({
    info: {
      title: `Boleto ${r.installment.number}/${r.installment.of} – proposta ${r.proposalNumber}`,
      author: b.name,
    },
    footerText: `Boleto – proposta ${r.proposalNumber}`,
    content: [
      { text: 'Recibo do pagador', bold: true, margin: [0, 0, 0, 4] },
      bankHeader(slip.digitableLine),
      grid([
        [cell('Beneficiário', beneficiary), cell('Vencimento', { text: formatDate(r.dueDate), bold: true })],
        [cell('Pagador', payer), cell('Valor do documento', { text: formatMoney(r.amount), bold: true })],
        [
          cell('Referência', `${r.description} – parcela ${r.installment.number} de ${r.installment.of}`),
          cell('Nosso número', ourNumber),
        ],
      ]),
      {
        text: '- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - corte aqui - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -',
        alignment: 'center',
        fontSize: 6,
        margin: [0, 12, 0, 12],
      },
      { text: 'Ficha de compensação', bold: true, margin: [0, 0, 0, 4] },
      bankHeader(slip.digitableLine),
      grid([
        [
          cell(
            'Local de pagamento',
            'Pagável em qualquer banco ou pelo Pix (QR Code ao lado) até o vencimento',
          ),
          cell('Vencimento', { text: formatDate(r.dueDate), bold: true }),
        ],
        [
          cell('Beneficiário', beneficiary),
          cell('Agência/Código do beneficiário', `${b.bank.agency}/${b.bank.account}`),
        ],
        [
          cell('Data do documento / Espécie / Aceite', `${formatDate(r.documentDate)} – DS – N`),
          cell('Nosso número', ourNumber),
        ],
        [
          cell(
            'Instruções',
            r.instructions ??
              `Prêmio de seguro garantia – proposta nº ${r.proposalNumber}, parcela ${r.installment.number} de ${r.installment.of}. Não receber após o vencimento sem consultar a seguradora.`,
          ),
          cell('(=) Valor do documento', { text: formatMoney(r.amount), bold: true }),
        ],
        [
          cell('Pagador', `${payer}`),
          cell('Pix', { image: qrImage(slip.pixPayload), width: 90, margin: [0, 2, 0, 2] }),
        ],
      ]),
      { image: barcodeImage(itfOptions(slip.barcode)), width: 400, height: 48, margin: [0, 8, 0, 2] },
      { text: 'Autenticação mecânica – Ficha de compensação', fontSize: 6, alignment: 'right' },
    ],
  });
};

const parseDate = (v: string) => {
  const t = v.trim();
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  if (br) return `${br[3]}-${br[2]}-${br[1]}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return t;
  return undefined;
};

/**
 * The built-in generator: FEBRABAN barcode and linha digitável from @aval/domain with a carteira
 * free field, a static Pix BR Code with the amount and the our number as txid, and the PDF. Its
 * return file is text, one paid slip per line: `nosso número;data do pagamento;valor pago`
 * (date DD/MM/YYYY or YYYY-MM-DD, value with comma or dot); blank lines and lines starting
 * with `#` are ignored.
 */
export const localBankSlipProvider: BankSlipProvider = {
  code: 'local',
  issue: async (r) => {
    const boleto = buildBoleto({
      bankCode: r.beneficiary.bank.code,
      dueDate: r.dueDate,
      amount: r.amount,
      freeField: localFreeField(r.beneficiary.bank, r.ourNumber),
    });
    const pixPayload = buildPixBrCode({
      key: r.beneficiary.pixKey,
      merchantName: r.beneficiary.name,
      merchantCity: r.beneficiary.address.city,
      amount: r.amount,
      txid: `AVAL${r.ourNumber}`,
      description: `Proposta ${r.proposalNumber} parcela ${r.installment.number}`,
    });
    return {
      providerCode: 'local',
      ourNumber: r.ourNumber.padStart(8, '0'),
      barcode: boleto.barcode,
      digitableLine: boleto.digitableLine,
      pixPayload,
    };
  },
  render: (r, slip) => boletoPdf(r, slip),
  parseReturnFile: (content) => {
    const entries: BankReturnEntry[] = [];
    content.split(/\r?\n/).forEach((raw, i) => {
      const line = raw.trim();
      if (!line || line.startsWith('#')) return;
      const [our, date, value] = line.split(';').map((x) => x.trim());
      const paidAt = date ? parseDate(date) : undefined;
      const amount = value?.includes(',') ? value.replace(/\./g, '').replace(',', '.') : value;
      if (
        !our ||
        !/^\d{1,8}$/.test(onlyDigits(our)) ||
        !paidAt ||
        !amount ||
        !/^\d+(\.\d{1,2})?$/.test(amount)
      )
        throw new Error(`Linha ${i + 1} do arquivo de retorno inválida: use "nosso número;data;valor".`);
      entries.push({
        ourNumber: onlyDigits(our).padStart(8, '0'),
        paidAt,
        paidAmount: toDec(amount).toFixed(2),
      });
    });
    return entries;
  },
};

const providers = new Map<string, BankSlipProvider>([[localBankSlipProvider.code, localBankSlipProvider]]);

/** Registers another provider (a bank's) under its code. */
export const registerBankSlipProvider = (p: BankSlipProvider) => providers.set(p.code, p);

export const bankSlipProvider = (code = 'local'): BankSlipProvider => {
  const p = providers.get(code);
  if (!p) throw new Error(`no bank slip provider ${code}`);
  return p;
};
