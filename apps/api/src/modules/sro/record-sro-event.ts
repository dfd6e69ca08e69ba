import { isDeepStrictEqual } from 'node:util';
import type { SroLayout } from '@aval/contracts';
import { type SroEventTypeId, SroRegistrationStatus, sroDeadlineBusinessDays } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { addBusinessDays } from '../../lib/business-days.js';
import { currentDay } from '../../lib/clock.js';
import { queueDelivery } from './sro.queues.js';
import * as repo from './sro.repository.js';

type Ctx = Pick<UserContext, 'db' | 'company' | 'platform'>;

/** What the owner of a change hands over: the operation, its identity and its layout. */
export type SroEvent = {
  policy: { id: number; uniqueId: string; number: string };
  type: SroEventTypeId;
  /** The event's identity within its type (`policy:12`, `installment:40`): one registration each. */
  key: string;
  /** The day the operation happened (Brasília): the deadline counts business days from it. */
  day: string;
  payload: Omit<SroLayout, 'identificadorRegistro' | 'retificacao' | 'tipoOperacao'>;
  /** Already registered elsewhere (an imported policy's protocol): recorded, never sent. */
  registered?: { protocol: string; at: Date };
};

/** The identifier the registradora knows this send by: the same for every retry of one version. */
export const identifierOf = (r: Pick<repo.SroRegistrationRow, 'companyId' | 'eventKey' | 'version'>) =>
  `${r.companyId}.${r.eventKey}.v${r.version}`;

/**
 * Records an operation to register, in the caller's transaction (the outbox), and queues its
 * delivery there too. Recording the same event again changes nothing when its data is the same;
 * with other data, a registration not sent yet takes the new data, and one already registered is
 * rectified (a new version naming the protocol it corrects).
 */
export const recordSroEvent = async (ctx: Ctx, e: SroEvent) => {
  const eventKey = `${e.type}:${e.key}`;
  const payload: SroLayout = {
    ...e.payload,
    tipoOperacao: e.type,
    identificadorRegistro: '',
    retificacao: null,
  };
  const inserted = await repo.insertRegistration(ctx.db, {
    companyId: ctx.company.id,
    policyId: e.policy.id,
    policyUniqueId: e.policy.uniqueId,
    policyNumber: e.policy.number,
    eventType: e.type,
    eventKey,
    eventDay: e.day,
    deadline: addBusinessDays(e.day, sroDeadlineBusinessDays[e.type]),
    payload: { ...payload, identificadorRegistro: `${ctx.company.id}.${eventKey}.v1` },
    ...(e.registered
      ? {
          statusId: SroRegistrationStatus.REGISTRADA,
          protocol: e.registered.protocol,
          registeredAt: e.registered.at,
          manual: true,
        }
      : {}),
  });
  if (inserted) {
    if (!e.registered) await queueDelivery(ctx, inserted);
    return inserted;
  }
  const known = (await repo.findByKey(ctx.db, ctx.company.id, eventKey))!;
  const comparable = (p: SroLayout) => ({ ...p, identificadorRegistro: '', retificacao: null });
  if (isDeepStrictEqual(comparable(known.payload), payload)) return known;
  return known.statusId === SroRegistrationStatus.REGISTRADA
    ? rectify(ctx, known, payload)
    : updatePending(ctx, known, payload);
};

/** A registration not registered yet takes the new data (sent as it is now). */
const updatePending = async (ctx: Ctx, r: repo.SroRegistrationRow, payload: SroLayout) => {
  const saved = await repo.updateRegistration(ctx.db, r.id, {
    payload: { ...payload, identificadorRegistro: identifierOf(r) },
  });
  if (r.statusId === SroRegistrationStatus.PENDENTE) await queueDelivery(ctx, saved);
  return saved;
};

/**
 * A registered record whose data changed: a new version with the data of now, sent as a
 * rectification of the protocol it had (retificacao.protocoloOriginal), under a new deadline.
 */
export const rectify = async (ctx: Ctx, r: repo.SroRegistrationRow, payload: SroLayout) => {
  const version = r.version + 1;
  const saved = await repo.updateRegistration(ctx.db, r.id, {
    version,
    statusId: SroRegistrationStatus.PENDENTE,
    payload: {
      ...payload,
      identificadorRegistro: identifierOf({ ...r, version }),
      retificacao: { protocoloOriginal: r.protocol ?? '' },
    },
    deadline: addBusinessDays(currentDay(), sroDeadlineBusinessDays[r.eventType as SroEventTypeId]),
    rejections: [],
    lastError: null,
    manual: false,
  });
  await queueDelivery(ctx, saved);
  return saved;
};
