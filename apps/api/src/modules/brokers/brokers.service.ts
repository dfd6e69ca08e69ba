import { randomBytes } from 'node:crypto';
import {
  type BrokerCommission,
  type BrokerStatusView,
  type BrokerSummary,
  type BrokerView,
  bankAccountTypeLabels,
  brokerStatusLabels,
  type InsertBrokerBody,
  type ResponsiblePersonInput,
  type UpdateBrokerBody,
} from '@aval/contracts';
import {
  isAdvisor,
  isBroker,
  isInsurance,
  maskCnpj,
  Permission,
  ResponsiblePersonType,
  responsiblePersonTypeLabels,
  toDec,
  UserType,
  unmaskCnpj,
  unmaskCpf,
  validateCnpj,
  validateCpf,
  validateEmail,
  validatePhone,
} from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import {
  AppError,
  badRequest,
  conflict,
  type FieldError,
  forbidden,
  notFound,
  unprocessable,
} from '../../lib/errors.js';
import { brokerScope, inScope, type Scope } from '../../lib/visibility.js';
import { hashToken, portalBaseUrl } from '../auth/links.js';
import * as history from '../change-history/change-history.service.js';
import * as documents from '../documents/documents.service.js';
import { optionalAddressValues } from '../locations/locations.service.js';
import { getBanks } from '../parameterisation/installments.service.js';
import * as users from '../users/users.service.js';
import { defaultBrokerDocuments } from './brokers.documents.js';
import { registrationLinkMail, registrationReceivedMail } from './brokers.mail.js';
import * as repo from './brokers.repository.js';

type Owner = documents.Owner;
const ownerOf = (brokerId: number): Owner => ({ type: 'broker', id: brokerId });

/** Lifetime of the /completar-cadastro link. */
export const registrationLinkDays = 7;

/** The brokerage as owner of a change history. */
export const brokerHistory = history.historyOwnerType('Broker', 'Corretora', {
  Name: { label: 'Razão social' },
  TradeName: { label: 'Nome fantasia' },
  SUSEPProtocol: { label: 'Registro SUSEP' },
  Email: { label: 'E-mail' },
  Phone: { label: 'Telefone' },
  ZipCode: { label: 'CEP' },
  AddressName: { label: 'Endereço' },
  Number: { label: 'Número' },
  Complement: { label: 'Complemento' },
  Neighborhood: { label: 'Bairro' },
  StateProvinceId: { label: 'Estado' },
  CityId: { label: 'Cidade' },
  BankId: { label: 'Banco', show: (v) => bankName(Number(v)) ?? String(v) },
  BankAgency: { label: 'Agência' },
  BankAccount: { label: 'Conta' },
  BankAccountTypeId: { label: 'Tipo de conta', show: (v) => bankAccountTypeLabels[Number(v)] ?? String(v) },
  ComissionPercentage: { label: 'Percentual de comissão', kind: 'percent' },
  ResponsiblePersons: { label: 'Responsáveis' },
  IsBlocked: { label: 'Bloqueio' },
  Registration: { label: 'Cadastro' },
  Documents: { label: 'Documentos' },
});

// ---------------------------------------------------------------- mapping

const bankName = (bankId: number | null) => {
  if (bankId === null) return null;
  const bank = getBanks().find((b) => b.Id === bankId);
  return bank ? `${bank.Code} - ${bank.Name}` : null;
};

const statusKey = (b: repo.BrokerRow): BrokerView['StatusKey'] =>
  !b.isActive ? 'inactive' : b.isBlocked ? 'blocked' : b.waitingValidation ? 'pending' : 'active';

const pct = (v: string | number) => toDec(v).toFixed(2);

const toSummary = (
  row: repo.BrokerWithPerson,
  advised: BrokerSummary['AdvisedUsers'] = [],
): BrokerSummary => {
  const b = row.broker;
  const key = statusKey(b);
  return {
    Id: b.id,
    UniqueId: b.uniqueId,
    Name: row.person.name,
    TradeName: b.tradeName,
    CpfCnpj: maskCnpj(b.cnpj),
    SUSEPProtocol: b.susepProtocol,
    Email: b.email,
    WaitingValidation: b.waitingValidation,
    HasPendingDocuments: row.pendingDocs > 0,
    HasPendingComplianceValidation: b.hasPendingComplianceValidation,
    IsBlocked: b.isBlocked,
    IsActive: b.isActive,
    StatusKey: key,
    StatusName: brokerStatusLabels[key],
    CreatedAt: b.createdAt.toISOString(),
    AdvisedUsers: advised,
  };
};

