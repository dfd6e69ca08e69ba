import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../shared/dates.js';
import { Dec } from '../shared/decimal.js';
import {
  BOLETO_MAX_AMOUNT,
  barcodeToDigitableLine,
  boletoMessages,
  buildBoleto,
  digitableLineToBarcode,
  dueDateCandidates,
  dueDateFactor,
  dueDateFromFactor,
  fitsBoleto,
  formatDigitableLine,
  isValidDigitableLine,
  parseBarcode,
  parseDigitableLine,
} from './boleto.js';
import { modulo10, modulo11Boleto } from './modulo.js';

const LINE = '23791.10006 60000.000079 89010.200304 4 68270000028990';
const BARCODE = '23794682700000289901100060000000078901020030';

describe('modulo 10 and 11', () => {
  it('should compute FEBRABAN check digits when given the vector fields', () => {
    expect(modulo10('237911000')).toBe(6);
    expect(modulo10('6000000007')).toBe(9);
    expect(modulo10('8901020030')).toBe(4);
    expect(modulo10('0')).toBe(0);
    expect(modulo11Boleto(BARCODE.slice(0, 4) + BARCODE.slice(5))).toBe(4);
    expect(modulo11Boleto('0')).toBe(1);
    expect(() => modulo10('12a')).toThrow(RangeError);
    expect(() => modulo11Boleto('12a')).toThrow(RangeError);
  });
});

