import { randomBytes } from 'node:crypto';
import type { InsertBrokerBody } from '@aval/contracts';
import {
  CardType,
  type CardTypeValue,
  formatDate,
  maskCnpj,
  ResponsiblePersonType,
  unmaskCnpj,
  unmaskCpf,
  validateCnpj,
  validateEmail,
} from '@aval/domain';
import type { TenantContext } from '../../context.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { AppError, badRequest, conflict, unprocessable } from '../../lib/errors.js';
import { hashToken, portalBaseUrl } from '../auth/index.js';
import * as documents from '../documents/index.js';
import * as kanban from '../kanban/index.js';
import { getBanks } from '../parameterisation/index.js';
import * as pep from '../pep/index.js';
import * as users from '../users/index.js';
import { defaultBrokerDocuments, ownerOf } from './brokers.documents.js';
import { record } from './brokers.history.js';
import { registrationLinkMail, registrationReceivedMail } from './brokers.mail.js';
import * as repo from './brokers.repository.js';
import { responsiblePeopleOf } from './brokers.service.js';
import { createAdministratorUser } from './brokers.users.js';
import { companyValues, responsibleValues, validateCompany } from './brokers.validation.js';

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
  const expiresAt = new Date(currentTime().getTime() + registrationLinkDays * 24 * 60 * 60 * 1000);
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

/** The registration's link, CNPJ, data and administrator e-mail, checked (400, 409 or 422 otherwise). */
const checkRegistration = async (ctx: TenantContext, input: InsertBrokerBody) => {
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
  return { cnpj, request, admin, adminEmail };
};

/**
 * /completar-cadastro: creates the brokerage waiting for validation, its responsible persons, the
 * administrator user (no password yet) and the requested documents. It shows as pending on the
 * broker list until `decideBrokerRegistration` approves it.
 */
export const insertBroker = async (ctx: TenantContext, input: InsertBrokerBody) => {
  const { cnpj, request, admin, adminEmail } = await checkRegistration(ctx, input);
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
  const hits = await pep.screen(ctx, await responsiblePeopleOf(ctx, broker.id), currentDay());
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

export { applyRegistrationCardDecision, decideBrokerRegistration } from './decide-broker-registration.js';
