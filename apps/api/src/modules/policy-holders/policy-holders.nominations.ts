import {
  type KanbanDecision,
  NominationStatus,
  nominationStatusLabels,
  type PolicyHolderNomination,
  type PolicyHolderValidation,
} from '@aval/contracts';
import { CardType, isBroker, isInsurance, maskCpfCnpj, toDec } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { policyHolderScope } from '../../lib/visibility.js';
import { brokerIdByUniqueId, findBroker } from '../brokers/index.js';
import * as kanban from '../kanban/index.js';
import * as users from '../users/index.js';
import { record } from './policy-holders.history.js';
import { limitsOf } from './policy-holders.limits.js';
import * as locationsRepo from './policy-holders.locations.repository.js';
import * as nominationsRepo from './policy-holders.nominations.repository.js';
import * as repo from './policy-holders.repository.js';
import { toBranch } from './policy-holders.view.js';

/**
 * Whether a CNPJ can receive a new proposal. Its limits, blocks and state go only to callers who
 * may see the policy holder (lib/visibility.ts: insurer staff, brokerages it nominated, itself);
 * anyone else learns that it is registered and how to ask for a nomination, nothing more.
 */
export const validateForNewProposal = async (
  ctx: UserContext,
  document: string,
): Promise<PolicyHolderValidation> => {
  const base: PolicyHolderValidation = {
    Found: false,
    PolicyHolderUniqueId: null,
    Name: null,
    Document: document,
    IsBlocked: false,
    IsRestrictiveBlocked: false,
    IsActive: false,
    IsNominated: false,
    NominationPending: false,
    LimitStatus: 'SemLimite',
    AvailableLimit: '0.00',
    CanProceed: false,
    Messages: [],
    Branches: [],
    Rates: [],
  };
  const holder = await repo.findByDocument(ctx.db, ctx.company.id, document);
  if (!holder) {
    return {
      ...base,
      Messages: ['Tomador não cadastrado nesta seguradora. Solicite o cadastro do tomador.'],
    };
  }
  if (!(await repo.isVisible(ctx.db, ctx.company.id, await policyHolderScope(ctx), holder.id))) {
    return notVisibleAnswer(ctx, holder, base);
  }
  const messages: string[] = [];
  if (holder.isBlocked) messages.push('Tomador bloqueado.');
  if (holder.isRestrictiveBlocked) messages.push('Tomador bloqueado por restritivos.');
  if (!holder.isActive) messages.push('Tomador inativo.');
  const limits = await limitsOf(ctx, holder);
  const available = toDec(limits.EffectiveAvailable);
  const hasLimit = toDec(limits.Global.Limit).gt(0);
  const limitStatus = !hasLimit ? 'SemLimite' : available.gt(0) ? 'Disponivel' : 'Esgotado';
  if (limitStatus === 'SemLimite')
    messages.push('Tomador sem limite de crédito aprovado: a proposta passará pela análise de crédito.');
  if (limitStatus === 'Esgotado')
    messages.push('Limite de crédito do tomador esgotado: a proposta passará pela análise de crédito.');
  // A broker sees a policy holder through an approved nomination of its brokerage.
  const canProceed = !holder.isBlocked && !holder.isRestrictiveBlocked && holder.isActive;
  return {
    Found: true,
    PolicyHolderUniqueId: holder.uniqueId,
    Name: holder.name,
    Document: holder.document,
    IsBlocked: holder.isBlocked,
    IsRestrictiveBlocked: holder.isRestrictiveBlocked,
    IsActive: holder.isActive,
    IsNominated: true,
    NominationPending: false,
    LimitStatus: limitStatus,
    AvailableLimit: limits.EffectiveAvailable,
    CanProceed: canProceed,
    Messages: messages,
    Branches: (await locationsRepo.listBranches(ctx.db, ctx.company.id, holder.id)).map(toBranch),
    Rates: limits.Modalities.flatMap((m) => (m.Rate ? [{ ModalityId: m.ModalityId, Rate: m.Rate }] : [])),
  };
};

