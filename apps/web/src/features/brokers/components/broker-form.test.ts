import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client.js';
import { splitServerErrors } from '../../../shared/forms/contract-form.js';
import { brokerFieldOf, brokerServerFields, emptyBrokerForm, validateBrokerForm } from './broker-form.js';

const person = { Name: 'Ana Souza', Cpf: '529.982.247-25', Email: 'ana@lopes.demo', Phone: '' };
const valid = {
  ...emptyBrokerForm,
  Name: 'Lopes Corretora',
  SUSEPProtocol: '123456',
  Email: 'contato@lopes.demo',
  BankId: '1',
  BankAgency: '1234',
  BankAccount: '12345-6',
  Admin: person,
  Officer: { ...person, Email: 'fin@lopes.demo' },
};

describe('broker form', () => {
  it('should name the administrator and the officer fields after ResponsiblePersons paths', () => {
    expect(brokerFieldOf('ResponsiblePersons.0.Cpf')).toBe('Admin.Cpf');
    expect(brokerFieldOf('ResponsiblePersons.1.Email')).toBe('Officer.Email');
    expect(brokerFieldOf('ResponsiblePersons')).toBe('Admin');
    expect(brokerFieldOf('BankAgency')).toBe('BankAgency');
  });

  it('should accept a complete brokerage and put contract and domain messages on the fields', () => {
    expect(validateBrokerForm(valid, false)).toEqual({});
    const errors = validateBrokerForm(
      {
        ...valid,
        Name: '',
        Officer: { ...valid.Officer, Cpf: '111.111.111-11' },
        ComissionPercentage: '150',
      },
      true,
    );
    expect(errors['Officer.Cpf']).toBe('CPF inválido');
    expect(errors.Name).toBeTruthy();
    expect(errors.Name).not.toMatch(/^Name:/);
    expect(errors.ComissionPercentage).toBeTruthy();
  });

  it("should show the server's person messages on the administrator's fields", () => {
    const refusal = new ApiError(400, ['Administrador: CPF inválido'], {
      Errors: ['Administrador: CPF inválido'],
      Fields: [{ Field: 'ResponsiblePersons.0.Cpf', Message: 'CPF inválido' }],
    });
    expect(splitServerErrors(refusal, valid, brokerServerFields)).toEqual({
      fields: { 'Admin.Cpf': 'CPF inválido' },
      rest: [],
    });
  });
});