const toView = async (ctx: TenantContext, row: repo.BrokerWithPerson): Promise<BrokerView> => {
  const b = row.broker;
  const people = await repo.responsiblePersonsOf(ctx.db, ctx.company.id, b.id);
  const { AdvisedUsers: _, ...summary } = toSummary(row);
  return {
    ...summary,
    PersonId: b.personId,
    Phone: b.phone,
    ZipCode: b.zipCode,
    AddressName: b.addressName,
    Number: b.number,
    Complement: b.complement,
    Neighborhood: b.neighborhood,
    StateProvinceId: b.stateProvinceId,
    CityId: b.cityId,
    BankId: b.bankId,
    BankName: bankName(b.bankId),
    BankAgency: b.bankAgency,
    BankAccount: b.bankAccount,
    BankAccountTypeId: b.bankAccountTypeId,
    BankAccountTypeName: b.bankAccountTypeId ? (bankAccountTypeLabels[b.bankAccountTypeId] ?? null) : null,
    ComissionPercentage: pct(b.comissionPercentage),
    ApprovedAt: b.approvedAt?.toISOString() ?? null,
    ResponsiblePersons: people.map((p) => ({
      Id: p.id,
      ResponsiblePersonTypeId: p.typeId,
      ResponsiblePersonTypeName: responsiblePersonTypeLabels[p.typeId as 1 | 2] ?? String(p.typeId),
      Name: p.name,
      Cpf: p.cpf,
      Email: p.email,
      Phone: p.phone,
    })),
  };
};

// ---------------------------------------------------------------- scope

/** The brokerage of a broker or agent user (403 when the user has none). */
export const ownBrokerId = async (ctx: UserContext) => {
  const { brokerId } = await ctx.links();
  if (!brokerId) throw forbidden('Seu usuário não está vinculado a uma corretora.', 'broker_missing');
  return brokerId;
};

type BrokerRef = { id?: number; uniqueId?: string };

/** brokers.id of a brokerage of the company by its UniqueId (no visibility check: callers scope it). */
export const brokerIdByUniqueId = async (ctx: TenantContext, uniqueId: string) =>
  (await repo.findBrokerByUniqueId(ctx.db, ctx.company.id, uniqueId))?.broker.id;

/**
 * The broker a call is about: a broker or agent always gets its own (another one is 404); insurer
 * staff name any; an advisor names one of the brokerages it advises (lib/visibility.ts).
 */
export const resolveBroker = async (
  ctx: UserContext,
  ref: BrokerRef = {},
): Promise<repo.BrokerWithPerson> => {
  const named = ref.id !== undefined || ref.uniqueId !== undefined;
  if (isBroker(ctx.user.userType)) {
    const own = await ownBrokerId(ctx);
    if (!named) return (await repo.findBrokerById(ctx.db, ctx.company.id, own))!;
  } else if (!named) throw badRequest('Informe a corretora.', 'broker_required');
  const row =
    ref.id !== undefined
      ? await repo.findBrokerById(ctx.db, ctx.company.id, ref.id)
      : await repo.findBrokerByUniqueId(ctx.db, ctx.company.id, ref.uniqueId!);
  if (!row || !inScope(await brokerScope(ctx), { brokerId: row.broker.id })) {
    throw notFound('Corretora não encontrada.');
  }
  return row;
};

// ---------------------------------------------------------------- validation

