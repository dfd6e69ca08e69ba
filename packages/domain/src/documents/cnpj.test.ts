import { isValidCnpj as libIsValidCnpj } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from '../shared/random.js';
import {
  cnpjCheckDigits,
  isAlphanumericCnpj,
  isValidCnpj,
  maskCnpj,
  unmaskCnpj,
  validateCnpj,
} from './cnpj.js';
import { cnpjFromBase, generateCnpj } from './generators.js';

const alnum = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const numericBase = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 12, maxLength: 12 });
const alnumBase = fc
  .string({ unit: fc.constantFrom(...alnum), minLength: 12, maxLength: 12 })
  .filter((b) => /[A-Z]/.test(b));

describe('CNPJ', () => {
  it('should accept a valid numeric CNPJ when masked or unmasked', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(validateCnpj('11.222.333/0001-81')).toBeUndefined();
  });

  it('should accept the alphanumeric example of domain.md §8 when masked, unmasked or lower-case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('12abc34501de')).toBe('35');
  });

  it("should return 'CNPJ inválido' when alphanumeric CNPJs are disabled and letters are present", () => {
    expect(validateCnpj('12.ABC.345/01DE-35', { alphanumeric: false })).toBe('CNPJ inválido');
    expect(validateCnpj('11.222.333/0001-81', { alphanumeric: false })).toBeUndefined();
  });

  it("should return 'CNPJ inválido' when check digits, length, characters or repetition are wrong", () => {
    expect(validateCnpj('11.222.333/0001-82')).toBe('CNPJ inválido');
    expect(validateCnpj('12.ABC.345/01DE-36')).toBe('CNPJ inválido');
    expect(validateCnpj('1122233300018')).toBe('CNPJ inválido');
    expect(validateCnpj('12ABC34501DE3A')).toBe('CNPJ inválido');
    expect(validateCnpj('12#ABC34501DE35')).toBe('CNPJ inválido');
    expect(validateCnpj('00000000000000')).toBe('CNPJ inválido');
    expect(validateCnpj('11111111111111')).toBe('CNPJ inválido');
    expect(validateCnpj(undefined)).toBe('CNPJ inválido');
  });

  it('should throw when the base is not 12 characters of [0-9A-Z]', () => {
    expect(() => cnpjCheckDigits('12ABC')).toThrow(RangeError);
    expect(() => cnpjCheckDigits('12ABC34501D!')).toThrow(RangeError);
  });

  it('should mask ##.###.###/####-## keeping upper-cased letters when typing', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11222')).toBe('11.222');
    expect(maskCnpj('112223330001819999')).toBe('11.222.333/0001-81');
    expect(unmaskCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(isAlphanumericCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isAlphanumericCnpj('11.222.333/0001-81')).toBe(false);
  });

  it('should produce the same CNPJs when generated twice with the same seed', () => {
    const a = generateCnpj({ random: createSeededRandom(42), alphanumeric: true });
    const b = generateCnpj({ random: createSeededRandom(42), alphanumeric: true });
    expect(a).toBe(b);
    expect(isValidCnpj(generateCnpj())).toBe(true);
    expect(generateCnpj({ masked: true })).toMatch(/^\d{2}\.\d{3}\.\d{3}\/0001-\d{2}$/);
    expect(isAlphanumericCnpj(a)).toBe(true);
    expect(maskCnpj(generateCnpj({ alphanumeric: true, masked: true }))).toMatch(
      /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/,
    );
  });

  it('should validate every numeric and alphanumeric CNPJ built from a random base when property-tested', () => {
    fc.assert(
      fc.property(fc.oneof(numericBase, alnumBase), (base) => {
        const cnpj = cnpjFromBase(base);
        fc.pre(!/^(.)\1{13}$/.test(cnpj));
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(maskCnpj(cnpj))).toBe(true);
        expect(libIsValidCnpj(cnpj, { version: 2 })).toBe(true);
      }),
    );
  });

  it('should reject a generated CNPJ when one of its check digits is changed', () => {
    fc.assert(
      fc.property(
        fc.oneof(numericBase, alnumBase),
        fc.constantFrom(12, 13),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const cnpj = cnpjFromBase(base);
          const broken =
            cnpj.slice(0, position) + ((Number(cnpj[position]) + delta) % 10) + cnpj.slice(position + 1);
          expect(validateCnpj(broken)).toBe('CNPJ inválido');
        },
      ),
    );
  });

  it('should reject a generated CNPJ when one base character is changed, except where modulo 11 cannot see it', () => {
    let rejected = 0;
    let total = 0;
    fc.assert(
      fc.property(
        fc.oneof(numericBase, alnumBase),
        fc.nat({ max: 11 }),
        fc.integer({ min: 1, max: 35 }),
        (base, position, delta) => {
          const cnpj = cnpjFromBase(base);
          const current = cnpj[position] as string;
          const replacement = alnum[(alnum.indexOf(current) + delta) % alnum.length] as string;
          const broken = cnpj.slice(0, position) + replacement + cnpj.slice(position + 1);
          // Changes of 11, 22 or 33 in a character's value (e.g. '6' and 'A') and the remainders 0
          // and 1 sharing digit 0 are invisible to modulo 11 by design of IN RFB 2.229/2024; an
          // independent implementation must agree on every verdict.
          expect(isValidCnpj(broken)).toBe(
            libIsValidCnpj(broken, { version: 2 }) && !/^(.)\1{13}$/.test(broken),
          );
          total += 1;
          if (!isValidCnpj(broken)) rejected += 1;
        },
      ),
      { numRuns: 2000 },
    );
    expect(rejected / total).toBeGreaterThan(0.85);
  });
});
