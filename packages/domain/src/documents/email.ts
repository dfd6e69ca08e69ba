export const EMAIL_INVALID_MESSAGE = 'E-mail inválido';

/** Spec §5: local part, @, domain and a 2 to 4 letter suffix. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

export const isValidEmail = (value: string | null | undefined): boolean =>
  EMAIL_PATTERN.test((value ?? '').trim());

export const validateEmail = (value: string | null | undefined): string | undefined =>
  isValidEmail(value) ? undefined : EMAIL_INVALID_MESSAGE;
