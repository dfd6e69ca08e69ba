import { describe, expect, it } from 'vitest';
import { addressInput, optionalAddressInput } from './address.js';
import {
  cpfCnpj,
  DATE_RANGE_MESSAGE,
  date,
  id,
  insuredAmount,
  integer,
  MONEY_MAX,
  money,
  NUMERIC_MESSAGE,
  optionalText,
  rate,
  requiredText,
} from './fields.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('field builders', () => {
  it('should read money as plain, comma or pt-BR text and numbers into a decimal string', () => {
    const m = money('o prêmio mínimo');
    expect(m.parse('250,5')).toBe('250.5');
    expect(m.parse('1.234,56')).toBe('1234.56');
    expect(m.parse('1234.56')).toBe('1234.56');
    expect(m.parse(10)).toBe('10');
  });

  it("should give the spec's numeric message only when the value is not a number", () => {
    const m = money('o prêmio mínimo');
    expect(messages(m.safeParse('abc'))).toEqual([NUMERIC_MESSAGE]);
    expect(messages(m.safeParse(true))).toEqual([NUMERIC_MESSAGE]);
    expect(messages(m.safeParse('1,234'))).toEqual(['O prêmio mínimo deve ter no máximo 2 casas decimais.']);
    expect(messages(m.safeParse('-1'))).toEqual(['O valor não pode ser menor que 0']);
    expect(messages(m.safeParse('1'.repeat(17)))).toEqual([
      'O prêmio mínimo excede o valor máximo permitido.',
    ]);
    expect(money('o lucro', { signed: true }).parse('-20.5')).toBe('-20.5');
  });

  it('should refuse money above R$ 999.999.999.999,99 and an IS that is not above zero', () => {
    expect(money('o prêmio').parse(MONEY_MAX)).toBe('999999999999.99');
    expect(messages(money('o prêmio').safeParse('1000000000000'))).toEqual([
      'O prêmio não pode passar de R$ 999.999.999.999,99.',
    ]);
    expect(messages(money('o lucro', { signed: true }).safeParse('-1.000.000.000.000,00'))).toEqual([
      'O lucro não pode passar de R$ 999.999.999.999,99.',
    ]);
    const is = insuredAmount();
    expect(is.parse('100.000,00')).toBe('100000.00');
    expect(messages(is.safeParse('0,00'))).toEqual(['A importância segurada deve ser maior que zero.']);
    expect(messages(is.safeParse(10 ** 15))).toEqual([
      'A importância segurada não pode passar de R$ 999.999.999.999,99.',
    ]);
  });

  it('should refuse a date outside 1900–2199 with the range message', () => {
    expect(date().parse('01/01/1900')).toBe('1900-01-01');
    expect(date().parse('2199-12-31')).toBe('2199-12-31');
    expect(messages(date().safeParse('9999-12-31'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(date().safeParse('31/12/1899'))).toEqual([DATE_RANGE_MESSAGE]);
    expect(messages(date().safeParse('0000-01-01'))).toEqual([DATE_RANGE_MESSAGE]);
  });

  it('should refuse a rate over its maximum with the range message', () => {
    expect(rate('a taxa').parse('40')).toBe('40');
    expect(messages(rate('a taxa').safeParse('100,5'))).toEqual(['O valor não pode ser maior que 100']);
    expect(messages(rate('a comissão', { max: 30 }).safeParse('31'))).toEqual([
      'O valor não pode ser maior que 30',
    ]);
    expect(messages(rate('a taxa').safeParse('1.1234567'))).toEqual([
      'A taxa deve ter no máximo 6 casas decimais.',
    ]);
  });

  it('should name the field in text messages and keep a left-out optional text undefined', () => {
    expect(messages(requiredText('o nome da cobertura', 5).safeParse('  '))).toEqual([
      'Informe o nome da cobertura.',
    ]);
    expect(messages(requiredText('o nome', 150, { min: 3 }).safeParse('ab'))).toEqual([
      'O nome deve ter no mínimo 3 caracteres.',
    ]);
    expect(messages(requiredText('o código', 3).safeParse('abcd'))).toEqual([
      'O código deve ter no máximo 3 caracteres.',
    ]);
    const o = optionalText('o site', 10);
    expect(o.parse(undefined)).toBeUndefined();
    expect(o.parse('')).toBeNull();
    expect(o.parse(' x ')).toBe('x');
  });

  it('should check ids, whole numbers, CPF/CNPJ and DD/MM/YYYY dates with pt-BR messages', () => {
    expect(id().parse('7')).toBe(7);
    expect(messages(id().safeParse(0))).toEqual(['Identificador inválido.']);
    expect(messages(integer({ min: 1, max: 24 }).safeParse(25))).toEqual([
      'O valor não pode ser maior que 24',
    ]);
    expect(messages(integer().safeParse('x'))).toEqual([NUMERIC_MESSAGE]);
    expect(cpfCnpj().parse('529.982.247-25')).toBe('52998224725');
    expect(messages(cpfCnpj().safeParse('111.111.111-11'))).toEqual(['CPF inválido']);
    expect(messages(cpfCnpj().safeParse('11.111.111/1111-11'))).toEqual(['CNPJ inválido']);
    expect(date().parse('10/03/1998')).toBe('1998-03-10');
    expect(date().parse('1998-03-10')).toBe('1998-03-10');
    expect(messages(date().safeParse('31/02/2024'))).toEqual(['Data inválida.']);
  });
});

describe('address schema', () => {
  const paulista = {
    ZipCode: '01310-100',
    AddressName: 'Avenida Paulista',
    StateProvinceId: 35,
    CityId: 3550308,
  };

  it('should unmask the CEP and ask for the missing fields in pt-BR', () => {
    expect(addressInput.parse(paulista)).toMatchObject({
      ZipCode: '01310100',
      AddressName: 'Avenida Paulista',
    });
    expect(messages(addressInput.safeParse({}))).toEqual([
      'Informe o CEP.',
      'Informe o logradouro.',
      'Informe o estado.',
      'Informe a cidade.',
    ]);
    expect(messages(addressInput.safeParse({ ...paulista, ZipCode: '0131' }))).toEqual(['CEP inválido']);
  });

  it('should accept a blank optional address and still check a CEP that is given', () => {
    expect(optionalAddressInput.parse({})).toEqual({});
    expect(messages(optionalAddressInput.safeParse({ ZipCode: '123' }))).toEqual(['CEP inválido']);
  });
});