describe('due date factor', () => {
  it('should count days from 07/10/1997 and restart at 1000 on 22/02/2025', () => {
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-02-23')).toBe(1001);
    expect(dueDateFactor(addDays('2025-02-22', 9000))).toBe(1000);
    expect(() => dueDateFactor('1999-01-01')).toThrow(RangeError);
  });

  it('should pick the cycle nearest the reference date when reading a factor back', () => {
    expect(dueDateCandidates(1000)).toEqual(['2000-07-03', '2025-02-22', addDays('2025-02-22', 9000)]);
    expect(dueDateFromFactor(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFactor(1000, '2025-03-01')).toBe('2025-02-22');
    expect(dueDateFromFactor(6827, '2016-01-01')).toBe('2016-06-16');
    expect(dueDateFromFactor(6827, '2040-01-01')).toBe(addDays('2016-06-16', 9000));
    expect(dueDateFromFactor(0, '2025-01-01')).toBeUndefined();
    expect(dueDateCandidates(10000)).toEqual([]);
  });
});

describe('boleto', () => {
  it('should parse the domain.md §8 vector into its barcode and parts', () => {
    const parsed = parseDigitableLine(LINE, { referenceDate: '2016-06-01' });
    expect(parsed).toEqual({
      ok: true,
      value: {
        barcode: BARCODE,
        digitableLineDigits: '23791100066000000007989010200304468270000028990',
        digitableLine: LINE,
        bankCode: '237',
        currencyCode: '9',
        dueDateFactor: 6827,
        dueDate: '2016-06-16',
        amount: '289.90',
        freeField: '1100060000000078901020030',
      },
    });
    expect(digitableLineToBarcode(LINE)).toBe(BARCODE);
    expect(formatDigitableLine(barcodeToDigitableLine(BARCODE))).toBe(LINE);
    expect(isValidBoleto(LINE.replace(/\D/g, ''))).toBe(true);
  });

  it('should build the vector back from bank, due date, amount and free field', () => {
    const boleto = buildBoleto({
      bankCode: '237',
      dueDate: '2016-06-16',
      amount: '289.90',
      freeField: '1100060000000078901020030',
    });
    expect(boleto.barcode).toBe(BARCODE);
    expect(boleto.digitableLine).toBe(LINE);
    expect(boleto.dueDateFactor).toBe(6827);
  });

  it('should build boletos after the factor restart and without due date', () => {
    const boleto = buildBoleto({
      bankCode: '001',
      dueDate: '2025-03-10',
      amount: 1500,
      freeField: '0'.repeat(25),
    });
    expect(boleto.dueDateFactor).toBe(1016);
    const parsed = parseBarcode(boleto.barcode, { referenceDate: '2025-03-01' });
    expect(parsed.ok && parsed.value.dueDate).toBe('2025-03-10');
    expect(parsed.ok && parsed.value.amount).toBe('1500.00');
    const noDue = buildBoleto({ bankCode: '001', amount: '0', freeField: '1'.repeat(25) });
    expect(noDue.dueDateFactor).toBe(0);
    expect(noDue.dueDate).toBeUndefined();
    expect(parseDigitableLine(noDue.digitableLine)).toMatchObject({
      ok: true,
      value: { dueDate: undefined },
    });
  });

  it('should reject bad input when building', () => {
    const ok = { bankCode: '237', amount: 1, freeField: '0'.repeat(25) };
    expect(() => buildBoleto({ ...ok, bankCode: '23' })).toThrow(RangeError);
    expect(() => buildBoleto({ ...ok, currencyCode: '10' })).toThrow(RangeError);
    expect(() => buildBoleto({ ...ok, freeField: '123' })).toThrow(RangeError);
    expect(() => buildBoleto({ ...ok, amount: '1.001' })).toThrow(RangeError);
    expect(() => buildBoleto({ ...ok, amount: '-1' })).toThrow(RangeError);
    expect(() => buildBoleto({ ...ok, amount: '100000000' })).toThrow(RangeError);
    expect(() => barcodeToDigitableLine('123')).toThrow(RangeError);
    expect(() => digitableLineToBarcode('123')).toThrow(RangeError);
  });

  it('should explain in pt-BR why a line or barcode is invalid', () => {
    expect(parseDigitableLine('123')).toEqual({
      ok: false,
      reason: 'Linha digitável inválida: deve ter 47 dígitos.',
    });
    expect(parseDigitableLine(LINE.replace('10006', '10007'))).toEqual({
      ok: false,
      reason: 'Linha digitável inválida: dígito verificador do campo 1 incorreto.',
    });
    expect(parseDigitableLine(LINE.replace('60000.000079', '60000.000078'))).toEqual({
      ok: false,
      reason: 'Linha digitável inválida: dígito verificador do campo 2 incorreto.',
    });
    expect(parseDigitableLine(LINE.replace('200304', '200305'))).toEqual({
      ok: false,
      reason: 'Linha digitável inválida: dígito verificador do campo 3 incorreto.',
    });
    expect(parseDigitableLine(LINE.replace(' 4 ', ' 5 '))).toEqual({
      ok: false,
      reason: 'Dígito verificador geral inválido.',
    });
    expect(parseBarcode('1')).toEqual({
      ok: false,
      reason: 'Código de barras inválido: deve ter 44 dígitos.',
    });
    expect(isValidDigitableLine(LINE)).toBe(true);
    expect(isValidDigitableLine('x')).toBe(false);
  });

  it('should round-trip build → parse for any bank, date, amount and free field', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 0, max: 9000 }),
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 25, maxLength: 25 }),
        (bank, offset, cents, freeField) => {
          const dueDate = addDays('2020-01-01', offset);
          const amount = new Dec(cents.toString()).dividedBy(100).toFixed(2);
          const built = buildBoleto({ bankCode: String(bank).padStart(3, '0'), dueDate, amount, freeField });
          const parsed = parseDigitableLine(built.digitableLine, { referenceDate: dueDate });
          expect(parsed).toEqual({ ok: true, value: built });
        },
      ),
    );
  });
});

describe('the most a boleto holds', () => {
  it('should fit up to R$ 99.999.999,99 and say the installment passes it above', () => {
    expect(fitsBoleto('99999999.99')).toBe(true);
    expect(fitsBoleto('100000000.00')).toBe(false);
    expect(fitsBoleto('-1')).toBe(false);
    expect(BOLETO_MAX_AMOUNT).toBe('99999999.99');
    expect(boletoMessages.amountAbove('R$ 100.000.000,00')).toBe(
      'O valor da parcela (R$ 100.000.000,00) passa do máximo de um boleto (R$ 99.999.999,99).',
    );
  });
});
