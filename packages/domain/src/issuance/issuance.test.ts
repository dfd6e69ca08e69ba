import { describe, expect, it } from 'vitest';
import { buildBoleto, parseBarcode } from '../boleto/boleto.js';
import { buildPixBrCode, crc16Ccitt, isValidPixBrCode, parseEmv } from './pix-br-code.js';
import {
  formatPolicyNumber,
  isValidPolicyNumber,
  parsePolicyNumber,
  policyCheckDigit,
} from './policy-number.js';

describe('policy number', () => {
  it('should compute the modulo-11 check digit with weights 2 to 9 from the right', () => {
    // 0775 2026 0000124 from the right: 4·2+2·3+1·4+6·9+2·2+2·4+5·5+7·6+7·7 = 200; 200 mod 11 = 2 → 9
    expect(policyCheckDigit('077520260000124')).toBe(9);
    // remainders 0 and 1 give 0: …0000123 sums 198 (remainder 0); 10000001 sums 11 (remainder 0)
    expect(policyCheckDigit('077520260000123')).toBe(0);
    expect(policyCheckDigit('10000001')).toBe(0);
    expect(policyCheckDigit('0000010')).toBe(8); // 1·3 = 3, remainder 3 → 8
  });

  it('should format branch, year, sequence and check digit when the parts are valid', () => {
    expect(formatPolicyNumber({ branchCode: '0775', year: 2026, sequence: 124 })).toBe('0775.2026.0000124-9');
    expect(() => formatPolicyNumber({ branchCode: '775', year: 2026, sequence: 1 })).toThrow();
    expect(() => formatPolicyNumber({ branchCode: '0775', year: 2026, sequence: 0 })).toThrow();
  });

  it('should refuse a number whose check digit was changed when parsed', () => {
    expect(parsePolicyNumber('0775.2026.0000124-9')).toEqual({
      branchCode: '0775',
      year: 2026,
      sequence: 124,
    });
    expect(isValidPolicyNumber('0775.2026.0000124-8')).toBe(false);
    expect(isValidPolicyNumber('0775.2026.0000125-9')).toBe(false);
    expect(isValidPolicyNumber('0775-2026-0000124-9')).toBe(false);
  });

  it('should give different numbers to consecutive sequences of every branch', () => {
    const seen = new Set<string>();
    for (const branchCode of ['0775', '0776'])
      for (let sequence = 1; sequence <= 500; sequence++) {
        const n = formatPolicyNumber({ branchCode, year: 2026, sequence });
        expect(isValidPolicyNumber(n)).toBe(true);
        seen.add(n);
      }
    expect(seen.size).toBe(1000);
  });
});

describe('Pix BR Code', () => {
  it("should compute the CRC16 of the Banco Central's example payload", () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16Ccitt(example)).toBe('1D3D');
    expect(isValidPixBrCode(`${example}1D3D`)).toBe(true);
    expect(isValidPixBrCode(`${example}1D3E`)).toBe(false);
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it('should build a payload with amount, receiver and txid that validates when built', () => {
    const code = buildPixBrCode({
      key: '12.345.678/0001-95'.replace(/\D/g, ''),
      merchantName: 'Aurora Seguros Garantia S.A. com nome longo',
      merchantCity: 'São Paulo',
      amount: '1234.5',
      txid: 'AVAL-000123-1',
    });
    expect(isValidPixBrCode(code)).toBe(true);
    const f = parseEmv(code);
    expect(f.get('00')).toBe('01');
    expect(f.get('53')).toBe('986');
    expect(f.get('54')).toBe('1234.50');
    expect(f.get('58')).toBe('BR');
    expect(f.get('59')).toBe('AURORA SEGUROS GARANTIA S');
    expect(f.get('60')).toBe('SAO PAULO');
    expect(parseEmv(f.get('26')!).get('00')).toBe('br.gov.bcb.pix');
    expect(parseEmv(f.get('26')!).get('01')).toBe('12345678000195');
    expect(parseEmv(f.get('62')!).get('05')).toBe('AVAL0001231');
  });
});

describe('boleto of an installment', () => {
  it('should parse back the barcode it built', () => {
    const b = buildBoleto({
      bankCode: '341',
      dueDate: '2026-12-10',
      amount: '1520.37',
      freeField: '1091234567800000000000000',
    });
    const parsed = parseBarcode(b.barcode, { referenceDate: '2026-11-24' });
    expect(parsed.ok && parsed.value.amount).toBe('1520.37');
    expect(parsed.ok && parsed.value.dueDate).toBe('2026-12-10');
  });
});
