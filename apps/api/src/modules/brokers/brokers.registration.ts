import { randomBytes } from 'node:crypto';
import type { InsertBrokerBody, KanbanDecision } from '@aval/contracts';
import {
  CardType,
  type CardTypeValue,
  formatDate,
  isInsurance,
  maskCnpj,
  Permission,
  ResponsiblePersonType,
  todayInBrazil,
  UserType,
  unmaskCnpj,
  unmaskCpf,
  validateCnpj,
  validateEmail,
} from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { hashToken, portalBaseUrl, sendFirstAccess } from '../auth/index.js';
import * as documents from '../documents/index.js';
import * as kanban from '../kanban/index.js';
import { getBanks } from '../parameterisation/index.js';
import * as pep from '../pep/index.js';
import * as users from '../users/index.js';
import { defaultBrokerDocuments, ownerOf } from './brokers.documents.js';
import { registrationLinkMail, registrationReceivedMail } from './brokers.mail.js';
import { toView } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';
import {
  companyValues,
  findBroker,
  record,
  responsiblePeopleOf,
  responsibleValues,
  validateCompany,
} from './brokers.service.js';

/** Lifetime of the /completar-cadastro link. */
export const registrationLinkDays = 7;

const normaliseCnpj = (value: string) => {
  const message = validateCnpj(value);
  if (message) throw badRequest(message, 'cnpj_invalid');
  return unmaskCnpj(value).toUpperCase();
};

// ---------------------------------------------------------------- onboarding

/**
 * /iniciar-cadastro: validates the CNPJ, refuses a registered one and e-mails a single-use link to
 * /completar-cadastro/{cnpj}?token=...; with a token, only checks the link.
 */
export const validateRegistrationRequest = async (
  ctx: TenantContext,
  q: { Cnpj: string; Email?: string; Token?: string },
) => {
  const cnpj = normaliseCnpj(q.Cnpj);
  if (q.Token) {
    const request = await repo.findOpenRegistration(ctx.db, ctx.company.id, hashToken(q.Token));
    if (!request || request.cnpj !== cnpj) {
      throw unprocessable(
        'Link de cadastro inválido ou expirado. Solicite um novo link em "Iniciar cadastro".',
        'registration_link_invalid',
      );
    }
    return {
      Cnpj: maskCnpj(cnpj),
      Email: request.email,
      ExpiresAt: request.expiresAt.toISOString(),
      TokenValid: true,
      Banks: getBanks(),
    };
  }
  const email = q.Email?.trim().toLowerCase() ?? '';
  if (!email) throw badRequest('Informe o e-mail para receber o link de cadastro.', 'validation');
  const emailError = validateEmail(email);
  if (emailError) throw badRequest(emailError, 'validation');
  if (await repo.findBrokerByCnpj(ctx.db, ctx.company.id, cnpj)) {
    throw conflict(
      'Esta corretora já está cadastrada. Se você já tem acesso, entre com seu usuário ou recupere a senha.',
      'broker_exists',
    );
  }
  if ((await repo.countRecentRequests(ctx.db, ctx.company.id, cnpj, 60)) >= 5) {
    throw new AppError(
      429,
      'Muitas solicitações para este CNPJ. Aguarde alguns minutos e tente novamente.',
      'too_many_requests',
    );
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + registrationLinkDays * 24 * 60 * 60 * 1000);
  await repo.insertRegistrationRequest(ctx.db, {
    companyId: ctx.company.id,
    cnpj,
    email,
    tokenHash: hashToken(token),
    expiresAt,
    requestIp: ctx.ip,
  });
  const link = `${await portalBaseUrl(ctx)}/completar-cadastro/${cnpj}?token=${token}`;
  const mail = registrationLinkMail(ctx.company.name, maskCnpj(cnpj), link, registrationLinkDays);
  await ctx.platform.jobs.send(ctx.platform.queues.sendMail, { to: email, ...mail }, { tx: ctx.db });
  return {
    Cnpj: maskCnpj(cnpj),
    Email: email,
    ExpiresAt: expiresAt.toISOString(),
    TokenValid: true,
    Banks: [],
  };
};

/** The brokerage's administrator user: type 2, default 'Corretor' profile, no password yet. */
const createAdministratorUser = (
  ctx: TenantContext,
  brokerId: number,
  admin: { name: string; cpf: string; email: string; phone: string | null },
) =>
  users.createUserWithDefaultProfile(ctx, {
    userTypeId: UserType.BROKER,
    preferredProfile: 'Corretor',
    name: admin.name,
    document: admin.cpf,
    email: admin.email,
    phone: admin.phone,
    brokerId,
  });