/** A registered policy holder the caller may not see: that it exists and how to be nominated. */
const notVisibleAnswer = async (
  ctx: UserContext,
  holder: { id: number; document: string },
  base: PolicyHolderValidation,
): Promise<PolicyHolderValidation> => {
  const brokerId = isBroker(ctx.user.userType) ? (await ctx.links()).brokerId : undefined;
  const pending =
    brokerId !== undefined &&
    (
      await nominationsRepo.listNominations(ctx.db, ctx.company.id, { brokerId, policyHolderId: holder.id })
    ).some((n) => n.nomination.statusId === NominationStatus.PENDENTE);
  const message =
    brokerId === undefined
      ? 'Tomador cadastrado nesta seguradora, mas fora dos tomadores que você pode consultar. Para propor a ele, a corretora precisa solicitar a nomeação ao tomador.'
      : pending
        ? 'A solicitação de nomeação deste tomador aguarda análise da seguradora.'
        : 'Sua corretora não está nomeada por este tomador. Solicite a nomeação.';
  return {
    ...base,
    Found: true,
    Document: holder.document,
    IsBlocked: null,
    IsRestrictiveBlocked: null,
    IsActive: null,
    NominationPending: pending,
    LimitStatus: null,
    AvailableLimit: null,
    Messages: [message],
  };
};

/** Nominations with the name of who asked for each (users service). */
const nominationsOf = async (ctx: UserContext, f: { brokerId?: number; policyHolderId?: number }) => {
  const rows = await nominationsRepo.listNominations(ctx.db, ctx.company.id, f);
  const names = await users.userNames(
    ctx,
    rows.map((n) => n.nomination.requestedByUserId),
  );
  return rows.map((n) => ({
    ...n,
    requestedByName: (n.nomination.requestedByUserId && names.get(n.nomination.requestedByUserId)) || null,
  }));
};

const toNomination = (
  n: nominationsRepo.NominationJoined & { requestedByName: string | null },
): PolicyHolderNomination => ({
  Id: n.nomination.id,
  UniqueId: n.nomination.uniqueId,
  PolicyHolderUniqueId: n.holder.uniqueId,
  PolicyHolderName: n.holder.name,
  PolicyHolderDocument: n.holder.document,
  BrokerId: n.nomination.brokerId,
  StatusId: n.nomination.statusId,
  StatusName: nominationStatusLabels[n.nomination.statusId] ?? String(n.nomination.statusId),
  Justification: n.nomination.justification,
  RequestedByName: n.requestedByName,
  CreatedAt: n.nomination.createdAt.toISOString(),
  DecidedAt: n.nomination.decidedAt?.toISOString() ?? null,
});

export const requestNomination = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId?: string; Cnpj?: string; Justification?: string | null },
) => {
  const links = await ctx.links();
  if (!links.brokerId) throw unprocessable('Seu usuário não está vinculado a uma corretora.');
  const holder = body.PolicyHolderUniqueId
    ? await repo.findByUniqueId(ctx.db, ctx.company.id, body.PolicyHolderUniqueId)
    : await repo.findByDocument(ctx.db, ctx.company.id, body.Cnpj!);
  if (!holder) throw notFound('Tomador não encontrado.');
  const existing = await nominationsRepo.listNominations(ctx.db, ctx.company.id, {
    brokerId: links.brokerId,
    policyHolderId: holder.id,
  });
  if (existing.some((n) => n.nomination.statusId === NominationStatus.APROVADA)) {
    throw conflict('Sua corretora já está nomeada por este tomador.');
  }
  if (existing.some((n) => n.nomination.statusId === NominationStatus.PENDENTE)) {
    throw conflict('Já existe uma solicitação de nomeação pendente para este tomador.');
  }
  const row = await nominationsRepo.insertNomination(ctx.db, {
    companyId: ctx.company.id,
    policyHolderId: holder.id,
    brokerId: links.brokerId,
    statusId: NominationStatus.PENDENTE,
    justification: body.Justification ?? null,
    requestedByUserId: ctx.user.userId,
  });
  await record(ctx, holder.id, [
    { field: 'Nomination', old: null, new: `Solicitada pela corretora ${links.brokerId}` },
  ]);
  await kanban.openCard(ctx, {
    cardType: CardType.NOMEACAO_TOMADOR,
    cardRef: row.uniqueId,
    cpfCnpj: holder.document,
    cardData: {
      header: holder.name,
      body: `Corretora solicitante: ${(await findBroker(ctx, links.brokerId))?.name ?? links.brokerId} · CNPJ do tomador ${maskCpfCnpj(holder.document)}`,
      footer: body.Justification?.trim() || null,
    },
  });
  const [joined] = (await nominationsOf(ctx, { policyHolderId: holder.id })).filter(
    (n) => n.nomination.id === row.id,
  );
  return toNomination(joined!);
};

