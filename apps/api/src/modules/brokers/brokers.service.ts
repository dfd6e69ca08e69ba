import { type BrokerStatusView, bankAccountTypeLabels } from '@aval/contracts';
import { isAdvisor, isBroker, Permission } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import { brokerScope, type Scope } from '../../lib/visibility.js';
import * as history from '../change-history/index.js';
import { getBanks } from '../parameterisation/index.js';
import * as users from '../users/index.js';
import {
  type BrokerRef,
  brokerIdByUniqueId,
  findBroker,
  resolveBroker,
  withPendingDocs,
} from './brokers.access.js';
import { brokerHistory, record } from './brokers.history.js';
import { pct, toSummary, toView } from './brokers.mapper.js';
import * as repo from './brokers.repository.js';

export {
  brokerageOnHold,
  brokerIdByUniqueId,
  findBroker,
  isBrokerOfCompany,
  ownBrokerId,
  registrationNotApproved,
  resolveBroker,
  susepCodes,
  withPendingDocs,
} from './brokers.access.js';
export { updateBroker } from './update-broker.js';

/** Brokerages: reads, blocking, and the public face of the module's use cases. */

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