const validateCompany = (input: {
  Email: string;
  Phone?: string | null;
  BankId: number;
  ResponsiblePersons: ResponsiblePersonInput[];
}) => {
  const errors: string[] = [];
  const fields: FieldError[] = [];
  const refuse = (Field: string, Message: string, shown = Message) => {
    errors.push(shown);
    fields.push({ Field, Message });
  };
  const email = validateEmail(input.Email);
  if (email) refuse('Email', email, `E-mail da corretora: ${email}`);
  if (input.Phone) {
    const phone = validatePhone(input.Phone);
    if (phone) refuse('Phone', phone, `Telefone da corretora: ${phone}`);
  }
  if (!getBanks().some((b) => b.Id === input.BankId)) refuse('BankId', 'Banco inválido.');
  const admins = input.ResponsiblePersons.filter(
    (p) => p.ResponsiblePersonTypeId === ResponsiblePersonType.ADMINISTRATOR,
  );
  const officers = input.ResponsiblePersons.filter(
    (p) => p.ResponsiblePersonTypeId === ResponsiblePersonType.FINANCIAL_OFFICER,
  );
  if (admins.length !== 1 || officers.length !== 1) {
    errors.push('Informe um administrador e um responsável financeiro.');
  }
  input.ResponsiblePersons.forEach((p, i) => {
    const label = responsiblePersonTypeLabels[p.ResponsiblePersonTypeId as 1 | 2];
    const at = `ResponsiblePersons.${i}`;
    const cpf = validateCpf(p.Cpf);
    if (cpf) refuse(`${at}.Cpf`, cpf, `${label}: ${cpf}`);
    const mail = validateEmail(p.Email);
    if (mail) refuse(`${at}.Email`, mail, `${label}: ${mail}`);
    if (p.Phone) {
      const phone = validatePhone(p.Phone);
      if (phone) refuse(`${at}.Phone`, phone, `${label}: ${phone}`);
    }
  });
  if (errors.length) throw new AppError(400, errors, 'validation', fields);
};

const normaliseCnpj = (value: string) => {
  const message = validateCnpj(value);
  if (message) throw badRequest(message, 'cnpj_invalid');
  return unmaskCnpj(value).toUpperCase();
};

const companyValues = (input: InsertBrokerBody | UpdateBrokerBody) => ({
  tradeName: input.TradeName ?? null,
  susepProtocol: input.SUSEPProtocol.trim().toUpperCase(),
  email: input.Email.trim().toLowerCase(),
  phone: input.Phone ?? null,
  ...optionalAddressValues(input),
  bankId: input.BankId,
  bankAgency: input.BankAgency.trim(),
  bankAccount: input.BankAccount.trim().toUpperCase(),
  bankAccountTypeId: input.BankAccountTypeId,
});

const responsibleValues = (list: ResponsiblePersonInput[]) =>
  list.map((p) => ({
    typeId: p.ResponsiblePersonTypeId,
    name: p.Name.trim(),
    cpf: unmaskCpf(p.Cpf),
    email: p.Email.trim().toLowerCase(),
    phone: p.Phone ?? null,
  }));

// ---------------------------------------------------------------- history

/** Anonymous callers (a public registration) are recorded as 'Sistema'. */
const record = (
  ctx: TenantContext & { user?: { userId: number } },
  brokerId: number,
  changes: history.FieldChange[],
) => history.recordChanges(ctx, brokerHistory.of(brokerId), changes);

const peopleText = (
  list: { typeId: number; name: string; cpf: string; email: string; phone: string | null }[],
) =>
  list
    .map(
      (p) =>
        `${responsiblePersonTypeLabels[p.typeId as 1 | 2]}: ${p.name} (${p.cpf}, ${p.email}${p.phone ? `, ${p.phone}` : ''})`,
    )
    .join('; ');

export const getChangeHistory = async (
  ctx: UserContext,
  q: { brokerId?: number; currentPage: number; rowsPerPage: number },
) => {
  const { broker } = await resolveBroker(ctx, { id: q.brokerId });
  return history.pageChangeHistory(ctx, { types: [brokerHistory], ownerIds: [broker.id] }, q);
};

// ---------------------------------------------------------------- reads

export const getBrokerView = async (ctx: UserContext, ref: BrokerRef) =>
  toView(ctx, await resolveBroker(ctx, ref));

