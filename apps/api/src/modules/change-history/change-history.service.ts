import type { ChangeHistoryEntry } from '@aval/contracts';
import type { TenantContext } from '../../context.js';
import { userNames } from '../users/index.js';
import {
  type FieldChange,
  fieldLabel,
  type HistoryOwner,
  type HistoryOwnerType,
} from './change-history.fields.js';
import * as repo from './change-history.repository.js';

export {
  diffChanges,
  displayValue,
  type FieldChange,
  type FieldKind,
  type FieldSpec,
  type HistoryOwner,
  type HistoryOwnerType,
  historyOwnerType,
} from './change-history.fields.js';

/** A caller that may record: a user, or nobody (a public registration) recorded as 'Sistema'. */
type RecordingContext = TenantContext & { user?: { userId: number } };

/**
 * The one way to write history: one entry per change of `owner` (usually from diffChanges, or
 * written by hand for events such as a location added), skipping changes whose old and new text
 * are equal. Runs in the caller's transaction.
 */
export const recordChanges = async (ctx: RecordingContext, owner: HistoryOwner, changes: FieldChange[]) => {
  const rows = changes
    .filter((c) => (c.old ?? '') !== (c.new ?? ''))
    .map((c) => ({
      companyId: ctx.company.id,
      ownerType: owner.type,
      ownerId: owner.id,
      scopeId: owner.scope ?? null,
      field: c.field,
      oldValue: c.old,
      newValue: c.new,
      changedByUserId: ctx.user?.userId ?? null,
    }));
  await repo.insertChanges(ctx.db, rows);
  return rows.length;
};

/** Creation (`Created`, new value = the name) or removal (`Deleted`, old value = the name) of an owner. */
export const recordEvent = (
  ctx: RecordingContext,
  owner: HistoryOwner,
  event: 'Created' | 'Deleted',
  name: string,
) =>
  recordChanges(ctx, owner, [
    { field: event, old: event === 'Deleted' ? name : null, new: event === 'Created' ? name : null },
  ]);

export type HistoryQuery = {
  /** The owner types listed (they give the labels). */
  types: HistoryOwnerType[];
  /** Only these owners (of the given types). */
  ownerIds?: number[];
  /** Only owners inside this scope (the modality of parameterisation items). */
  scopeId?: number;
};

type Joined = Awaited<ReturnType<typeof repo.listChanges>>['rows'][number] & { changedByName?: string };

/** Rows with the name of who changed each (users service). */
const withNames = async (ctx: TenantContext, rows: Awaited<ReturnType<typeof repo.listChanges>>['rows']) => {
  const names = await userNames(
    ctx,
    rows.map((r) => r.entry.changedByUserId),
  );
  return rows.map((r) => ({
    ...r,
    changedByName: r.entry.changedByUserId ? names.get(r.entry.changedByUserId) : undefined,
  }));
};

const toEntry = (
  types: Map<string, HistoryOwnerType>,
  { entry, changedByName }: Joined,
): ChangeHistoryEntry => {
  const type = types.get(entry.ownerType);
  return {
    Id: entry.id,
    Entity: entry.ownerType,
    EntityLabel: type?.label ?? entry.ownerType,
    EntityId: entry.ownerId,
    ScopeId: entry.scopeId,
    Field: entry.field,
    FieldLabel: fieldLabel(type, entry.field),
    OldValue: entry.oldValue,
    NewValue: entry.newValue,
    ChangedBy: entry.changedByUserId,
    ChangedByName: changedByName ?? (entry.changedByUserId ? `Usuário ${entry.changedByUserId}` : 'Sistema'),
    ChangedAt: entry.changedAt.toISOString(),
  };
};

/** The history of some owners, newest first (the entries of one change in recording order). */
export const listChangeHistory = async (
  ctx: TenantContext,
  q: HistoryQuery,
): Promise<ChangeHistoryEntry[]> => {
  const types = new Map(q.types.map((t) => [t.type, t]));
  const { rows } = await repo.listChanges(ctx.db, ctx.company.id, { ...q, types: [...types.keys()] });
  return (await withNames(ctx, rows)).map((r) => toEntry(types, r));
};

/** The same, one page at a time (`{ Data, Total, CurrentPage, RowsPerPage }`). */
export const pageChangeHistory = async (
  ctx: TenantContext,
  q: HistoryQuery,
  page: { currentPage: number; rowsPerPage: number },
) => {
  const types = new Map(q.types.map((t) => [t.type, t]));
  const { rows, total } = await repo.listChanges(
    ctx.db,
    ctx.company.id,
    { ...q, types: [...types.keys()] },
    { page: page.currentPage, rows: page.rowsPerPage },
  );
  return {
    Data: (await withNames(ctx, rows)).map((r) => toEntry(types, r)),
    Total: total,
    CurrentPage: page.currentPage,
    RowsPerPage: page.rowsPerPage,
  };
};