/**
 * /completar-cadastro: creates the brokerage waiting for validation, its responsible persons, the
 * administrator user (no password yet) and the requested documents. It shows as pending on the
 * broker list until `decideBrokerRegistration` approves it.
 */
export const insertBroker = async (ctx: TenantContext, input: InsertBrokerBody) => {
  const cnpj = normaliseCnpj(input.Cnpj);
  const request = await repo.findOpenRegistration(ctx.db, ctx.company.id, hashToken(input.Token));
  if (!request || request.cnpj !== cnpj) {
    throw unprocessable(
      'Link de cadastro inválido ou expirado. Solicite um novo link em "Iniciar cadastro".',
      'registration_link_invalid',
    );
  }
  if (await repo.findBrokerByCnpj(ctx.db, ctx.company.id, cnpj)) {
    throw conflict('Esta corretora já está cadastrada.', 'broker_exists');
  }
  validateCompany(input);
  const admin = input.ResponsiblePersons.find(
    (p) => p.ResponsiblePersonTypeId === ResponsiblePersonType.ADMINISTRATOR,
  )!;
  const adminEmail = admin.Email.trim().toLowerCase();
  if (await users.findUserByUsername(ctx, adminEmail)) {
    throw conflict(
      'Já existe um usuário com o e-mail do administrador. Informe outro e-mail.',
      'user_exists',
    );
  }
  const values = companyValues(input);
  const person = await users.createPerson(ctx, {
    name: input.Name.trim(),
    document: cnpj,
    email: values.email,
    phone: values.phone,
  });
  const broker = await repo.insertBrokerRow(ctx.db, {
    ...values,
    companyId: ctx.company.id,
    personId: person.id,
    cnpj,
    waitingValidation: true,
    hasPendingDocuments: true,
    hasPendingComplianceValidation: true,
  });
  await repo.replaceResponsiblePersons(
    ctx.db,
    ctx.company.id,
    broker.id,
    responsibleValues(input.ResponsiblePersons),
  );
  await createAdministratorUser(ctx, broker.id, {
    name: admin.Name.trim(),
    cpf: unmaskCpf(admin.Cpf),
    email: adminEmail,
    phone: admin.Phone ?? null,
  });
  await documents.ensureDefaultDocuments(ctx, ownerOf(broker.id), defaultBrokerDocuments);
  await repo.completeRegistration(ctx.db, request.id, broker.id);
  await record(ctx, broker.id, [
    { field: 'Registration', old: null, new: 'Enviado para análise da seguradora' },
  ]);
  const mail = registrationReceivedMail(ctx.company.name, input.Name.trim());
  await ctx.platform.jobs.send(ctx.platform.queues.sendMail, { to: request.email, ...mail }, { tx: ctx.db });
  await openRegistrationCards(ctx, broker, input.Name.trim());
  return {
    BrokerUniqueId: broker.uniqueId,
    WaitingValidation: true,
    Message:
      'Cadastro enviado para análise da seguradora. Quando for aprovado, o administrador receberá por e-mail o link para criar a senha.',
  };
};

type RegistrationRow = {
  id: number;
  uniqueId: string;
  cnpj: string;
  susepProtocol: string | null;
  createdAt: Date;
};

/** The brokerage's name, CNPJ and SUSEP, shown on each of its registration cards. */
const brokerCardData = (broker: RegistrationRow, name: string, footer: string) => ({
  header: name,
  body: `CNPJ ${maskCnpj(broker.cnpj)}${broker.susepProtocol ? ` · SUSEP ${broker.susepProtocol}` : ''}`,
  footer,
});

const pepNames = (hits: pep.PepHit[]) => hits.map((h) => `${h.name} (${h.role || 'PEP'})`).join(', ');

/**
 * The registration's cards: documentation (ANALISE_DOCUMENTACAO_CORRETORA) and compliance
 * (ANALISE_CONFORMIDADE_CORRETORA) in the cadastro pipe, both to be approved before the brokerage
 * is activated; the responsible persons are screened against the insurer's PEP list and a match
 * opens CORRETORA_PEP in the PEP pipe (its name and role on the compliance card and in the history).
 */