export const searchBrokers = async (
  ctx: UserContext,
  q: {
    searchValue?: string;
    IgnoreInactive?: boolean;
    Status?: 'pending' | 'active' | 'blocked' | 'inactive';
    currentPage: number;
    rowsPerPage: number;
  },
) => {
  let scope: Scope | undefined;
  let advised: Awaited<ReturnType<typeof users.advisedBrokerUsers>> = [];
  let onlyOperating = false;
  if (isAdvisor(ctx.user.userType)) {
    if (!ctx.user.permissions.has(Permission.LISTAR_CORRETORES_ASSESSOR)) throw forbidden();
    scope = await brokerScope(ctx);
    advised = await users.advisedBrokerUsers(ctx, ctx.user.userId);
  } else if (isBroker(ctx.user.userType)) {
    // Choosing a co-broker: every brokerage that may operate (not only the caller's own).
    onlyOperating = true;
  } else if (
    !ctx.user.permissions.has(Permission.GERENCIAR_CORRETORES) &&
    !ctx.user.permissions.has(Permission.VISUALIZAR_CORRETORES)
  ) {
    throw forbidden();
  }
  const { rows, total } = await repo.searchBrokers(ctx.db, ctx.company.id, {
    search: q.searchValue,
    ignoreInactive: q.IgnoreInactive,
    status: onlyOperating ? undefined : q.Status,
    onlyOperating,
    scope,
    page: q.currentPage,
    rows: q.rowsPerPage,
  });
  return {
    Data: rows.map((r) =>
      toSummary(
        r,
        advised
          .filter((a) => a.brokerId === r.broker.id)
          .map((a) => ({ UserId: a.userId, UniqueId: a.uniqueId, Name: a.name, Username: a.username })),
      ),
    ),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};

export const validateBrokerStatus = async (
  ctx: UserContext,
  brokerId?: number,
): Promise<BrokerStatusView> => {
  const row = await resolveBroker(ctx, { id: brokerId });
  const b = row.broker;
  const messages: string[] = [];
  if (!b.isActive) messages.push('A corretora está inativa.');
  if (b.isBlocked) messages.push('A corretora está bloqueada. Entre em contato com a seguradora.');
  if (b.waitingValidation) messages.push('O cadastro da corretora aguarda a validação da seguradora.');
  else if (b.hasPendingComplianceValidation)
    messages.push('A corretora tem validação de conformidade pendente.');
  if (row.pendingDocs > 0) {
    messages.push(
      row.pendingDocs === 1
        ? 'A corretora tem 1 documento obrigatório pendente.'
        : `A corretora tem ${row.pendingDocs} documentos obrigatórios pendentes.`,
    );
  }
  return {
    BrokerId: b.id,
    BrokerUniqueId: b.uniqueId,
    IsActive: b.isActive,
    IsBlocked: b.isBlocked,
    WaitingValidation: b.waitingValidation,
    HasPendingDocuments: row.pendingDocs > 0,
    HasPendingComplianceValidation: b.hasPendingComplianceValidation,
    PendingRequiredDocuments: row.pendingDocs,
    CanOperate: messages.length === 0,
    Messages: messages,
  };
};

export const getFinancialData = async (ctx: UserContext, brokerUniqueId?: string) => {
  const { broker: b } = await resolveBroker(ctx, { uniqueId: brokerUniqueId });
  const bank = b.bankId === null ? undefined : getBanks().find((x) => x.Id === b.bankId);
  return {
    BrokerId: b.id,
    BrokerUniqueId: b.uniqueId,
    BankId: b.bankId,
    BankCode: bank?.Code ?? null,
    BankName: bank?.Name ?? null,
    BankAgency: b.bankAgency,
    BankAccount: b.bankAccount,
    BankAccountTypeId: b.bankAccountTypeId,
    BankAccountTypeName: b.bankAccountTypeId ? (bankAccountTypeLabels[b.bankAccountTypeId] ?? null) : null,
    ComissionPercentage: pct(b.comissionPercentage),
  };
};

/**
 * Commission range per active modality: the broker's own range (broker_commissions) when set, else
 * the modality's range with the broker's default percentage kept inside it.
 */
export const getProposalCommissions = async (
  ctx: UserContext,
  brokerId?: number,
): Promise<BrokerCommission[]> => {
  const { broker: b } = await resolveBroker(ctx, { id: brokerId });
  const [list, overrides] = await Promise.all([
    repo.activeModalities(ctx.db, ctx.company.id),
    repo.commissionsOf(ctx.db, ctx.company.id, b.id),
  ]);
  return list.map((m) => {
    const own = overrides.find((o) => o.modalityId === m.id);
    const min = toDec(own?.minPercentage ?? m.minCommissionPercentage);
    const max = toDec(own?.maxPercentage ?? m.maxCommissionPercentage);
    const wanted = toDec(own?.defaultPercentage ?? b.comissionPercentage);
    const chosen = wanted.lessThan(min) ? min : wanted.greaterThan(max) ? max : wanted;
    return {
      ModalityId: m.id,
      ModalityUniqueId: m.uniqueId,
      ModalityName: m.name,
      MinComissionPercentage: min.toFixed(2),
      MaxComissionPercentage: max.toFixed(2),
      DefaultComissionPercentage: chosen.toFixed(2),
      IsBrokerSpecific: own !== undefined,
    };
  });
};

// ---------------------------------------------------------------- writes

export const updateBroker = async (ctx: UserContext, input: UpdateBrokerBody) => {
  const row = await resolveBroker(ctx, { uniqueId: input.UniqueId });
  const b = row.broker;
  if (isBroker(ctx.user.userType) && !ctx.user.permissions.has(Permission.GERENCIAR_CORRETORA))
    throw forbidden();
  if (isInsurance(ctx.user.userType) && !ctx.user.permissions.has(Permission.GERENCIAR_CORRETORES))
    throw forbidden();
  if (
    input.ComissionPercentage !== undefined &&
    !isInsurance(ctx.user.userType) &&
    !toDec(input.ComissionPercentage).equals(toDec(b.comissionPercentage))
  ) {
    throw forbidden(
      'Somente a seguradora altera o percentual de comissão da corretora.',
      'commission_insurer_only',
    );
  }
  validateCompany(input);
  const values: ReturnType<typeof companyValues> & { comissionPercentage?: string } = {
    ...companyValues(input),
    ...(input.ComissionPercentage !== undefined && isInsurance(ctx.user.userType)
      ? { comissionPercentage: toDec(input.ComissionPercentage).toFixed(6) }
      : {}),
  };
  const before: Record<string, unknown> = {
    Name: row.person.name,
    TradeName: b.tradeName,
    SUSEPProtocol: b.susepProtocol,
    Email: b.email,
    Phone: b.phone,
    ZipCode: b.zipCode,
    AddressName: b.addressName,
    Number: b.number,
    Complement: b.complement,
    Neighborhood: b.neighborhood,
    StateProvinceId: b.stateProvinceId,
    CityId: b.cityId,
    BankId: b.bankId,
    BankAgency: b.bankAgency,
    BankAccount: b.bankAccount,
    BankAccountTypeId: b.bankAccountTypeId,
    ComissionPercentage: pct(b.comissionPercentage),
  };
  const after: Record<string, unknown> = {
    Name: input.Name.trim(),
    TradeName: values.tradeName,
    SUSEPProtocol: values.susepProtocol,
    Email: values.email,
    Phone: values.phone,
    ZipCode: values.zipCode,
    AddressName: values.addressName,
    Number: values.number,
    Complement: values.complement,
    Neighborhood: values.neighborhood,
    StateProvinceId: values.stateProvinceId,
    CityId: values.cityId,
    BankId: values.bankId,
    BankAgency: values.bankAgency,
    BankAccount: values.bankAccount,
    BankAccountTypeId: values.bankAccountTypeId,
    ComissionPercentage: values.comissionPercentage
      ? pct(values.comissionPercentage)
      : before.ComissionPercentage,
  };
  const changes = history.diffChanges(brokerHistory, before, after);

  const oldPeople = await repo.responsiblePersonsOf(ctx.db, ctx.company.id, b.id);
  const newPeople = responsibleValues(input.ResponsiblePersons);
  const oldText = peopleText(oldPeople);
  const newText = peopleText(newPeople);
  if (oldText !== newText) {
    await repo.replaceResponsiblePersons(ctx.db, ctx.company.id, b.id, newPeople);
    changes.push({ field: 'ResponsiblePersons', old: oldText || null, new: newText });
  }
  if (after.Name !== before.Name) await users.renamePerson(ctx, row.person.id, String(after.Name));
  await repo.updateBrokerRow(ctx.db, ctx.company.id, b.id, values);
  await record(ctx, b.id, changes);
  return toView(ctx, (await repo.findBrokerById(ctx.db, ctx.company.id, b.id))!);
};

export const invertBlocked = async (
  ctx: UserContext,
  input: { BrokerId?: number; BrokerUniqueId?: string; Justification?: string },
) => {
  const row = await resolveBroker(ctx, { id: input.BrokerId, uniqueId: input.BrokerUniqueId });
  const blocked = !row.broker.isBlocked;
  await repo.updateBrokerRow(ctx.db, ctx.company.id, row.broker.id, { isBlocked: blocked });
  const label = (v: boolean) => (v ? 'Bloqueada' : 'Desbloqueada');
  const note = input.Justification?.trim();
  await record(ctx, row.broker.id, [
    { field: 'IsBlocked', old: label(!blocked), new: note ? `${label(blocked)} — ${note}` : label(blocked) },
  ]);
  return toSummary((await repo.findBrokerById(ctx.db, ctx.company.id, row.broker.id))!);
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
  return {
    BrokerUniqueId: broker.uniqueId,
    WaitingValidation: true,
    Message:
      'Cadastro enviado para análise da seguradora. Quando for aprovado, o administrador receberá por e-mail o link para criar a senha.',
  };
};

/**
 * The insurer's decision on a pending registration (no call of the spec fits: the kanban issue
 * calls this from the registration card). Approval clears WaitingValidation and the compliance
 * flag and e-mails first-access links to the brokerage's users without a password; rejection
 * inactivates the brokerage.
 */
export const decideBrokerRegistration = async (
  ctx: UserContext,
  brokerId: number,
  decision: { approve: boolean; note?: string },
) => {
  if (!isInsurance(ctx.user.userType))
    throw forbidden('Somente a seguradora aprova cadastros de corretoras.');
  if (!ctx.user.permissions.has(Permission.GERENCIAR_CORRETORES)) throw forbidden();
  const row = await repo.findBrokerById(ctx.db, ctx.company.id, brokerId);
  if (!row) throw notFound('Corretora não encontrada.');
  if (!row.broker.waitingValidation) throw unprocessable('O cadastro desta corretora já foi analisado.');
  const note = decision.note?.trim();
  if (!decision.approve) {
    if (!note) throw unprocessable('Informe o motivo da reprovação.');
    await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, { isActive: false });
    await record(ctx, brokerId, [
      { field: 'Registration', old: 'Aguardando validação', new: `Reprovado — ${note}` },
    ]);
    return toView(ctx, (await repo.findBrokerById(ctx.db, ctx.company.id, brokerId))!);
  }
  await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, {
    waitingValidation: false,
    hasPendingComplianceValidation: false,
    approvedAt: new Date(),
    approvedByUserId: ctx.user.userId,
  });
  await record(ctx, brokerId, [
    { field: 'Registration', old: 'Aguardando validação', new: note ? `Aprovado — ${note}` : 'Aprovado' },
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
      await users.sendFirstAccess(ctx, u.user.id, u.person.name, u.user.username);
  }
  return toView(ctx, (await repo.findBrokerById(ctx.db, ctx.company.id, brokerId))!);
};

