import { insertCoverageBody } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/client.js';
import { blankToNull, contractResolver, listField, splitServerErrors } from './contract-form.js';

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

  it("should move a path's message to the field that shows it, the first message of a field winning", () => {
    const schema = z.object({
      Days: z.array(z.number().max(5, 'No máximo 5.')),
      Name: z.string().min(1, 'Nome.'),
    });
    const validate = contractResolver(schema, (v: { Days: number[]; Name: string }) => v, listField);
    expect(validate({ Days: [1, 7, 9], Name: '' })).toEqual({ Days: 'No máximo 5.', Name: 'Nome.' });
    expect(listField('Locations.0.ZipCode')).toBe('Locations');
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

  it('should follow a function that names the field of a server path', () => {
    const nested = new ApiError(400, ['CEP inválido'], {
      Errors: ['CEP inválido'],
      Fields: [{ Field: 'Locations.0.ZipCode', Message: 'CEP inválido' }],
    });
    expect(splitServerErrors(nested, { ZipCode: '' }, (p) => p.replace(/^Locations\.\d+\./, ''))).toEqual({
      fields: { ZipCode: 'CEP inválido' },
      rest: [],
    });
  });

  it('should show anything else as a message', () => {
    expect(splitServerErrors(new Error('Falhou.'), {})).toEqual({ fields: {}, rest: ['Falhou.'] });
  });
});
