import { describe, expect, it } from 'vitest';
import {
  bankCodeWithCheckDigit,
  isValidPixKey,
  isValidServicePhone,
  isValidSite,
  maskSusepProcess,
  validateBankCode,
  validatePixKey,
  validateServicePhone,
  validateSite,
  validateSusepCode,
  validateSusepProcess,
} from './insurer-registry.js';

describe("the insurer's registry data", () => {
  it('should accept a SUSEP code of five digits and refuse any other shape, in pt-BR', () => {
    expect(validateSusepCode('05886')).toBeUndefined();
    expect(validateSusepCode(' 10054 ')).toBeUndefined();
    for (const bad of ['5886', '058860', '0588A', '', null])
      expect(validateSusepCode(bad)).toBe(
        'Código SUSEP inválido: use os 5 dígitos do registro da seguradora na SUSEP (ex.: 05886).',
      );
  });

  it('should accept a SUSEP process masked or as 17 digits, mask it, and refuse other shapes', () => {
    expect(validateSusepProcess('15414.602449/2024-53')).toBeUndefined();
    expect(validateSusepProcess('15414602449202453')).toBeUndefined();
    expect(maskSusepProcess('15414602449202453')).toBe('15414.602449/2024-53');
    expect(maskSusepProcess('15414.6024')).toBe('15414.6024');
    for (const bad of ['15414.602449/2024-5', '15414.602449/2024-533', 'processo 15414', ''])
      expect(validateSusepProcess(bad)).toBe(
        'Número de processo SUSEP inválido: use o formato 15414.600123/2021-45.',
      );
  });

  it("should print a bank's code with its modulo 11 check digit, 10 and 11 becoming 0", () => {
    expect(bankCodeWithCheckDigit('341')).toBe('341-7');
    expect(bankCodeWithCheckDigit('001')).toBe('001-9');
    expect(bankCodeWithCheckDigit('237')).toBe('237-2');
    expect(bankCodeWithCheckDigit('033')).toBe('033-7');
    expect(bankCodeWithCheckDigit('104')).toBe('104-0');
    expect(bankCodeWithCheckDigit('756')).toBe('756-0');
    expect(() => bankCodeWithCheckDigit('34')).toThrow(RangeError);
    expect(validateBankCode('341')).toBeUndefined();
    expect(validateBankCode('3410')).toBe(
      'Código do banco inválido: use os 3 dígitos do código COMPE (ex.: 341).',
    );
  });

  it('should accept the four kinds of Pix key and refuse a CNPJ with wrong check digits', () => {
    for (const key of [
      '75686462000103',
      '52998224725',
      'financeiro@aurora.com.br',
      '+5511987654321',
      '123e4567-e89b-12d3-a456-426614174000',
    ])
      expect(isValidPixKey(key), key).toBe(true);
    for (const key of ['75686462000104', '11987654321', 'financeiro@', '+551198765', ''])
      expect(validatePixKey(key), key).toBe(
        'Chave Pix inválida: use o CNPJ, um e-mail, um celular com DDI (+5511987654321) ou a chave aleatória.',
      );
  });

  it('should accept 0800, capitals and area-code numbers for the SAC and the Ouvidoria', () => {
    for (const phone of [
      '0800 754 1054',
      '0800-754-1054',
      '08007541054',
      '4004-1234',
      '3003 1234',
      '(11) 3456-7890',
    ])
      expect(isValidServicePhone(phone), phone).toBe(true);
    for (const phone of ['0800 754 105', '1234-5678', 'SAC', ''])
      expect(validateServicePhone(phone), phone).toBe(
        'Telefone inválido: use 0800 123 4567, 4004-1234 ou (11) 2345-6789.',
      );
  });

  it("should accept a site's host name, with or without https://, and refuse other text", () => {
    for (const site of ['www.auroraseguros.com.br', 'https://www.aurora.com.br/ouvidoria', 'aurora.com.br'])
      expect(isValidSite(site), site).toBe(true);
    for (const site of ['aurora', 'www aurora com br', 'ftp://aurora.com.br', ''])
      expect(validateSite(site), site).toBe(
        'Site inválido: use o endereço do site, como www.seguradora.com.br.',
      );
  });
});
