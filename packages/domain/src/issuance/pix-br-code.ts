import { type DecimalInput, toDec } from '../shared/decimal.js';

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as 4 upper-case hex digits. */
export const crc16Ccitt = (payload: string): string => {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(payload)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
};

const field = (id: string, value: string) => {
  const length = new TextEncoder().encode(value).length;
  if (length > 99) throw new RangeError(`EMV field ${id} longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
};

/** Upper-case ASCII without accents, as payment apps expect in name and city. */
const plain = (value: string, max: number) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max);

export type PixInput = {
  /** The receiver's Pix key (CNPJ, e-mail, phone, random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Omitted: the payer types the amount. */
  amount?: DecimalInput;
  /** Transaction id (up to 25 letters and digits); `***` when none. */
  txid?: string;
  /** Free text shown to the payer (field 26-02). */
  description?: string;
};

/**
 * Static Pix BR Code (EMV QRCPS-MPM of the Banco Central's Pix manual): payload format, merchant
 * account (GUI `br.gov.bcb.pix`, key, description), MCC 0000, currency 986, amount, country BR,
 * name, city, additional data (txid) and the CRC16 of everything before it, `6304` included.
 */
export const buildPixBrCode = (input: PixInput): string => {
  const txid = (input.txid ?? '***').replace(/[^A-Za-z0-9*]/g, '').slice(0, 25) || '***';
  const account =
    field('00', 'br.gov.bcb.pix') +
    field('01', input.key) +
    (input.description ? field('02', plain(input.description, 40)) : '');
  const amount = input.amount === undefined ? '' : field('54', toDec(input.amount).toFixed(2));
  const body =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16Ccitt(body);
};

/** Whether a BR Code's last 4 characters are the CRC16 of the rest. */
export const isValidPixBrCode = (payload: string): boolean =>
  payload.length > 8 &&
  payload.slice(-8, -4) === '6304' &&
  crc16Ccitt(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();

/** The top-level EMV fields of a payload (id → value). */
export const parseEmv = (payload: string): Map<string, string> => {
  const out = new Map<string, string>();
  let i = 0;
  while (i + 4 <= payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    out.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
};