// ---------------------------------------------------------------- request documents

const syncPendingDocuments = async (ctx: UserContext, brokerId: number) => {
  const pending = await documents.pendingRequiredCount(ctx, ownerOf(brokerId));
  await repo.updateBrokerRow(ctx.db, ctx.company.id, brokerId, { hasPendingDocuments: pending > 0 });
};

export const listBrokerDocuments = async (ctx: UserContext, brokerId?: number, deleted = false) => {
  const { broker } = await resolveBroker(ctx, { id: brokerId });
  return documents.listDocuments(ctx, ownerOf(broker.id), { deleted });
};

/** The broker a document belongs to, within the caller's scope (404 otherwise). */
const brokerOfDocument = async (ctx: UserContext, ref: { id?: number; uniqueId?: string }) => {
  const doc = await repo.findBrokerDocument(ctx.db, ctx.company.id, ref);
  if (!doc) throw notFound('Documento não encontrado.');
  await resolveBroker(ctx, { id: doc.ownerId });
  return doc;
};

export const listBrokerDocumentArchives = async (
  ctx: UserContext,
  q: { BrokerRequestDocumentId?: number; RequestDocumentUniqueId?: string },
) => {
  const doc = await brokerOfDocument(ctx, {
    id: q.BrokerRequestDocumentId,
    uniqueId: q.RequestDocumentUniqueId,
  });
  return documents.listArchives(ctx, doc.uniqueId);
};

