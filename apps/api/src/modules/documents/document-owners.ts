import type { UserContext } from '../../context.js';
import * as repo from './documents.repository.js';

type Owner = repo.Owner;
type OwnerType = repo.OwnerType;

/** Whether the caller may see the documents (and the files) of one owner of this type. */
export type OwnerReadCheck = (ctx: UserContext, ownerId: number) => Promise<boolean>;

/** One rule of who may see the request documents of an owner type (the name says whom it lets in). */
export type DocumentOwnerRule = { type: OwnerType; name: string; check: OwnerReadCheck };

/**
 * Who may see the request documents of each owner type: the app's list (`platform.wiring`, filled
 * once in `wireModules`, wiring.ts). Each module that owns request documents gives its rule (policy
 * holder, insured, broker, insurer, proposal, endorsement); a module may give a rule for another
 * owner type too (proposals let a brokerage see the insureds of its proposals). An owner is visible
 * when any rule of its type says so; an owner type without a rule is visible to nobody.
 */
export type DocumentOwnerRules = readonly DocumentOwnerRule[];

/** Whether the caller may see this owner's documents. */
export const mayReadOwner = async (ctx: UserContext, owner: Owner) => {
  for (const rule of ctx.platform.wiring.documentOwners) {
    if (rule.type === owner.type && (await rule.check(ctx, owner.id))) return true;
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

/**
 * What an owner module does when the request documents of one of its records change (created,
 * removed, restored, a file attached, sent to analysis, reviewed): registered in `wireModules`
 * (`documentListeners`), called in the same transaction, after the change.
 */
export type DocumentListener = {
  type: OwnerType;
  changed: (ctx: UserContext, ownerId: number) => Promise<void>;
};

/** Tells the owner's listeners that its documents changed. */
export const documentsChanged = async (ctx: UserContext, owner: Owner) => {
  for (const l of ctx.platform.wiring.documentListeners)
    if (l.type === owner.type) await l.changed(ctx, owner.id);
};
