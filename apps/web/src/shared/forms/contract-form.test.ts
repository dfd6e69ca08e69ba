import { insertCoverageBody } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.js';
import { blankToNull, contractResolver, splitServerErrors } from './contract-form.js';

describe('contractResolver', () => {
  const validate = contractResolver(insertCoverageBody);

  it("should put the contract's pt-BR messages on the fields by path, without field names", () => {
    expect(validate({ ModalityId: 1, Name: ' ', Rate: '150' })).toEqual({
      Name: 'Informe o nome da cobertura.',
      Rate: 'O valor não pode ser maior que 100',
    });
  });

  it('should accept what the server accepts', () => {
    expect(validate({ ModalityId: 1, Name: 'Cobertura', Rate: '2.5' })).toEqual({});
  });

  it('should validate the body the form sends, not its raw inputs', () => {
    const withDraft = contractResolver(insertCoverageBody, (d: { Name: string; Rate: string }) => ({
      ModalityId: 1,
      Name: d.Name,
      Rate: d.Rate || '0',
    }));
    expect(withDraft({ Name: 'Cobertura', Rate: '' })).toEqual({});
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(' a ')).toBe('a');
  });
});

describe('splitServerErrors', () => {
  const refusal = new ApiError(
    400,
    [
      'E-mail da corretora: E-mail inválido',
      'Banco inválido.',
      'Informe um administrador e um responsável financeiro.',
      'Administrador: CPF inválido',
    ],
    {
      Errors: [],
      Fields: [
        { Field: 'Email', Message: 'E-mail inválido' },
        { Field: 'BankId', Message: 'Banco inválido.' },
        { Field: 'ResponsiblePersons.0.Cpf', Message: 'CPF inválido' },
      ],
    },
  );

  it("should put each field's message on the form's field and keep the rest for an alert", () => {
    const values = { Email: 'x', BankId: null, ResponsiblePersons: [{ Cpf: '1' }] };
    expect(splitServerErrors(refusal, values)).toEqual({
      fields: {
        Email: 'E-mail inválido',
        BankId: 'Banco inválido.',
        'ResponsiblePersons.0.Cpf': 'CPF inválido',
      },
      rest: ['Informe um administrador e um responsável financeiro.'],
    });
  });

  it('should keep the messages of fields the form does not have, and follow a rename', () => {
    expect(splitServerErrors(refusal, { BankCode: 1 }, { BankId: 'BankCode' })).toEqual({
      fields: { BankCode: 'Banco inválido.' },
      rest: [
        'E-mail da corretora: E-mail inválido',
        'Informe um administrador e um responsável financeiro.',
        'Administrador: CPF inválido',
      ],
    });
  });

  it('should show anything else as a message', () => {
    expect(splitServerErrors(new Error('Falhou.'), {})).toEqual({ fields: {}, rest: ['Falhou.'] });
  });
});
