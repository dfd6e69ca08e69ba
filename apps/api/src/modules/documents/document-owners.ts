import type { UserContext } from '../../context.js';
import * as repo from './documents.repository.js';

type Owner = repo.Owner;
type OwnerType = repo.OwnerType;

/** Whether the caller may see the documents (and the files) of one owner of this type. */
export type OwnerReadCheck = (ctx: UserContext, ownerId: number) => Promise<boolean>;

/**
 * The one registry of who may see the request documents of each owner type. Each module that owns
 * request documents registers its rule when its routes are registered (policy holder, insured,
 * broker, insurer, proposal; later policies); a module may add a rule to another owner type too
 * (proposals let a brokerage see the insureds of its proposals). An owner is visible when any rule
 * of its type says so; an owner type without a rule is visible to nobody.
 */
const rules = new Map<OwnerType, Map<string, OwnerReadCheck>>();

/** Adds (or replaces, by name) a rule for an owner type; idempotent across app instances. */
export const registerDocumentOwner = (type: OwnerType, name: string, check: OwnerReadCheck) => {
  const list = rules.get(type) ?? new Map<string, OwnerReadCheck>();
  list.set(name, check);
  rules.set(type, list);
};

/** Whether the caller may see this owner's documents. */
export const mayReadOwner = async (ctx: UserContext, owner: Owner) => {
  for (const check of rules.get(owner.type)?.values() ?? []) {
    if (await check(ctx, owner.id)) return true;
  }
  return false;
};

/** Whether the caller may see an archive through any document it is attached to (none: false). */
export const mayReadArchiveThroughOwners = async (ctx: UserContext, archiveId: string) => {
  const owners = await repo.ownersOfArchive(ctx.db, ctx.company.id, archiveId);
  for (const owner of owners) {
    if (await mayReadOwner(ctx, owner)) return true;
  }
  return false;
};
