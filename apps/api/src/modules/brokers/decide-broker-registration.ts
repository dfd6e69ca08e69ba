import type { KanbanDecision } from '@aval/contracts';
import { CardType, type CardTypeValue, isInsurance, Permission, ResponsiblePersonType } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { sendFirstAccess } from '../auth/index.js';
import * as kanban from '../kanban/index.js';
import * as users from '../users/index.js';
import { findBroker } from './brokers.access.js';
import { record } from './brokers.history.js';
import { toView } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';
import { createAdministratorUser } from './brokers.users.js';

/**
 * The insurer's decision on a pending registration, from the brokers screen: needs the insurer
 * user type and permission 21 (GERENCIAR_CORRETORES). The registration card's decision arrives
 * through `applyRegistrationCardDecision` instead (the pipe's permission authorised it).
 */
export const decideBrokerRegistration = async (
  ctx: UserContext,
  brokerId: number,
  decision: { approve: boolean; note?: string },
) => {
  if (!isInsurance(ctx.user.userType))
    throw forbidden('Somente a seguradora aprova cadastros de corretoras.');
  if (!ctx.user.permissions.has(Permission.GERENCIAR_CORRETORES)) throw forbidden();
  return applyRegistrationDecision(ctx, brokerId, decision);
};

/** Which of the registration's analyses a card decides (none: the brokers screen decides all). */
type RegistrationPart = 'documentation' | 'compliance' | 'pep';
const partOf: Partial<Record<CardTypeValue, RegistrationPart>> = {
  [CardType.ANALISE_DOCUMENTACAO_CORRETORA]: 'documentation',
  [CardType.ANALISE_CONFORMIDADE_CORRETORA]: 'compliance',
  [CardType.CORRETORA_PEP]: 'pep',
};
const partLabels: Record<RegistrationPart, string> = {
  documentation: 'Documentação',
  compliance: 'Conformidade',
  pep: 'PEP',
};
const registrationCardTypes = [
  CardType.ANALISE_DOCUMENTACAO_CORRETORA,
  CardType.ANALISE_CONFORMIDADE_CORRETORA,
  CardType.CORRETORA_PEP,
];

/**
 * A decision taken on one of the brokerage's registration cards (moved into its pipe's approve or
 * refuse step by `ctx.user`, with the justification): the documentation and compliance cards must
 * both be approved to activate the brokerage; refusing either (or its PEP card) refuses the
 * registration with the reason. A PEP card of an already analysed brokerage only records the decision.
 */
export const applyRegistrationCardDecision = async (ctx: UserContext, decision: KanbanDecision) => {
  const row = await repo.findBrokerByUniqueId(ctx.db, ctx.company.id, decision.cardRef);
  if (!row) throw notFound('Corretora não encontrada.');
  const part = partOf[decision.cardType as CardTypeValue];
  const approve = decision.decision === 'approve';
  if (part === 'pep' && !row.broker.waitingValidation) {
    const note = decision.justification?.trim();
    await record(ctx, row.broker.id, [
      {
        field: 'Compliance',
        old: null,
        new: `PEP ${approve ? 'aprovado' : 'reprovado'}${note ? ` — ${note}` : ''}`.slice(0, 200),
      },
    ]);
    await kanban.closeCard(ctx, {
      cardType: CardType.CORRETORA_PEP,
      cardRef: row.broker.uniqueId,
      decision: approve ? 'approve' : 'refuse',
    });
    return;
  }
  await applyRegistrationDecision(ctx, row.broker.id, { approve, note: decision.justification }, part);
};

type Decision = { approve: boolean; note?: string };
type BrokerRow = NonNullable<Awaited<ReturnType<typeof repo.findBrokerById>>>['broker'];

/** Closes the brokerage's registration cards still open (all but `except`) in the decision's step. */
const closeRegistrationCards = async (
  ctx: UserContext,
  cardRef: string,
  decision: 'approve' | 'refuse',
  except?: CardTypeValue,
) => {
  for (const cardType of registrationCardTypes)
    if (cardType !== except) await kanban.closeCard(ctx, { cardType, cardRef, decision });
};

/** Rejection: the brokerage is inactivated with the reason and all its registration cards closed. */
const refuseRegistration = async (
  ctx: UserContext,
  broker: BrokerRow,
  note: string | undefined,
  part?: RegistrationPart,
) => {
  if (!note) throw unprocessable('Informe o motivo da reprovação.');
  await repo.updateBrokerRow(ctx.db, ctx.company.id, broker.id, { isActive: false });
  await record(ctx, broker.id, [
    {
      field: 'Registration',
      old: 'Aguardando validação',
      new: `${part ? `Reprovado na análise de ${partLabels[part]}` : 'Reprovado'} — ${note}`.slice(0, 200),
    },
  ]);
  await closeRegistrationCards(ctx, broker.uniqueId, 'refuse');
};

