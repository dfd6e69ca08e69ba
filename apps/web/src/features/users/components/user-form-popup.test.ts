import { describe, expect, it } from 'vitest';
import { validateUserDraft } from './user-form-popup.js';

const valid = {
  Name: 'Lívia Nascimento',
  Email: 'livia@aurora.demo',
  Document: '529.982.247-25',
  Phone: '(11) 98765-4320',
  UserTypeId: '1',
  ProfileUniqueId: null,
  BrokerId: null,
};

describe('user form validation', () => {
  it('should accept a complete user when every field is valid', () => {
    expect(validateUserDraft(valid)).toEqual({});
  });

  it('should ask for name and e-mail when they are empty', () => {
    expect(validateUserDraft({ ...valid, Name: '', Email: '' })).toEqual({
      Name: 'Informe o nome completo.',
      Email: 'Informe o e-mail.',
    });
  });

  it('should use the spec messages when the document, phone or e-mail are invalid', () => {
    expect(
      validateUserDraft({ ...valid, Document: '111.111.111-11', Phone: '(11) 1234', Email: 'x@y' }),
    ).toEqual({ Document: 'CPF inválido', Phone: 'Telefone inválido', Email: 'E-mail inválido' });
  });

  it('should accept an empty document and phone when they are optional', () => {
    expect(validateUserDraft({ ...valid, Document: '', Phone: '' })).toEqual({});
  });
});