/** Resolves `brokerUniqueId` (UniqueId of brokers, or the integer id) to brokers.id of this company. */
const brokerIdOf = async (ctx: UserContext, ref: string) => {
  if (/^\d+$/.test(ref)) return Number(ref);
  if (!/^[0-9a-f-]{36}$/i.test(ref)) throw badRequest('Corretora inválida.');
  const id = await brokerIdByUniqueId(ctx, ref);
  if (id === undefined) throw notFound('Corretora não encontrada.');
  return id;
};

export const nominatedByBroker = async (ctx: UserContext, brokerRef: string) => {
  const brokerId = await brokerIdOf(ctx, brokerRef);
  if (!isInsurance(ctx.user.userType)) {
    const own = isBroker(ctx.user.userType) ? (await ctx.links()).brokerId : undefined;
    if (own !== brokerId) {
      throw forbidden('Você só pode consultar as nomeações da sua corretora.');
    }
  }
  return (await nominationsOf(ctx, { brokerId })).map(toNomination);
};

/** Decides a pending nomination: approved, the policy holder enters the brokerage's lists. */
export const decideNomination = (ctx: UserContext, nominationId: number, approve: boolean) =>
  nominationsRepo.decideNomination(ctx.db, ctx.company.id, nominationId, {
    statusId: approve ? NominationStatus.APROVADA : NominationStatus.RECUSADA,
    userId: ctx.user.userId,
  });

/**
 * The decision taken on a NOMEACAO_TOMADOR card (its ref is the nomination's UniqueId): the
 * nomination is approved or refused as the user who moved the card, the policy holder's history
 * says so (with the justification) and the card is closed.
 */
export const applyNominationCardDecision = async (ctx: UserContext, decision: KanbanDecision) => {
  const nomination = await nominationsRepo.findNominationByUniqueId(ctx.db, ctx.company.id, decision.cardRef);
  if (!nomination) throw notFound('Solicitação de nomeação não encontrada.');
  if (nomination.statusId !== NominationStatus.PENDENTE) {
    throw unprocessable('Esta solicitação de nomeação já foi analisada.');
  }
  const approve = decision.decision === 'approve';
  await decideNomination(ctx, nomination.id, approve);
  const note = decision.justification?.trim();
  const outcome = approve ? 'Aprovada' : 'Recusada';
  await record(ctx, nomination.policyHolderId, [
    {
      field: 'Nomination',
      old: 'Pendente',
      new: `${outcome} para a corretora ${nomination.brokerId}${note ? ` — ${note}` : ''}`,
    },
  ]);
  await kanban.closeCard(ctx, {
    cardType: CardType.NOMEACAO_TOMADOR,
    cardRef: nomination.uniqueId,
    decision: approve ? 'approve' : 'refuse',
  });
};

/** GetCardPolicyHolderNomeationRequestInfo: the nomination of a card, with its brokerage. */
export const nominationCardInfo = async (ctx: UserContext, ref: string) => {
  const row = /^\d+$/.test(ref)
    ? await nominationsRepo.findNominationById(ctx.db, ctx.company.id, Number(ref))
    : await nominationsRepo.findNominationByUniqueId(ctx.db, ctx.company.id, ref);
  if (!row) throw notFound('Solicitação de nomeação não encontrada.');
  const [joined] = (await nominationsOf(ctx, { policyHolderId: row.policyHolderId })).filter(
    (n) => n.nomination.id === row.id,
  );
  const broker = await findBroker(ctx, row.brokerId);
  return {
    ...toNomination(joined!),
    BrokerUniqueId: broker?.broker.uniqueId ?? null,
    BrokerName: broker?.name ?? null,
    BrokerCpfCnpj: broker ? maskCpfCnpj(broker.broker.cnpj) : null,
  };
};

/** The nomination's brokerage, the other side of a NOMEACAO_TOMADOR card (undefined: no such nomination). */
export const nominationCounterpart = async (ctx: UserContext, ref: string) => {
  const info = await nominationCardInfo(ctx, ref).catch(() => undefined);
  if (!info) return undefined;
  const id = info.BrokerUniqueId ? await brokerIdByUniqueId(ctx, info.BrokerUniqueId) : undefined;
  const broker = id === undefined ? undefined : await findBroker(ctx, id);
  return { email: broker?.broker.email ?? null };
};
