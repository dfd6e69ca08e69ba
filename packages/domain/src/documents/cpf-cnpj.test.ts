import { describe, expect, it } from 'vitest';
import { documentKind, isValidCpfCnpj, maskCpfCnpj, unmaskCpfCnpj, validateCpfCnpj } from './cpf-cnpj.js';

describe('CPF or CNPJ', () => {
  it('should treat the document as CPF when it has 11 digits', () => {
    expect(documentKind('529.982.247-25')).toBe('CPF');
    expect(documentKind('52998224725')).toBe('CPF');
    expect(validateCpfCnpj('529.982.247-24')).toBe('CPF inválido');
    expect(validateCpfCnpj('529.982.247-25')).toBeUndefined();
  });

  it('should treat the document as CNPJ when it does not have 11 digits or has letters', () => {
    expect(documentKind('11.222.333/0001-81')).toBe('CNPJ');
    expect(documentKind('1234')).toBe('CNPJ');
    expect(documentKind('12.ABC.345/01DE-35')).toBe('CNPJ');
    expect(documentKind('AB123456789012')).toBe('CNPJ');
    expect(validateCpfCnpj('1234')).toBe('CNPJ inválido');
    expect(validateCpfCnpj('12.ABC.345/01DE-35')).toBeUndefined();
    expect(validateCpfCnpj('12.ABC.345/01DE-35', { alphanumeric: false })).toBe('CNPJ inválido');
    expect(isValidCpfCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfCnpj('52998224725')).toBe(true);
  });

  it('should mask as CPF up to 11 digits and as CNPJ beyond or with letters', () => {
    expect(maskCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(maskCpfCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCpfCnpj('12abc')).toBe('12.ABC');
    expect(unmaskCpfCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });
});