export const uploadOwnDocument = async (
  ctx: UserContext,
  input: { RequestDocumentUniqueId: string; ArchiveUniqueIds: string[] },
) => {
  const { broker } = await resolveBroker(ctx);
  const view = await documents.attachArchives(
    ctx,
    ownerOf(broker.id),
    input.RequestDocumentUniqueId,
    input.ArchiveUniqueIds,
  );
  await syncPendingDocuments(ctx, broker.id);
  return view;
};

export const submitOwnDocuments = async (ctx: UserContext, uniqueIds?: string[]) => {
  const { broker } = await resolveBroker(ctx);
  const changed = await documents.submitToAnalysis(ctx, ownerOf(broker.id), uniqueIds);
  await record(ctx, broker.id, [
    { field: 'Documents', old: null, new: `Enviados para análise: ${changed.map((d) => d.Name).join(', ')}` },
  ]);
  return changed;
};

export const createDocumentByInsurer = async (
  ctx: UserContext,
  input: {
    BrokerId?: number;
    BrokerUniqueId?: string;
    Name: string;
    RequestDocumentTypeId: number;
    IsRequired?: boolean;
  },
) => {
  const { broker } = await resolveBroker(ctx, { id: input.BrokerId, uniqueId: input.BrokerUniqueId });
  const view = await documents.createDocument(ctx, ownerOf(broker.id), {
    Name: input.Name,
    RequestDocumentTypeId: input.RequestDocumentTypeId,
    IsRequired: input.IsRequired,
  });
  await record(ctx, broker.id, [
    { field: 'Documents', old: null, new: `Documento solicitado: ${view.Name}` },
  ]);
  await syncPendingDocuments(ctx, broker.id);
  return view;
};

