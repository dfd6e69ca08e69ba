import { Dec, toDec } from '@aval/domain';
import type { TenantContext } from '../../context.js';
import * as limitsRepo from './policy-holders.limits.repository.js';
import * as repo from './policy-holders.repository.js';
import type { ExposureKind } from './policy-holders.table.js';

/**
 * The exposure ledger (domain.md §5; architecture.md §5): the outstanding insured amount of each
 * policy holder, written by proposals (reserve on approval, release when dropped), issuance
 * (reservation → policy), endorsements (IS delta) and cancellations (release). Every function is
 * idempotent: it writes only the difference between what its reference holds and what it should
 * hold, so a retried job never counts twice. Callers pass their own transaction in `ctx.db`.
 */
type LedgerCtx = Pick<TenantContext, 'db' | 'company'>;

type Entry = limitsRepo.ExposureRow;
type Bucket = { policyHolderId: number; modalityId: number | null; net: Dec };

const m2 = (v: Dec) => v.toFixed(2);

/** Net amount per policy holder and modality of a set of entries. */
const buckets = (entries: Entry[]): Bucket[] => {
  const out = new Map<string, Bucket>();
  for (const e of entries) {
    const key = `${e.policyHolderId}:${e.modalityId ?? ''}`;
    const b = out.get(key) ?? { policyHolderId: e.policyHolderId, modalityId: e.modalityId, net: new Dec(0) };
    b.net = b.net.add(toDec(e.amount));
    out.set(key, b);
  }
  return [...out.values()];
};

/** The reservation part of a proposal's entries (its converted policy entries carry it too). */
const reservation = (entries: Entry[]) =>
  entries.filter((e) => e.kind === 'RESERVA_PROPOSTA' || e.kind === 'LIBERACAO_PROPOSTA');

const netOf = (entries: Entry[]) => entries.reduce((acc, e) => acc.add(toDec(e.amount)), new Dec(0));

const lockAll = async (ctx: LedgerCtx, holderIds: number[]) => {
  for (const id of [...new Set(holderIds)].sort((a, b) => a - b))
    await limitsRepo.lockHolderLedger(ctx.db, id);
};

export type ProposalReservation = {
  proposalId: number;
  policyHolderId: number;
  modalityId: number | null;
  /** The proposal's insured amount (IS), decimal string. */
  amount: string;
};

/**
 * Reserves the proposal's IS (a no-op once the proposal was converted into a policy) on its policy holder (an approved proposal counts in "Utilizado").
 * Calling it again with another amount or holder moves the reservation; same values: no entry.
 */
export const reserveForProposal = async (ctx: LedgerCtx, r: ProposalReservation) => {
  const all = await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { proposalId: r.proposalId });
  if (all.some((e) => e.policyId !== null)) return { reserved: '0.00' };
  const entries = reservation(all);
  await lockAll(ctx, [r.policyHolderId, ...entries.map((e) => e.policyHolderId)]);
  const rows: limitsRepo.NewExposure[] = [];
  let current = new Dec(0);
  for (const b of buckets(entries)) {
    if (b.policyHolderId === r.policyHolderId && b.modalityId === r.modalityId) current = b.net;
    else if (!b.net.isZero())
      rows.push(entry(ctx, b, b.net.neg(), 'LIBERACAO_PROPOSTA', { proposalId: r.proposalId }));
  }
  const delta = toDec(r.amount).sub(current);
  if (!delta.isZero())
    rows.push(
      entry(
        ctx,
        { policyHolderId: r.policyHolderId, modalityId: r.modalityId },
        delta,
        delta.isNeg() ? 'LIBERACAO_PROPOSTA' : 'RESERVA_PROPOSTA',
        {
          proposalId: r.proposalId,
        },
      ),
    );
  await limitsRepo.insertExposures(ctx.db, rows);
  return { reserved: m2(toDec(r.amount)) };
};

/** Releases whatever the proposal holds (refused, cancelled, expired or sent back to the broker). */
export const releaseForProposal = async (ctx: LedgerCtx, proposalId: number) => {
  const all = await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { proposalId });
  if (all.some((e) => e.policyId !== null)) return { released: '0.00' };
  const entries = reservation(all);
  await lockAll(
    ctx,
    entries.map((e) => e.policyHolderId),
  );
  const open = buckets(entries).filter((b) => !b.net.isZero());
  await limitsRepo.insertExposures(
    ctx.db,
    open.map((b) => entry(ctx, b, b.net.neg(), 'LIBERACAO_PROPOSTA', { proposalId })),
  );
  return { released: m2(open.reduce((acc, b) => acc.add(b.net), new Dec(0))) };
};

export type PolicyConversion = {
  proposalId: number;
  policyId: number;
  policyHolderId: number;
  modalityId: number | null;
  /** The policy's IS, decimal string. */
  amount: string;
};

/**
 * On issue: the proposal's reservation becomes the policy's exposure. Idempotent per policy (a
 * second call for a policy that already has entries writes nothing).
 */
