/** Password policy of Aval, with pt-BR messages (every rule that fails is reported). */
export const passwordPolicy = { minLength: 8, maxLength: 128 } as const;

export const validatePassword = (password: string, context: { username?: string } = {}): string[] => {
  const errors: string[] = [];
  if (password.length < passwordPolicy.minLength) {
    errors.push(`A senha deve ter ao menos ${passwordPolicy.minLength} caracteres.`);
  }
  if (password.length > passwordPolicy.maxLength) {
    errors.push(`A senha deve ter no máximo ${passwordPolicy.maxLength} caracteres.`);
  }
  if (!/[a-z]/.test(password)) errors.push('A senha deve ter ao menos uma letra minúscula.');
  if (!/[A-Z]/.test(password)) errors.push('A senha deve ter ao menos uma letra maiúscula.');
  if (!/\d/.test(password)) errors.push('A senha deve ter ao menos um número.');
  if (!/[^A-Za-z0-9]/.test(password)) errors.push('A senha deve ter ao menos um caractere especial.');
  const user = context.username?.split('@')[0]?.toLowerCase();
  if (user && user.length >= 3 && password.toLowerCase().includes(user)) {
    errors.push('A senha não pode conter o nome de usuário.');
  }
  return errors;
};