/** Approval of one analysis: recorded and its card closed; whether the brokerage may now be activated. */
const approvePart = async (
  ctx: UserContext,
  broker: BrokerRow,
  note: string | undefined,
  part: RegistrationPart,
) => {
  const now = currentTime();
  const done = {
    documentationApprovedAt: part === 'documentation' ? now : (broker.documentationApprovedAt ?? null),
    hasPendingComplianceValidation: part === 'compliance' ? false : broker.hasPendingComplianceValidation,
  };
  await repo.updateBrokerRow(ctx.db, ctx.company.id, broker.id, done);
  await record(ctx, broker.id, [
    {
      field: part === 'documentation' ? 'Documents' : 'Compliance',
      old: null,
      new: `${partLabels[part]} aprovada${note ? ` — ${note}` : ''}`.slice(0, 200),
    },
  ]);
  const cardType = registrationCardTypes.find((t) => partOf[t] === part)!;
  await kanban.closeCard(ctx, { cardType, cardRef: broker.uniqueId, decision: 'approve' });
  // Activated only once both the documentation and the compliance cards are approved.
  return Boolean(done.documentationApprovedAt) && !done.hasPendingComplianceValidation;
};

/** The brokerage's users, the administrator's created first when it has none (older data). */
const usersToWelcome = async (ctx: UserContext, brokerId: number) => {
  const members = await users.usersOfBroker(ctx, brokerId);
  if (members.length > 0) return members;
  // A brokerage registered without a user (older data): its administrator gets one now.
  const admin = (await repo.responsiblePersonsOf(ctx.db, ctx.company.id, brokerId)).find(
    (p) => p.typeId === ResponsiblePersonType.ADMINISTRATOR,
  );
  if (!admin || (await users.findUserByUsername(ctx, admin.email))) return members;
  await createAdministratorUser(ctx, brokerId, admin);
  return users.usersOfBroker(ctx, brokerId);
};

/** Activation: WaitingValidation and the compliance flag cleared, first-access links e-mailed. */
const activateBrokerage = async (
  ctx: UserContext,
  broker: BrokerRow,
  note: string | undefined,
  part?: RegistrationPart,
) => {
  await repo.updateBrokerRow(ctx.db, ctx.company.id, broker.id, {
    waitingValidation: false,
    hasPendingComplianceValidation: false,
    documentationApprovedAt: broker.documentationApprovedAt ?? currentTime(),
    approvedAt: currentTime(),
    approvedByUserId: ctx.user.userId,
  });
  await record(ctx, broker.id, [
    {
      field: 'Registration',
      old: 'Aguardando validação',
      new: note && !part ? `Aprovado — ${note}` : 'Aprovado',
    },
  ]);
  for (const u of await usersToWelcome(ctx, broker.id)) {
    if (!u.user.passwordHash && u.user.isActive)
      await sendFirstAccess(ctx, u.user.id, u.person.name, u.user.username);
  }
  // The screen decides everything: the registration cards still open are closed.
  if (!part) await closeRegistrationCards(ctx, broker.uniqueId, 'approve');
};

/**
 * Approval of the whole registration (the brokers screen) or of its last pending analysis clears
 * WaitingValidation and the compliance flag and e-mails first-access links to the brokerage's
 * users without a password; approving one analysis only records it and closes its card. Rejection
 * inactivates the brokerage and closes all its registration cards.
 */
const applyRegistrationDecision = async (
  ctx: UserContext,
  brokerId: number,
  decision: Decision,
  part?: RegistrationPart,
) => {
  const row = await repo.findBrokerById(ctx.db, ctx.company.id, brokerId);
  if (!row) throw notFound('Corretora não encontrada.');
  if (!row.broker.waitingValidation) throw unprocessable('O cadastro desta corretora já foi analisado.');
  const note = decision.note?.trim();
  if (!decision.approve) await refuseRegistration(ctx, row.broker, note, part);
  else if (!part || (await approvePart(ctx, row.broker, note, part))) {
    await activateBrokerage(ctx, row.broker, note, part);
  }
  return toView(ctx, (await findBroker(ctx, brokerId))!);
};
