import type { SroRegistration } from '@aval/contracts';
import {
  type SroEventTypeId,
  SroRegistrationStatus,
  type SroRegistrationStatusId,
  sroEventLabels,
  sroRegistrationStatusLabels,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { businessDaysBetween } from '../../lib/business-days.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { rectify } from './record-sro-event.js';
import { queueDelivery } from './sro.queues.js';
import * as repo from './sro.repository.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Business days to the deadline (0: due today), negative when late; null once registered. */
const businessDaysLeft = (r: repo.SroRegistrationRow, today: string) => {
  if (r.statusId === SroRegistrationStatus.REGISTRADA) return null;
  return r.deadline >= today
    ? businessDaysBetween(today, r.deadline)
    : -businessDaysBetween(r.deadline, today);
};

export const toSroView = (r: repo.SroRegistrationRow, today = currentDay()): SroRegistration => ({
  UniqueId: r.uniqueId,
  PolicyUniqueId: r.policyUniqueId,
  PolicyNumber: r.policyNumber,
  EventType: r.eventType as SroEventTypeId,
  EventName: sroEventLabels[r.eventType as SroEventTypeId] ?? r.eventType,
  EventDay: r.eventDay,
  StatusId: r.statusId,
  StatusName: sroRegistrationStatusLabels[r.statusId as SroRegistrationStatusId] ?? String(r.statusId),
  Late: r.statusId !== SroRegistrationStatus.REGISTRADA && r.deadline < today,
  Deadline: r.deadline,
  BusinessDaysLeft: businessDaysLeft(r, today),
  Protocol: r.protocol,
  Rejections: r.rejections,
  Attempts: r.attempts,
  LastError: r.lastError,
  Version: r.version,
  Manual: r.manual,
  SentAt: iso(r.sentAt),
  RegisteredAt: iso(r.registeredAt),
});

/** SearchSroRegistrations: the staff screen's list, nearest deadline first. */
export const searchSroRegistrations = async (
  ctx: UserContext,
  q: {
    StatusId?: number;
    EventType?: string;
    PolicyNumber?: string;
    currentPage: number;
    rowsPerPage: number;
  },
) => {
  const today = currentDay();
  const page = q.currentPage;
  const rowsPerPage = q.rowsPerPage;
  const { rows, total } = await repo.search(
    ctx.db,
    ctx.company.id,
    today,
    { statusId: q.StatusId, eventType: q.EventType, policyNumber: q.PolicyNumber },
    { offset: (page - 1) * rowsPerPage, limit: rowsPerPage },
  );
  return {
    Data: rows.map((r) => toSroView(r, today)),
    Total: total,
    CurrentPage: page,
    RowsPerPage: rowsPerPage,
  };
};

/** A policy's registrations, in the order they were recorded (its detail). */
export const policySroRegistrations = async (
  ctx: Pick<UserContext, 'db' | 'company'>,
  policyUniqueId: string,
) => {
  const today = currentDay();
  return (await repo.ofPolicy(ctx.db, ctx.company.id, policyUniqueId)).map((r) => toSroView(r, today));
};

const load = async (ctx: UserContext, uniqueId: string) => {
  const r = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!r) throw notFound('Registro no SRO não encontrado.');
  return r;
};

/** The policy's current data in the registration's layout (the event's own parts kept). */
const currentPayload = async (ctx: UserContext, r: repo.SroRegistrationRow) => {
  const parts = await ctx.platform.wiring.sroPolicyOwner?.currentParts(ctx, r.policyId);
  return { ...r.payload, ...(parts ?? {}) };
};

/**
 * ResendSroRegistration: a rejected registration (or one still pending) goes again with the
 * policy's data as it is now; a new send, so a new job even when an earlier one completed. The
 * operations waiting behind it (never sent) take the data of now too.
 */
export const resendSroRegistration = async (ctx: UserContext, uniqueId: string) => {
  const r = await load(ctx, uniqueId);
  if (r.statusId === SroRegistrationStatus.REGISTRADA)
    throw unprocessable('Este registro já está registrado: para corrigi-lo, use Retificar.');
  for (const next of await repo.waitingAfter(ctx.db, r))
    await repo.updateRegistration(ctx.db, next.id, { payload: await currentPayload(ctx, next) });
  const saved = await repo.updateRegistration(ctx.db, r.id, {
    statusId: SroRegistrationStatus.PENDENTE,
    sendCount: r.sendCount + 1,
    payload: await currentPayload(ctx, r),
    rejections: [],
    lastError: null,
  });
  await queueDelivery(ctx, saved);
  return toSroView(saved);
};

/** RectifySroRegistration: a registered record sent again with the data of now, as a rectification. */
export const rectifySroRegistration = async (ctx: UserContext, uniqueId: string) => {
  const r = await load(ctx, uniqueId);
  if (r.statusId !== SroRegistrationStatus.REGISTRADA)
    throw unprocessable('Só um registro já registrado pode ser retificado; este pode ser reenviado.');
  return toSroView(await rectify(ctx, r, await currentPayload(ctx, r)));
};

/**
 * RegisterSroManually (and RegisterPolicySro): a protocol obtained outside the system while the
 * registradora was unreachable, recorded as such (Manual).
 */
export const registerSroManually = async (ctx: UserContext, uniqueId: string, protocol: string) => {
  const r = await load(ctx, uniqueId);
  return toSroView(await markManual(ctx, r, protocol));
};

const markManual = async (ctx: UserContext, r: repo.SroRegistrationRow, protocol: string) => {
  if (r.statusId === SroRegistrationStatus.REGISTRADA)
    throw unprocessable('Este registro já está registrado no SRO.');
  const at = currentTime();
  const saved = await repo.updateRegistration(ctx.db, r.id, {
    statusId: SroRegistrationStatus.REGISTRADA,
    protocol,
    registeredAt: at,
    manual: true,
    rejections: [],
    lastError: null,
  });
  await ctx.platform.wiring.sroPolicyOwner?.registered(ctx, {
    policyId: r.policyId,
    eventType: r.eventType as SroEventTypeId,
    protocol,
    at,
  });
  for (const next of await repo.waitingAfter(ctx.db, r)) await queueDelivery(ctx, next, 'wake');
  return saved;
};

/** The policy's issuance registration registered by hand (RegisterPolicySro), when it has one. */
export const registerIssuanceManually = async (ctx: UserContext, policyId: number, protocol: string) => {
  const r = await repo.findByKey(ctx.db, ctx.company.id, `EMISSAO:policy:${policyId}`);
  if (r && r.statusId !== SroRegistrationStatus.REGISTRADA) await markManual(ctx, r, protocol);
};

/** Registrations not registered past their deadline (the home's and BI's count). */
export const lateSroRegistrations = (ctx: Pick<UserContext, 'db' | 'company'>, today = currentDay()) =>
  repo.countLate(ctx.db, ctx.company.id, today);
