import { describe, expect, it } from 'vitest';
import { validatePassword } from './password.js';

describe('password policy', () => {
  it('should accept a strong password', () => {
    expect(validatePassword('Aval@2026')).toEqual([]);
  });

  it('should list every rule a weak password breaks', () => {
    expect(validatePassword('abc')).toEqual([
      'A senha deve ter ao menos 8 caracteres.',
      'A senha deve ter ao menos uma letra maiúscula.',
      'A senha deve ter ao menos um número.',
      'A senha deve ter ao menos um caractere especial.',
    ]);
  });

  it('should refuse a password containing the user name', () => {
    expect(validatePassword('Joaquim#2026', { username: 'joaquim@exemplo.com' })).toEqual([
      'A senha não pode conter o nome de usuário.',
    ]);
  });

  it('should refuse passwords above the maximum length', () => {
    expect(validatePassword(`Aa1!${'x'.repeat(130)}`)).toContain(
      'A senha deve ter no máximo 128 caracteres.',
    );
  });
});
