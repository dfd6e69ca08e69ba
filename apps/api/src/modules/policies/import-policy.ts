import {
  brazilNoon,
  type PolicyNumberParts,
  PolicyStatus,
  SRO_REGISTRATION_BUSINESS_DAYS,
  SroEventType,
  SroStatus,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { addBusinessDays } from '../../lib/business-days.js';
import { currentDay } from '../../lib/clock.js';
import * as repo from './policies.repository.js';
import { issueMovement, type NewPolicy } from './policies.service.js';
import { recordPolicySro } from './policies.sro.js';

/**
 * A policy issued by the insurer's earlier system (domain.md, "Importação de carteira"), as it was
 * issued there: its number, issue day, SRO registration and cancellation kept.
 */
export type ImportedPolicy = NewPolicy & {
  number: string;
  parts: PolicyNumberParts;
  issuedOn: string;
  sroProtocol: string | null;
  sroRegisteredOn: string | null;
  cancellation: { on: string; reason: string | null; restitution: string | null } | null;
};

/** The numbers among `numbers` the company's policies already have. */
export const takenPolicyNumbers = (ctx: Pick<UserContext, 'db' | 'company'>, numbers: string[]) =>
  numbers.length ? repo.takenNumbers(ctx.db, ctx.company.id, numbers) : Promise.resolve([]);

/**
 * Records an imported policy: Cancelada when it was cancelled, Vencida when its vigência ended,
 * else Emitida; its SRO deadline counted from its issue day; the branch counter raised past its
 * number, so the numbers issued here continue after it. The caller has validated the number.
 */
export const importPolicy = async (
  ctx: Pick<UserContext, 'db' | 'company' | 'platform'>,
  p: ImportedPolicy,
) => {
  const { number, parts, issuedOn, sroProtocol, sroRegisteredOn, cancellation, ...policy } = p;
  await repo.raiseSequence(ctx.db, ctx.company.id, policy.branchCode, parts.sequence);
  const statusId = cancellation
    ? PolicyStatus.CANCELADA
    : policy.endDate < currentDay()
      ? PolicyStatus.VENCIDA
      : PolicyStatus.EMITIDA;
  const registered = sroProtocol ? { on: sroRegisteredOn ?? issuedOn, protocol: sroProtocol } : null;
  const row = await repo.insertPolicy(ctx.db, {
    ...policy,
    companyId: ctx.company.id,
    number,
    sequence: parts.sequence,
    statusId,
    issuedAt: brazilNoon(issuedOn),
    sroDeadline: addBusinessDays(issuedOn, SRO_REGISTRATION_BUSINESS_DAYS),
    sroStatusId: registered ? SroStatus.REGISTRADA : SroStatus.PENDENTE,
    sroRegisteredAt: registered ? brazilNoon(registered.on) : null,
    sroProtocol: registered?.protocol ?? null,
    premiumMovements: [issueMovement(policy)],
    ...(cancellation
      ? {
          cancelledAt: brazilNoon(cancellation.on),
          cancelReason: cancellation.reason,
          cancelRestitution: cancellation.restitution,
        }
      : {}),
  });
  // Its issuance in the SRO: registered there (the protocol it brings, recorded as manual) or due
  // now, 2 business days from its issue day (sent by the queue like any other).
  await recordPolicySro(ctx, row, {
    type: SroEventType.EMISSAO,
    key: `policy:${row.id}`,
    day: issuedOn,
    registered: registered ? { protocol: registered.protocol, at: brazilNoon(registered.on) } : undefined,
  });
  return row;
};