export const uploadDocumentByInsurer = async (
  ctx: UserContext,
  input: {
    BrokerId?: number;
    BrokerUniqueId?: string;
    RequestDocumentUniqueId: string;
    ArchiveUniqueIds: string[];
  },
) => {
  const { broker } = await resolveBroker(ctx, { id: input.BrokerId, uniqueId: input.BrokerUniqueId });
  const view = await documents.attachArchives(
    ctx,
    ownerOf(broker.id),
    input.RequestDocumentUniqueId,
    input.ArchiveUniqueIds,
  );
  await syncPendingDocuments(ctx, broker.id);
  return view;
};

export const deleteBrokerDocument = async (
  ctx: UserContext,
  input: { RequestDocumentUniqueId: string; BrokerId?: number },
) => {
  const doc = await brokerOfDocument(ctx, { uniqueId: input.RequestDocumentUniqueId });
  if (input.BrokerId !== undefined && input.BrokerId !== doc.ownerId)
    throw notFound('Documento não encontrado.');
  const done = await documents.deleteDocument(ctx, ownerOf(doc.ownerId), doc.uniqueId);
  await record(ctx, doc.ownerId, [{ field: 'Documents', old: doc.name, new: 'Documento excluído' }]);
  await syncPendingDocuments(ctx, doc.ownerId);
  return done;
};

/** Insurer review of a broker document (used by the kanban card; the spec has no broker call for it). */
export const reviewBrokerDocument = async (
  ctx: UserContext,
  documentUniqueId: string,
  decision: { approve: boolean; note?: string },
) => {
  const doc = await brokerOfDocument(ctx, { uniqueId: documentUniqueId });
  const view = await documents.reviewDocument(ctx, ownerOf(doc.ownerId), doc.uniqueId, decision);
  await syncPendingDocuments(ctx, doc.ownerId);
  return view;
};
