import { describe, expect, it } from 'vitest';
import { isValidCep, maskCep, unmaskCep, validateCep } from './cep.js';
import { isValidEmail, validateEmail } from './email.js';
import { isValidPhone, maskPhone, unmaskPhone, validatePhone } from './phone.js';

describe('phone', () => {
  it('should accept landlines and mobiles when the prefix follows the spec', () => {
    expect(validatePhone('(11) 3456-7890')).toBeUndefined();
    expect(validatePhone('(11) 98765-4321')).toBeUndefined();
    expect(validatePhone('(21)2345-6789')).toBeUndefined();
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('1134567890')).toBe(true);
  });

  it("should return 'Telefone inválido' when the format or prefix is wrong", () => {
    expect(validatePhone('(11) 1234-5678')).toBe('Telefone inválido');
    expect(validatePhone('(11) 90765-4321')).toBe('Telefone inválido');
    expect(validatePhone('(11) 9876-54321')).toBe('Telefone inválido');
    expect(validatePhone('11 3456-7890')).toBe('Telefone inválido');
    expect(validatePhone('(11) 34567890')).toBe('Telefone inválido');
    expect(validatePhone('')).toBe('Telefone inválido');
    expect(validatePhone(null)).toBe('Telefone inválido');
  });

  it('should mask 10 digits as (##) ####-#### and 11 or more as (##) #####-####', () => {
    expect(maskPhone('1134567890')).toBe('(11) 3456-7890');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('1198765432199')).toBe('(11) 98765-4321');
    expect(maskPhone('119')).toBe('(11) 9');
    expect(maskPhone(undefined)).toBe('');
    expect(unmaskPhone('(11) 98765-4321')).toBe('11987654321');
  });
});

describe('e-mail', () => {
  it('should accept an address when it has local part, domain and a 2-4 letter suffix', () => {
    expect(isValidEmail('ana.silva@seguradora.com.br')).toBe(true);
    expect(validateEmail('a+b@x.info')).toBeUndefined();
  });

  it("should return 'E-mail inválido' when a part is missing or the suffix is too long", () => {
    expect(validateEmail('ana@seguradora')).toBe('E-mail inválido');
    expect(validateEmail('ana@seguradora.online')).toBe('E-mail inválido');
    expect(validateEmail('@seguradora.com')).toBe('E-mail inválido');
    expect(validateEmail(undefined)).toBe('E-mail inválido');
  });
});

describe('CEP', () => {
  it('should mask #####-### and validate 8 digits', () => {
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
    expect(maskCep(null)).toBe('');
    expect(unmaskCep('01310-100')).toBe('01310100');
    expect(isValidCep('01310-100')).toBe(true);
    expect(validateCep('01310100')).toBeUndefined();
    expect(validateCep('0131-100')).toBe('CEP inválido');
    expect(validateCep(undefined)).toBe('CEP inválido');
  });
});
