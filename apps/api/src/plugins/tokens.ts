import { randomUUID } from 'node:crypto';
import { allPermissionIds, allUserTypeIds, type PermissionId, type UserTypeId } from '@aval/domain';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { sharedSecret } from '../lib/secrets.js';

const ISSUER = 'aval';
const AUDIENCE = 'aval-portal';

/** Claims of an Aval access token (short-lived, EdDSA-signed). */
export const accessClaims = z.object({
  sub: z.string(),
  cid: z.number().int(),
  utp: z.number().int(),
  prf: z.string().optional(),
  /**
   * Permissions when the token was issued, for information only: the API resolves the user's
   * permissions per request (modules/auth/access.ts) and the stand-alone kanban service asks the
   * API for them (GetCurrentAccess); neither trusts these.
   */
  prm: z.array(z.number().int()).default([]),
  /** The advisor's user id when an advisor acts as a broker. */
  act: z.string().optional(),
  /** The session (refresh-token family) the token belongs to: ended sessions end their tokens. */
  sid: z.string().optional(),
});
export type AccessClaims = z.infer<typeof accessClaims>;

export type TokenKeys = {
  sign: (claims: AccessClaims, ttlSeconds?: number) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims>;
  jwks: () => JSONWebKeySet;
};

type StoredKey = { kid: string; privateJwk: JWK; publicJwk: JWK };

/** Loads (or creates once, shared through the database) the token signing key. */
export const loadTokenKeys = async (db: Db): Promise<TokenKeys> => {
  const raw = await sharedSecret(db, 'token_signing_key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const stored: StoredKey = {
      kid: randomUUID(),
      privateJwk: await exportJWK(privateKey),
      publicJwk: await exportJWK(publicKey),
    };
    return JSON.stringify(stored);
  });
  const stored = JSON.parse(raw) as StoredKey;
  const privateKey = await importJWK(stored.privateJwk, 'EdDSA');
  const publicKey = await importJWK(stored.publicJwk, 'EdDSA');
  const publicJwk = { ...stored.publicJwk, kid: stored.kid, alg: 'EdDSA', use: 'sig' };
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return {
    sign: (claims, ttlSeconds = 900) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid: stored.kid })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(privateKey),
    verify: async (token) => {
      // A token is immutable: its verified claims are remembered until it expires (a signature
      // check per request was ~6 % of a list call's CPU). Expiry is still checked on every use.
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      const { payload } = await jwtVerify(token, publicKey, { issuer: ISSUER, audience: AUDIENCE });
      const claims = accessClaims.parse(payload);
      if (verified.size >= 10_000) verified.clear();
      if (payload.exp) verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    },
    jwks: () => ({ keys: [publicJwk] }),
  };
};

export const isPermission = (n: number): n is PermissionId => (allPermissionIds as number[]).includes(n);
export const isUserType = (n: number): n is UserTypeId => (allUserTypeIds as number[]).includes(n);
