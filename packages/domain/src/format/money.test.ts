import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../shared/decimal.js';
import { formatDecimal, formatMoney, parseMoney, parseMoneyDecimal } from './money.js';
import { formatPercent, fractionToPercent, parsePercent, percentToFraction } from './percent.js';

describe('money pt-BR', () => {
  it('should format R$ with dot thousands and comma decimals when given numbers, strings or Decimals', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney('1234567.891')).toBe('R$ 1.234.567,89');
    expect(formatMoney(new Dec('0.005'))).toBe('R$ 0,01');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney('-10')).toBe('-R$ 10,00');
    expect(formatMoney('-0.001')).toBe('R$ 0,00');
    expect(formatDecimal('1234.5', 0)).toBe('1.235');
  });

  it('should parse masked input into a decimal string when the input is pt-BR', () => {
    expect(parseMoney('R$ 1.234,56')).toBe('1234.56');
    expect(parseMoney('R$\u00a01.234,5')).toBe('1234.5');
    expect(parseMoney('1234,56')).toBe('1234.56');
    expect(parseMoney('1.000')).toBe('1000');
    expect(parseMoney('-R$ 10,00')).toBe('-10.00');
    expect(parseMoney('R$ -10,00')).toBe('-10.00');
    expect(parseMoney('-0,00')).toBe('0.00');
    expect(parseMoneyDecimal('R$ 1.234,565')?.toFixed(2)).toBe('1234.57');
  });

  it('should return undefined when the input is not a pt-BR amount', () => {
    expect(parseMoney('abc')).toBeUndefined();
    expect(parseMoney('1.23,4')).toBeUndefined();
    expect(parseMoney('1,2,3')).toBeUndefined();
    expect(parseMoney('')).toBeUndefined();
    expect(parseMoney(null)).toBeUndefined();
    expect(parseMoneyDecimal(undefined)).toBeUndefined();
  });

  it('should return the value when formatted then parsed', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const value = new Dec(cents.toString()).dividedBy(100);
        expect(parseMoney(formatMoney(value))).toBe(value.toFixed(2));
      }),
    );
  });
});

describe('percent pt-BR', () => {
  it('should format with 2 decimals and a percent sign when given percent points', () => {
    expect(formatPercent(12.345)).toBe('12,35%');
    expect(formatPercent('1234.5')).toBe('1.234,50%');
    expect(formatPercent(0.5, 4)).toBe('0,5000%');
  });

  it('should divide by 100 when a rate is shown as percent', () => {
    expect(percentToFraction('1.5').toString()).toBe('0.015');
    expect(fractionToPercent('0.015').toString()).toBe('1.5');
  });

  it('should parse a pt-BR percentage when typed with or without the sign', () => {
    expect(parsePercent('12,35%')).toBe('12.35');
    expect(parsePercent(' 1.234,5 % ')).toBe('1234.5');
    expect(parsePercent('-3')).toBe('-3');
    expect(parsePercent('x')).toBeUndefined();
    expect(parsePercent(undefined)).toBeUndefined();
  });

  it('should return the value when formatted then parsed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (hundredths) => {
        const value = new Dec(hundredths).dividedBy(100);
        expect(parsePercent(formatPercent(value))).toBe(value.toFixed(2));
      }),
    );
  });
});
