import { describe, expect, it } from 'vitest';
import { moneyInWords, numberInWords, ordinalInWords } from './amount-in-words.js';

describe('amounts in words', () => {
  it('should write money in Portuguese when given the spec example', () => {
    expect(moneyInWords(1234.56)).toBe('mil duzentos e trinta e quatro reais e cinquenta e seis centavos');
    expect(moneyInWords('1000000.01')).toBe('um milhão de reais e um centavo');
    expect(moneyInWords('1')).toBe('um real');
    expect(moneyInWords('0.5')).toBe('cinquenta centavos');
    expect(moneyInWords('2.005')).toBe('dois reais e um centavo');
  });

  it('should write plain numbers in both genders', () => {
    expect(numberInWords(1234)).toBe('mil duzentos e trinta e quatro');
    expect(numberInWords('42', { gender: 'female' })).toBe('quarenta e duas');
    expect(numberInWords('3.14')).toBe('três inteiros e quatorze centésimos');
  });

  it('should write ordinals 1 to 5 in masculine and feminine', () => {
    expect([1, 2, 3, 4, 5].map((n) => ordinalInWords(n))).toEqual([
      'primeiro',
      'segundo',
      'terceiro',
      'quarto',
      'quinto',
    ]);
    expect([1, 2, 3, 4, 5].map((n) => ordinalInWords(n, { gender: 'female' }))).toEqual([
      'primeira',
      'segunda',
      'terceira',
      'quarta',
      'quinta',
    ]);
    expect(ordinalInWords(11)).toBe('décimo primeiro');
  });

  it('should throw when the ordinal is not a positive integer', () => {
    expect(() => ordinalInWords(0)).toThrow(RangeError);
    expect(() => ordinalInWords(1.5)).toThrow(RangeError);
  });
});
