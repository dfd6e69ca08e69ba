import { describe, expect, it } from 'vitest';
import { Dec } from '../shared/decimal.js';
import { normaliseForComparison } from '../shared/text.js';
import {
  isNumeric,
  minimumInsuredAmount,
  toNumericDecimal,
  validateCommission,
  validateDays,
  validateDuplicates,
  validateMaxInsuredAmount,
  validateMaxLength,
  validateMinInsuredAmount,
  validateMinLength,
  validateMmuMmp,
  validateNotDuplicated,
  validateNumberRange,
  validateNumeric,
  validatePattern,
  validateRequired,
  validateRiskValueSum,
} from './rules.js';

describe('numeric rule', () => {
  it("should return 'Valor inválido inválido, campo numérico.' when the value is not a number", () => {
    expect(validateNumeric('12a')).toBe('Valor inválido inválido, campo numérico.');
    expect(validateNumeric('1,2,3')).toBe('Valor inválido inválido, campo numérico.');
    expect(validateNumeric(Number.NaN)).toBe('Valor inválido inválido, campo numérico.');
    expect(validateNumeric({})).toBe('Valor inválido inválido, campo numérico.');
  });

  it('should accept plain, pt-BR, number and Decimal values and leave blanks to the required rule', () => {
    for (const ok of ['12', '-3.5', '12,5', '1.234,56', 7, new Dec('1.5'), '', undefined, null]) {
      expect(validateNumeric(ok)).toBeUndefined();
    }
    expect(isNumeric(new Dec('Infinity'))).toBe(false);
    expect(toNumericDecimal('1.234,56').toFixed(2)).toBe('1234.56');
    expect(toNumericDecimal('12,5').toString()).toBe('12.5');
    expect(toNumericDecimal('12.5').toString()).toBe('12.5');
    expect(toNumericDecimal(3).toString()).toBe('3');
  });
});

describe('insured amount rules', () => {
  it('should gross the minimum up by 100 × min / (100 − rate) when a rate is given', () => {
    expect(minimumInsuredAmount(1000, 20).toFixed(2)).toBe('1250.00');
    expect(minimumInsuredAmount('1000').toFixed(2)).toBe('1000.00');
    expect(minimumInsuredAmount(1000, 3).toFixed(2)).toBe('1030.93');
    expect(() => minimumInsuredAmount(1000, 100)).toThrow(RangeError);
  });

  it('should return the minimum message with the BRL amount when the value is below it', () => {
    expect(validateMinInsuredAmount({ value: 1249.99, modalityName: 'Licitante', min: 1000, rate: 20 })).toBe(
      'O valor de importância segurada mínimo para a modalidade "Licitante" é de R$ 1.250,00',
    );
    expect(
      validateMinInsuredAmount({ value: 1250, modalityName: 'Licitante', min: 1000, rate: 20 }),
    ).toBeUndefined();
    expect(validateMinInsuredAmount({ value: '999', modalityName: 'Judicial Cível', min: '1000' })).toBe(
      'O valor de importância segurada mínimo para a modalidade "Judicial Cível" é de R$ 1.000,00',
    );
  });

  it('should return the maximum message with the BRL amount when the value is above it', () => {
    expect(
      validateMaxInsuredAmount({ value: '5000000.01', modalityName: 'Executante Construtor', max: 5000000 }),
    ).toBe(
      'O valor de importância segurada máximo para a modalidade "Executante Construtor" é de R$ 5.000.000,00',
    );
    expect(validateMaxInsuredAmount({ value: 5000000, modalityName: 'X', max: 5000000 })).toBeUndefined();
  });
});

describe('days and range rules', () => {
  it('should return the days messages when below or above the modality limits', () => {
    expect(validateDays(29, { min: 30, max: 1825 })).toBe(
      'Prazo de dias para essa modalidade não pode ser menor que 30',
    );
    expect(validateDays(1826, { min: 30, max: 1825 })).toBe(
      'Prazo de dias para essa modalidade não pode ser maior que 1825',
    );
    expect(validateDays(30, { min: 30, max: 1825 })).toBeUndefined();
    expect(validateDays(5, {})).toBeUndefined();
  });

  it('should return the range messages when below or above the limits', () => {
    expect(validateNumberRange(0, { min: 1, max: 10 })).toBe('O valor não pode ser menor que 1');
    expect(validateNumberRange('11', { min: 1, max: 10 })).toBe('O valor não pode ser maior que 10');
    expect(validateNumberRange(10, { min: 1, max: 10 })).toBeUndefined();
    expect(validateNumberRange(-5, {})).toBeUndefined();
  });
});