const openRegistrationCards = async (ctx: TenantContext, broker: RegistrationRow, name: string) => {
  const sent = `Cadastro enviado em ${formatDate(broker.createdAt)}`;
  const card = (cardType: CardTypeValue, footer: string) => ({
    cardType,
    cardRef: broker.uniqueId,
    cpfCnpj: broker.cnpj,
    cardData: brokerCardData(broker, name, footer),
  });
  await kanban.openCard(ctx, card(CardType.ANALISE_DOCUMENTACAO_CORRETORA, sent));
  const hits = await pep.screen(ctx, await responsiblePeopleOf(ctx, broker.id), todayInBrazil());
  const pepText = hits.length ? `Responsável na lista de PEP: ${pepNames(hits)}` : null;
  await kanban.openCard(
    ctx,
    card(CardType.ANALISE_CONFORMIDADE_CORRETORA, pepText ? `${sent} · ${pepText}` : sent),
  );
  if (pepText) {
    await kanban.openCard(ctx, card(CardType.CORRETORA_PEP, pepText));
    await record(ctx, broker.id, [{ field: 'Compliance', old: null, new: pepText.slice(0, 200) }]);
  }
};

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
    await kanban.closeCard(ctx, { cardType: CardType.CORRETORA_PEP, cardRef: row.broker.uniqueId });
    return;
  }
  await applyRegistrationDecision(ctx, row.broker.id, { approve, note: decision.justification }, part);
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
  decision: { approve: boolean; note?: string },
  part?: RegistrationPart,
) => {
  const row = await repo.findBrokerById(ctx.db, ctx.company.id, brokerId);
  if (!row) throw notFound('Corretora não encontrada.');
  if (!row.broker.waitingValidation) throw unprocessable('O cadastro desta corretora já foi analisado.');
  const note = decision.note?.trim();
  const cardRef = row.broker.uniqueId;
  const closeAll = async (except?: CardTypeValue) => {
    for (const cardType of registrationCardTypes)
      if (cardType !== except) await kanban.closeCard(ctx, { cardType, cardRef });
  };
  if (!decision.approve) {
    if (!note) throw unprocessable('Informe o motivo da reprovação.');
    await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, { isActive: false });
    await record(ctx, brokerId, [
      {
        field: 'Registration',
        old: 'Aguardando validação',
        new: `${part ? `Reprovado na análise de ${partLabels[part]}` : 'Reprovado'} — ${note}`.slice(0, 200),
      },
    ]);
    await closeAll();
    return toView(ctx, (await findBroker(ctx, brokerId))!);
  }
  if (part) {
    const now = new Date();
    const done = {
      documentationApprovedAt: part === 'documentation' ? now : (row.broker.documentationApprovedAt ?? null),
      hasPendingComplianceValidation:
        part === 'compliance' ? false : row.broker.hasPendingComplianceValidation,
    };
    await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, done);
    await record(ctx, brokerId, [
      {
        field: part === 'documentation' ? 'Documents' : 'Compliance',
        old: null,
        new: `${partLabels[part]} aprovada${note ? ` — ${note}` : ''}`.slice(0, 200),
      },
    ]);
    const cardType = registrationCardTypes.find((t) => partOf[t] === part)!;
    await kanban.closeCard(ctx, { cardType, cardRef });
    // Activated only once both the documentation and the compliance cards are approved.
    if (!done.documentationApprovedAt || done.hasPendingComplianceValidation) {
      return toView(ctx, (await findBroker(ctx, brokerId))!);
    }
  }
  await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, {
    waitingValidation: false,
    hasPendingComplianceValidation: false,
    documentationApprovedAt: row.broker.documentationApprovedAt ?? new Date(),
    approvedAt: new Date(),
    approvedByUserId: ctx.user.userId,
  });
  await record(ctx, brokerId, [
    {
      field: 'Registration',
      old: 'Aguardando validação',
      new: note && !part ? `Aprovado — ${note}` : 'Aprovado',
    },
  ]);
  let members = await users.usersOfBroker(ctx, brokerId);
  if (members.length === 0) {
    // A brokerage registered without a user (older data): its administrator gets one now.
    const admin = (await repo.responsiblePersonsOf(ctx.db, ctx.company.id, brokerId)).find(
      (p) => p.typeId === ResponsiblePersonType.ADMINISTRATOR,
    );
    if (admin && !(await users.findUserByUsername(ctx, admin.email))) {
      await createAdministratorUser(ctx, brokerId, admin);
      members = await users.usersOfBroker(ctx, brokerId);
    }
  }
  for (const u of members) {
    if (!u.user.passwordHash && u.user.isActive)
      await sendFirstAccess(ctx, u.user.id, u.person.name, u.user.username);
  }
  // The screen decides everything: the registration cards still open are closed.
  if (!part) await closeAll();
  return toView(ctx, (await findBroker(ctx, brokerId))!);
};
