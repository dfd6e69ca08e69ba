import type { ProposalDetail, ProposalView } from '@aval/contracts';
import { isInsurance, unmaskCpfCnpj } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { proposalScope } from '../../lib/visibility.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import * as users from '../users/index.js';
import { assertSide, buildView, load, ownerOfRow, proposalHistory } from './proposals.access.js';
import * as repo from './proposals.repository.js';

import { engineLogView, toSummary, toTimelineEntry } from './proposals.view.js';

/**
 * The proposals' public service: the reads (one proposal, its detail, the lists and the search),
 * the home's counts and UpdateProposal (update-proposal.ts).
 */

export { acceptanceDue, pendingDocuments, statusCounts } from './proposals.home.js';

// ---------------------------------------------------------------- reads

export const getProposal = async (ctx: UserContext, uniqueId: string): Promise<ProposalView> =>
  (await buildView(ctx, await load(ctx, uniqueId))).view;

export const timelineOf = async (ctx: UserContext, row: repo.ProposalRow) => {
  const rows = await repo.timelineOf(ctx.db, row.id);
  const names = await users.userNames(
    ctx,
    rows.map((r) => r.createdByUserId),
  );
  return rows.map((t) => toTimelineEntry(t, names, row.kind));
};

export const getProposalDetail = async (ctx: UserContext, uniqueId: string): Promise<ProposalDetail> => {
  const row = await load(ctx, uniqueId);
  const { view, docs } = await buildView(ctx, row);
  const insurer = isInsurance(ctx.user.userType);
  const observations = await repo.observationsOf(ctx.db, row.id);
  const logs = await repo.engineLogsOf(ctx.db, row.id);
  const deleted = await documents.listDocuments(ctx, ownerOfRow(row), { deleted: true });
  const timeline = await timelineOf(ctx, row);
  const changes = await history.listChangeHistory(ctx, { types: [proposalHistory], ownerIds: [row.id] });
  const visibleObservations = observations.filter((o) => insurer || !o.isInternal);
  const names = await users.userNames(ctx, [
    ...visibleObservations.map((o) => o.createdByUserId),
    ...logs.map((l) => l.createdByUserId),
  ]);
  return {
    ...view,
    Observations: visibleObservations.map((o) => ({
      Id: o.id,
      Text: o.text,
      IsInternal: o.isInternal,
      CreatedByName: (o.createdByUserId && names.get(o.createdByUserId)) || null,
      CreatedAt: o.createdAt.toISOString(),
    })),
    ProposalEngineExecutionLogs: logs.map((l) => engineLogView(l, names, insurer)),
    RequestDocuments: docs,
    DeletedRequestDocuments: deleted.filter((d) => d.IsDeleted),
    TimelineHistory: timeline,
    Endorsement: null,
    History: changes,
  };
};

type ListQuery = {
  Number?: number;
  PolicyHolderName?: string;
  PolicyHolderCpfCnpj?: string;
  InsuredName?: string;
  InsuredCpfCnpj?: string;
  StartDate?: string;
  EndDate?: string;
  OrderBy?: string;
  OrderDirection?: 'asc' | 'desc';
  currentPage: number;
  rowsPerPage: number;
};

const page = async (ctx: UserContext, q: ListQuery, extra: Partial<repo.ListFilters>) => {
  assertSide(ctx);
  const { rows, total } = await repo.listProposals(ctx.db, ctx.company.id, await proposalScope(ctx), {
    number: q.Number,
    policyHolderName: q.PolicyHolderName,
    policyHolderDocument: q.PolicyHolderCpfCnpj ? unmaskCpfCnpj(q.PolicyHolderCpfCnpj) : undefined,
    insuredName: q.InsuredName,
    insuredDocument: q.InsuredCpfCnpj ? unmaskCpfCnpj(q.InsuredCpfCnpj) : undefined,
    startFrom: q.StartDate,
    endUntil: q.EndDate,
    orderBy: q.OrderBy,
    direction: q.OrderDirection,
    page: q.currentPage,
    rows: q.rowsPerPage,
    ...extra,
  });
  const shared = await repo.coBrokered(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    Data: rows.map((r) => toSummary(r, shared.has(r.id))),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};

export const getProposals = (ctx: UserContext, q: ListQuery & { Status?: number[] }) =>
  page(ctx, q, { statusIds: q.Status });

export const searchProposals = (
  ctx: UserContext,
  q: ListQuery & { StatusId?: number; BrokerName?: string; ProductId?: number },
) =>
  page(ctx, q, {
    statusIds: q.StatusId ? [q.StatusId] : undefined,
    brokerName: q.BrokerName,
    productId: q.ProductId,
  });

export const searchByText = async (ctx: UserContext, text: string) =>
  (
    await page(
      ctx,
      { currentPage: 1, rowsPerPage: 20, OrderBy: 'UpdatedAt' },
      { text, textDigits: unmaskCpfCnpj(text) },
    )
  ).Data;

// ---------------------------------------------------------------- writes

export { updateProposal } from './update-proposal.js';
