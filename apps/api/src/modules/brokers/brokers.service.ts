import {
  type BrokerStatusView,
  bankAccountTypeLabels,
  type InsertBrokerBody,
  type ResponsiblePersonInput,
  type UpdateBrokerBody,
} from '@aval/contracts';
import {
  isAdvisor,
  isBroker,
  isInsurance,
  Permission,
  ResponsiblePersonType,
  responsiblePersonTypeLabels,
  toDec,
  unmaskCpf,
  validateCpf,
  validateEmail,
  validatePhone,
} from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { AppError, badRequest, type FieldError, forbidden, notFound } from '../../lib/errors.js';
import { brokerScope, inScope, type Scope } from '../../lib/visibility.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import { optionalAddressValues } from '../locations/index.js';
import { getBanks } from '../parameterisation/index.js';
import * as users from '../users/index.js';
import { type BrokerRecord, bankName, pct, toSummary, toView } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';

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

// ---------------------------------------------------------------- scope

/** The brokerage of a broker or agent user (403 when the user has none). */
export const ownBrokerId = async (ctx: UserContext) => {
  const { brokerId } = await ctx.links();
  if (!brokerId) throw forbidden('Seu usuário não está vinculado a uma corretora.', 'broker_missing');
  return brokerId;
};

type BrokerRef = { id?: number; uniqueId?: string };

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

// ---------------------------------------------------------------- validation

export const validateCompany = (input: {
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

export const companyValues = (input: InsertBrokerBody | UpdateBrokerBody) => ({
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

export const responsibleValues = (list: ResponsiblePersonInput[]) =>
  list.map((p) => ({
    typeId: p.ResponsiblePersonTypeId,
    name: p.Name.trim(),
    cpf: unmaskCpf(p.Cpf),
    email: p.Email.trim().toLowerCase(),
    phone: p.Phone ?? null,
  }));

// ---------------------------------------------------------------- history

/** Anonymous callers (a public registration) are recorded as 'Sistema'. */
export const record = (
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
    orderBy?: repo.BrokerSortColumn;
    orderDirection?: 'asc' | 'desc';
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
    orderBy: q.orderBy,
    orderDirection: q.orderDirection,
    page: q.currentPage,
    rows: q.rowsPerPage,
  });
  return {
    Data: (await withPendingDocs(ctx, rows)).map((r) =>
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
    Name: row.name,
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
  if (after.Name !== before.Name) await users.renamePerson(ctx, b.personId, String(after.Name));
  await repo.updateBrokerRow(ctx.db, ctx.company.id, b.id, values);
  await record(ctx, b.id, changes);
  return toView(ctx, (await findBroker(ctx, b.id))!);
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
  return toSummary((await findBroker(ctx, row.broker.id))!);
};

/** Administrator and financial officer of a brokerage (PEP screening of the broker). */
export const responsiblePeopleOf = async (ctx: TenantContext, brokerId: number) =>
  (await repo.responsiblePersonsOf(ctx.db, ctx.company.id, brokerId)).map((r) => ({
    name: r.name,
    cpf: r.cpf,
  }));

/** The brokerage behind a card ref (its UniqueId), the other side of its registry cards' observations. */
export const brokerCounterpart = async (ctx: TenantContext, uniqueId: string) => {
  const id = await brokerIdByUniqueId(ctx, uniqueId);
  const broker = id === undefined ? undefined : await findBroker(ctx, id);
  return broker && { email: broker.broker.email };
};