export const convertToPolicy = async (ctx: LedgerCtx, c: PolicyConversion) => {
  const existing = await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { policyId: c.policyId });
  if (existing.length) return { outstanding: m2(netOf(existing)) };
  const reserved = reservation(
    await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { proposalId: c.proposalId }),
  );
  await lockAll(ctx, [c.policyHolderId, ...reserved.map((e) => e.policyHolderId)]);
  const rows = buckets(reserved)
    .filter((b) => !b.net.isZero())
    .map((b) => entry(ctx, b, b.net.neg(), 'LIBERACAO_PROPOSTA', { proposalId: c.proposalId }));
  rows.push(
    entry(ctx, { policyHolderId: c.policyHolderId, modalityId: c.modalityId }, toDec(c.amount), 'APOLICE', {
      proposalId: c.proposalId,
      policyId: c.policyId,
    }),
  );
  await limitsRepo.insertExposures(ctx.db, rows);
  return { outstanding: m2(toDec(c.amount)) };
};

export type EndorsementAdjustment = {
  policyId: number;
  endorsementId: number;
  /** Change of the policy's IS (positive raises, negative lowers), decimal string. */
  delta: string;
};

/**
 * An endorsement changing the IS: adds its delta to the policy's exposure. Idempotent per
 * endorsement. The policy must have been converted (convertToPolicy) first.
 */
export const adjustForEndorsement = async (ctx: LedgerCtx, a: EndorsementAdjustment) => {
  const done = await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { endorsementId: a.endorsementId });
  const policy = await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { policyId: a.policyId });
  if (done.length) return { outstanding: m2(netOf(policy)) };
  const base = policy.find((e) => e.kind === 'APOLICE');
  if (!base) throw new Error(`policy ${a.policyId} has no exposure: convertToPolicy first`);
  const delta = toDec(a.delta);
  await lockAll(ctx, [base.policyHolderId]);
  await limitsRepo.insertExposures(ctx.db, [
    entry(ctx, { policyHolderId: base.policyHolderId, modalityId: base.modalityId }, delta, 'ENDOSSO', {
      policyId: a.policyId,
      endorsementId: a.endorsementId,
      proposalId: base.proposalId,
    }),
  ]);
  return { outstanding: m2(netOf(policy).add(delta)) };
};

/** A cancelled policy releases its whole outstanding exposure (idempotent: nothing left, nothing written). */
export const releaseForCancellation = async (
  ctx: LedgerCtx,
  c: { policyId: number; endorsementId?: number | null },
) => {
  const entries = await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { policyId: c.policyId });
  await lockAll(
    ctx,
    entries.map((e) => e.policyHolderId),
  );
  const open = buckets(entries).filter((b) => !b.net.isZero());
  await limitsRepo.insertExposures(
    ctx.db,
    open.map((b) =>
      entry(ctx, b, b.net.neg(), 'CANCELAMENTO', {
        policyId: c.policyId,
        endorsementId: c.endorsementId ?? null,
      }),
    ),
  );
  return { released: m2(open.reduce((acc, b) => acc.add(b.net), new Dec(0))) };
};

/** What a proposal holds in the ledger now (0 when not reserved or already converted). */
export const proposalReserved = async (ctx: LedgerCtx, proposalId: number) =>
  m2(netOf(reservation(await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { proposalId }))));

/** Outstanding IS of a policy (0 after cancellation). */
export const policyOutstanding = async (ctx: LedgerCtx, policyId: number) =>
  m2(netOf(await limitsRepo.exposureEntries(ctx.db, ctx.company.id, { policyId })));

/** Outstanding IS of a policy holder and, when it has one, of its economic group. */
export const outstanding = async (ctx: LedgerCtx, policyHolderId: number) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  const groupId = holder?.economicGroupId ?? null;
  const ids = groupId ? await limitsRepo.groupMemberIds(ctx.db, ctx.company.id, groupId) : [policyHolderId];
  const rows = await limitsRepo.exposuresOf(
    ctx.db,
    ctx.company.id,
    ids.includes(policyHolderId) ? ids : [...ids, policyHolderId],
  );
  let own = new Dec(0);
  let group = new Dec(0);
  for (const r of rows) {
    const a = toDec(r.amount ?? '0');
    group = group.add(a);
    if (r.policyHolderId === policyHolderId) own = own.add(a);
  }
  return { holder: m2(own), economicGroupId: groupId, group: groupId ? m2(group) : null };
};

const entry = (
  ctx: LedgerCtx,
  at: { policyHolderId: number; modalityId: number | null },
  amount: Dec,
  kind: ExposureKind,
  refs: { proposalId?: number | null; policyId?: number | null; endorsementId?: number | null },
): limitsRepo.NewExposure => ({
  companyId: ctx.company.id,
  policyHolderId: at.policyHolderId,
  modalityId: at.modalityId,
  amount: m2(amount),
  kind,
  proposalId: refs.proposalId ?? null,
  policyId: refs.policyId ?? null,
  endorsementId: refs.endorsementId ?? null,
});
