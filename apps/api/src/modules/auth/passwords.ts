import { hash } from '@node-rs/argon2';

/** argon2id (algorithm 2 of @node-rs/argon2) with OWASP parameters: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = 2;

export const hashPassword = (password: string) =>
  hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
