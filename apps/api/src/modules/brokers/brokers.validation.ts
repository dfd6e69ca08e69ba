import type { InsertBrokerBody, ResponsiblePersonInput, UpdateBrokerBody } from '@aval/contracts';
import {
  ResponsiblePersonType,
  responsiblePersonTypeLabels,
  unmaskCpf,
  validateCpf,
  validateEmail,
  validatePhone,
} from '@aval/domain';
import { AppError, type FieldError } from '../../lib/errors.js';
import { optionalAddressValues } from '../locations/index.js';
import { getBanks } from '../parameterisation/index.js';

/** Validation and row values of a brokerage's registry data (registration and updates). */

/** The brokerage's e-mail, phone, bank and responsible persons, checked together (400 with every error). */
export const validateCompany = (input: {
  Email: string;
  Phone?: string | null;
  BankId: number;
  ResponsiblePersons: ResponsiblePersonInput[];
}) => {
  const errors: string[] = [];
  const fields: FieldError[] = [];
  const refuse = (Field: string, Message: string, shown = Message) => {
    errors.push(shown);
    fields.push({ Field, Message });
  };
  const email = validateEmail(input.Email);
  if (email) refuse('Email', email, `E-mail da corretora: ${email}`);
  if (input.Phone) {
    const phone = validatePhone(input.Phone);
    if (phone) refuse('Phone', phone, `Telefone da corretora: ${phone}`);
  }
  if (!getBanks().some((b) => b.Id === input.BankId)) refuse('BankId', 'Banco inválido.');
  const admins = input.ResponsiblePersons.filter(
    (p) => p.ResponsiblePersonTypeId === ResponsiblePersonType.ADMINISTRATOR,
  );
  const officers = input.ResponsiblePersons.filter(
    (p) => p.ResponsiblePersonTypeId === ResponsiblePersonType.FINANCIAL_OFFICER,
  );
  if (admins.length !== 1 || officers.length !== 1) {
    errors.push('Informe um administrador e um responsável financeiro.');
  }
  input.ResponsiblePersons.forEach((p, i) => {
    const label = responsiblePersonTypeLabels[p.ResponsiblePersonTypeId as 1 | 2];
    const at = `ResponsiblePersons.${i}`;
    const cpf = validateCpf(p.Cpf);
    if (cpf) refuse(`${at}.Cpf`, cpf, `${label}: ${cpf}`);
    const mail = validateEmail(p.Email);
    if (mail) refuse(`${at}.Email`, mail, `${label}: ${mail}`);
    if (p.Phone) {
      const phone = validatePhone(p.Phone);
      if (phone) refuse(`${at}.Phone`, phone, `${label}: ${phone}`);
    }
  });
  if (errors.length) throw new AppError(400, errors, 'validation', fields);
};

/** The brokerage row's values of a registration or an update. */
export const companyValues = (input: InsertBrokerBody | UpdateBrokerBody) => ({
  tradeName: input.TradeName ?? null,
  susepProtocol: input.SUSEPProtocol.trim().toUpperCase(),
  email: input.Email.trim().toLowerCase(),
  phone: input.Phone ?? null,
  ...optionalAddressValues(input),
  bankId: input.BankId,
  bankAgency: input.BankAgency.trim(),
  bankAccount: input.BankAccount.trim().toUpperCase(),
  bankAccountTypeId: input.BankAccountTypeId,
});

/** The responsible persons' rows (CPF unmasked, e-mail in lower case). */
export const responsibleValues = (list: ResponsiblePersonInput[]) =>
  list.map((p) => ({
    typeId: p.ResponsiblePersonTypeId,
    name: p.Name.trim(),
    cpf: unmaskCpf(p.Cpf),
    email: p.Email.trim().toLowerCase(),
    phone: p.Phone ?? null,
  }));