describe('property rules', () => {
  it('should return the risk value message when the sum is outside the LMG range', () => {
    const message = 'A soma dos valores não pode ser maior que R$ 1.000.000,00 ou menor que R$ 10.000,00.';
    expect(
      validateRiskValueSum({ values: [600000, '400000.01'], minLMGValue: 10000, maxLMGValue: 1000000 }),
    ).toBe(message);
    expect(
      validateRiskValueSum({ values: [5000, null, undefined], minLMGValue: 10000, maxLMGValue: 1000000 }),
    ).toBe(message);
    expect(
      validateRiskValueSum({ values: [600000, '400000'], minLMGValue: 10000, maxLMGValue: 1000000 }),
    ).toBeUndefined();
  });

  it('should return the MMU/MMP message when their sum differs from the content value', () => {
    expect(validateMmuMmp({ mmu: '0.1', mmp: '0.2', content: '0.3' })).toBeUndefined();
    expect(validateMmuMmp({ mmu: 100, mmp: 200, content: 301 })).toBe(
      'Valor da soma do MMU e MMP inválidos, a soma deve ser exatamente igual ao valor do conteúdo!',
    );
    expect(validateMmuMmp({ mmu: 100, mmp: 200, content: 301, applies: false })).toBeUndefined();
  });
});

describe('duplicate rule', () => {
  const rows = [{ name: 'São Paulo' }, { name: 'Sao-Paulo' }, { name: 'Rio' }, { name: '' }, { name: '' }];

  it("should flag repeats with 'Este valor está duplicado' when compared exactly by default", () => {
    expect(validateDuplicates([{ n: 'a' }, { n: 'b' }, { n: 'a' }], 'n')).toEqual([
      undefined,
      undefined,
      'Este valor está duplicado',
    ]);
    expect(validateDuplicates(rows, 'name')).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('should strip accents and punctuation when the normaliser is on, with a custom message', () => {
    expect(validateDuplicates(rows, 'name', { normalise: true, message: 'Cidade repetida' })).toEqual([
      undefined,
      'Cidade repetida',
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      validateDuplicates(rows, (r) => r.name.slice(0, 1), { normalise: (v) => v.toLowerCase() }),
    ).toEqual([undefined, 'Este valor está duplicado', undefined, undefined, undefined]);
    expect(validateDuplicates([{ n: '--' }, { n: '!!' }], 'n', { normalise: true })).toEqual([
      undefined,
      undefined,
    ]);
    expect(normaliseForComparison('Ação-Já 1')).toBe('acaoja1');
  });

  it('should check one value against the others when used as a field rule', () => {
    expect(validateNotDuplicated('Ação', ['acao', 'b'], { normalise: true })).toBe(
      'Este valor está duplicado',
    );
    expect(validateNotDuplicated('c', ['a', 'b', ''])).toBeUndefined();
    expect(validateNotDuplicated('', ['', ''])).toBeUndefined();
  });
});

describe('commission and standard rules', () => {
  it('should accept a commission when zero or greater', () => {
    expect(validateCommission(0)).toBeUndefined();
    expect(validateCommission('12.5')).toBeUndefined();
    expect(validateCommission(-0.01)).toBe('A comissão deve ser igual ou maior que zero.');
  });

  it('should apply required, length and pattern rules', () => {
    expect(validateRequired('')).toBe('Campo obrigatório');
    expect(validateRequired([])).toBe('Campo obrigatório');
    expect(validateRequired(0)).toBeUndefined();
    expect(validateMinLength('ab', 3)).toBe('O campo deve ter no mínimo 3 caracteres');
    expect(validateMinLength('', 3)).toBeUndefined();
    expect(validateMaxLength('a'.repeat(51))).toBe('O campo deve ter no máximo 50 caracteres');
    expect(validateMaxLength('a'.repeat(50))).toBeUndefined();
    expect(validatePattern('abc', /^\d+$/)).toBe('Formato inválido');
    expect(validatePattern('abc', /^\d+$/, 'Só números')).toBe('Só números');
    expect(validatePattern('123', /^\d+$/)).toBeUndefined();
  });
});
