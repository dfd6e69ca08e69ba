import { type RandomSource, randomAlphanumeric, randomDigits } from '../shared/random.js';
import { cnpjCheckDigits, maskCnpj } from './cnpj.js';
import { cpfCheckDigits, maskCpf } from './cpf.js';

export type GenerateOptions = {
  /** Return the masked form. Default false. */
  masked?: boolean;
  /** Source of randomness; pass createSeededRandom(seed) for reproducible seeds. Default Math.random. */
  random?: RandomSource;
};

/** Completes a 9-digit base into a valid CPF. */
export const cpfFromBase = (base: string): string => base + cpfCheckDigits(base);

/** Completes a 12-character base ([0-9A-Z]) into a valid CNPJ. */
export const cnpjFromBase = (base: string): string => base.toUpperCase() + cnpjCheckDigits(base);

/** A valid CPF (never all the same digit). */
export const generateCpf = (options: GenerateOptions = {}): string => {
  const random = options.random ?? Math.random;
  let cpf: string;
  do cpf = cpfFromBase(randomDigits(9, random));
  while (/^(\d)\1{10}$/.test(cpf));
  return options.masked ? maskCpf(cpf) : cpf;
};

export type GenerateCnpjOptions = GenerateOptions & {
  /** Generate an alphanumeric CNPJ (at least one letter in the 12-character base). Default false. */
  alphanumeric?: boolean;
};

/** A valid CNPJ, numeric (8 digits, branch 0001) or alphanumeric (12 random characters). */
export const generateCnpj = (options: GenerateCnpjOptions = {}): string => {
  const random = options.random ?? Math.random;
  let cnpj: string;
  if (options.alphanumeric) {
    let base: string;
    do base = randomAlphanumeric(12, random);
    while (!/[A-Z]/.test(base));
    cnpj = cnpjFromBase(base);
  } else {
    do cnpj = cnpjFromBase(`${randomDigits(8, random)}0001`);
    while (/^(\d)\1{13}$/.test(cnpj));
  }
  return options.masked ? maskCnpj(cnpj) : cnpj;
};
