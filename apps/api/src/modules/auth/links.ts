import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { companyPortalUrl } from '../portal/index.js';
import { passwordTokens } from './auth.table.js';

export type LinkPurpose = 'recovery' | 'first_access';

export const linkLifetimeSeconds: Record<LinkPurpose, number> = {
  recovery: 60 * 60,
  first_access: 60 * 60 * 24 * 7,
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a single-use link token (only its hash is stored); older open links of that purpose die. */
export const createLinkToken = async (
  db: DbOrTx,
  companyId: number,
  userId: number,
  purpose: LinkPurpose,
) => {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
      ),
    );
  await db.insert(passwordTokens).values({
    companyId,
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + linkLifetimeSeconds[purpose] * 1000),
  });
  return token;
};

export const findOpenLink = async (db: DbOrTx, companyId: number, token: string) => {
  const [row] = await db
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.companyId, companyId),
        eq(passwordTokens.tokenHash, hashToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    );
  return row;
};

export const markLinkUsed = (db: DbOrTx, id: number) =>
  db.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, id));

/** Base URL of the portal for links in e-mails: from configuration, never from the request. */
export const portalBaseUrl = (ctx: TenantContext) => companyPortalUrl(ctx);
