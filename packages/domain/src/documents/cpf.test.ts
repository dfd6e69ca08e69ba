import { isValidCpf as libIsValidCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfCheckDigits, isValidCpf, maskCpf, unmaskCpf, validateCpf } from './cpf.js';
import { cpfFromBase, generateCpf } from './generators.js';

const cpfBase = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 });

describe('CPF', () => {
  it('should accept a valid CPF when masked or unmasked', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(validateCpf('529.982.247-25')).toBeUndefined();
  });

  it("should return 'CPF inválido' when the check digits are wrong", () => {
    expect(validateCpf('529.982.247-24')).toBe('CPF inválido');
  });

  it("should return 'CPF inválido' when all digits are the same", () => {
    for (const d of '0123456789') expect(validateCpf(d.repeat(11))).toBe('CPF inválido');
  });

  it("should return 'CPF inválido' when the length is not 11 or letters are present", () => {
    expect(validateCpf('5299822472')).toBe('CPF inválido');
    expect(validateCpf('529982247250')).toBe('CPF inválido');
    expect(validateCpf('5299822472A5')).toBe('CPF inválido');
    expect(validateCpf(undefined)).toBe('CPF inválido');
    expect(validateCpf(null)).toBe('CPF inválido');
  });

  it('should compute the check digits when given a 9-digit base', () => {
    expect(cpfCheckDigits('529982247')).toBe('25');
    expect(() => cpfCheckDigits('12345')).toThrow(RangeError);
  });

  it('should mask ###.###.###-## progressively when typing', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529982247259999')).toBe('529.982.247-25');
    expect(maskCpf('')).toBe('');
    expect(unmaskCpf('529.982.247-25')).toBe('52998224725');
  });

  it('should validate every generated CPF when generated with a seed or Math.random', () => {
    expect(isValidCpf(generateCpf())).toBe(true);
    expect(generateCpf({ masked: true })).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
  });

  it('should validate every CPF built from a random base and agree with brazilian-utils when property-tested', () => {
    fc.assert(
      fc.property(
        cpfBase.filter((b) => !/^(\d)\1{8}$/.test(b)),
        (base) => {
          const cpf = cpfFromBase(base);
          expect(isValidCpf(cpf)).toBe(true);
          expect(libIsValidCpf(cpf)).toBe(true);
          expect(isValidCpf(maskCpf(cpf))).toBe(true);
        },
      ),
    );
  });

  it('should reject a generated CPF when one of its check digits is changed', () => {
    fc.assert(
      fc.property(
        cpfBase,
        fc.constantFrom(9, 10),
        fc.integer({ min: 1, max: 9 }),
        (base, position, delta) => {
          const cpf = cpfFromBase(base);
          const broken =
            cpf.slice(0, position) + ((Number(cpf[position]) + delta) % 10) + cpf.slice(position + 1);
          expect(validateCpf(broken)).toBe('CPF inválido');
        },
      ),
    );
  });

  it('should reject a generated CPF when one base digit is changed, except where modulo 11 cannot see it', () => {
    let rejected = 0;
    let total = 0;
    fc.assert(
      fc.property(cpfBase, fc.nat({ max: 8 }), fc.integer({ min: 1, max: 9 }), (base, position, delta) => {
        const cpf = cpfFromBase(base);
        const broken =
          cpf.slice(0, position) + ((Number(cpf[position]) + delta) % 10) + cpf.slice(position + 1);
        // The check digits map remainders 0 and 10 to the same digit, so a rare change passes; an
        // independent implementation must agree on every verdict.
        expect(isValidCpf(broken)).toBe(libIsValidCpf(broken) && !/^(\d)\1{10}$/.test(broken));
        total += 1;
        if (!isValidCpf(broken)) rejected += 1;
      }),
      { numRuns: 2000 },
    );
    expect(rejected / total).toBeGreaterThan(0.95);
  });
});
