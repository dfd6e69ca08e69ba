import { isBroker } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { brokerScope, inScope } from '../../lib/visibility.js';
import * as documents from '../documents/index.js';
import type { BrokerRecord } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';

/** Which brokerage a call is about, and who may see it. */

/** The brokerage of a broker or agent user (403 when the user has none). */
export const ownBrokerId = async (ctx: UserContext) => {
  const { brokerId } = await ctx.links();
  if (!brokerId) throw forbidden('Seu usuário não está vinculado a uma corretora.', 'broker_missing');
  return brokerId;
};

export type BrokerRef = { id?: number; uniqueId?: string };

/** The brokerages with their pending required documents (one query through the documents service). */
export const withPendingDocs = async (
  ctx: TenantContext,
  rows: readonly repo.BrokerNamed[],
): Promise<BrokerRecord[]> => {
  const counts = await documents.pendingRequiredCounts(
    ctx,
    'broker',
    rows.map((r) => r.broker.id),
  );
  return rows.map((r) => ({ ...r, pendingDocs: counts.get(r.broker.id) ?? 0 }));
};

/** A brokerage of the company by id (no visibility check: callers scope it). */
export const findBroker = async (ctx: TenantContext, id: number): Promise<BrokerRecord | undefined> => {
  const row = await repo.findBrokerById(ctx.db, ctx.company.id, id);
  return row && (await withPendingDocs(ctx, [row]))[0];
};

/**
 * The SUSEP code each brokerage's record holds now, by id (the SRO registrations identify the
 * policy's intermediaries by it); ids of no brokerage of the company are left out.
 */
export const susepCodes = async (ctx: Pick<TenantContext, 'db' | 'company'>, ids: readonly number[]) => {
  const codes = new Map<number, string>();
  for (const id of new Set(ids)) {
    const row = await repo.findBrokerById(ctx.db, ctx.company.id, id);
    if (row) codes.set(id, row.broker.susepProtocol);
  }
  return codes;
};

/** Whether `id` is a brokerage of the caller's company (a user's BrokerId must be one). */
export const isBrokerOfCompany = async (ctx: TenantContext, id: number) =>
  Boolean(await repo.findBrokerById(ctx.db, ctx.company.id, id));

/**
 * Whether a brokerage's registration still waits for the insurer (or was refused): its users may
 * not sign in, recover or set a password until it is approved.
 */
export const registrationNotApproved = async (ctx: TenantContext, id: number) => {
  const row = await repo.findBrokerById(ctx.db, ctx.company.id, id);
  return Boolean(row?.broker.waitingValidation);
};

/** A user of a brokerage whose registration the insurer has not approved yet (auth's account hold). */
export const brokerageOnHold = async (ctx: TenantContext, user: { brokerId: number | null }) =>
  user.brokerId !== null && (await registrationNotApproved(ctx, user.brokerId));

/** brokers.id of a brokerage of the company by its UniqueId (no visibility check: callers scope it). */
export const brokerIdByUniqueId = async (ctx: TenantContext, uniqueId: string) =>
  (await repo.findBrokerByUniqueId(ctx.db, ctx.company.id, uniqueId))?.broker.id;

/**
 * The broker a call is about: a broker or agent always gets its own (another one is 404); insurer
 * staff name any; an advisor names one of the brokerages it advises (lib/visibility.ts).
 */
export const resolveBroker = async (ctx: UserContext, ref: BrokerRef = {}): Promise<BrokerRecord> => {
  const named = ref.id !== undefined || ref.uniqueId !== undefined;
  if (isBroker(ctx.user.userType)) {
    const own = await ownBrokerId(ctx);
    if (!named) return (await findBroker(ctx, own))!;
  } else if (!named) throw badRequest('Informe a corretora.', 'broker_required');
  const row =
    ref.id !== undefined
      ? await repo.findBrokerById(ctx.db, ctx.company.id, ref.id)
      : await repo.findBrokerByUniqueId(ctx.db, ctx.company.id, ref.uniqueId!);
  if (!row || !inScope(await brokerScope(ctx), { brokerId: row.broker.id })) {
    throw notFound('Corretora não encontrada.');
  }
  return (await withPendingDocs(ctx, [row]))[0]!;
};
