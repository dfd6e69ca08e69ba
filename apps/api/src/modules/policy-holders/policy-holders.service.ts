import type { PolicyHolderDetail } from '@aval/contracts';
import { isInsurance, type TagAddress } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { policyHolderScope } from '../../lib/visibility.js';
import * as history from '../change-history/index.js';
import { cityById } from '../locations/index.js';

import { getVisible } from './policy-holders.access.js';
import * as ccgRepo from './policy-holders.ccg.repository.js';
import { policyHolderHistory, record } from './policy-holders.history.js';
import * as locationsRepo from './policy-holders.locations.repository.js';
import * as repo from './policy-holders.repository.js';
import { detailOf, summaryOf, toSummary } from './policy-holders.view.js';

/** Policy holders: reads, the registry changes, and the public face of the module's use cases. */

export { canEditHolder, getVisible, mayReadDocuments } from './policy-holders.access.js';
export { requestBranchActivityAnalysis, saveBranchActivity } from './policy-holders.branch-activity.js';
export { applyLimitsAndRates } from './policy-holders.credit.js';
export { economicGroupPicture, setEconomicGroupLimit } from './policy-holders.economic-group.js';
export { limitsOverview } from './policy-holders.limits.js';
export { insertBranch } from './policy-holders.locations.js';
export { requestNomination } from './policy-holders.nominations.js';
export { branchesOf } from './policy-holders.view.js';
export { registerPolicyHolder } from './register-policy-holder.js';
export { saveComplementarData } from './save-complementar-data.js';

const yesNo = (v: boolean) => (v ? 'Sim' : 'Não');

// ---------------------------------------------------------------- reads

export const getPolicyHolderDetail = async (
  ctx: UserContext,
  uniqueId: string,
): Promise<PolicyHolderDetail> => {
  const holder = await getVisible(ctx, uniqueId);
  return detailOf(ctx, holder);
};

export const searchRelated = async (
  ctx: UserContext,
  q: {
    policyHolderName?: string;
    policyHolderDocument?: string;
    isBlocked?: boolean;
    isActive?: boolean;
    economicGroupId?: number;
    orderBy?: repo.SortColumn;
    orderDirection?: 'asc' | 'desc';
    currentPage: number;
    rowsPerPage: number;
  },
) => {
  const { rows, total } = await repo.searchPolicyHolders(
    ctx.db,
    ctx.company.id,
    await policyHolderScope(ctx),
    {
      name: q.policyHolderName,
      document: q.policyHolderDocument,
      isBlocked: q.isBlocked,
      isActive: q.isActive,
      economicGroupId: q.economicGroupId,
    },
    { offset: (q.currentPage - 1) * q.rowsPerPage, limit: q.rowsPerPage },
    { column: q.orderBy, direction: q.orderDirection },
  );
  return { Data: rows.map(toSummary), Total: total, CurrentPage: q.currentPage, RowsPerPage: q.rowsPerPage };
};

export const searchByText = async (ctx: UserContext, text: string, ignoreInactive: boolean) => {
  const { rows } = await repo.searchPolicyHolders(
    ctx.db,
    ctx.company.id,
    await policyHolderScope(ctx),
    { text, isActive: ignoreInactive ? true : undefined },
    { offset: 0, limit: 20 },
  );
  return rows.map(toSummary);
};

const resolveHolderRef = async (ctx: UserContext, ref: string) => {
  const row = /^\d+$/.test(ref)
    ? await repo.findById(ctx.db, ctx.company.id, Number(ref))
    : /^[0-9a-f-]{36}$/i.test(ref)
      ? await repo.findByUniqueId(ctx.db, ctx.company.id, ref)
      : undefined;
  if (!row) throw notFound('Tomador não encontrado.');
  return getVisible(ctx, row.uniqueId);
};

export const getHistory = async (ctx: UserContext, ref: string) => {
  const holder = await resolveHolderRef(ctx, ref);
  return history.listChangeHistory(ctx, { types: [policyHolderHistory], ownerIds: [holder.id] });
};

// ---------------------------------------------------------------- changes

export const updateName = async (ctx: UserContext, uniqueId: string, name: string) => {
  const holder = await getVisible(ctx, uniqueId);
  if (holder.name !== name) {
    await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, { name });
    await record(ctx, holder.id, [{ field: 'Name', old: holder.name, new: name }]);
  }
  return summaryOf(ctx, holder.id);
};

type Flag = 'isBlocked' | 'isRestrictiveBlocked' | 'ignoreCcgSignature';
const flagField: Record<Flag, string> = {
  isBlocked: 'IsBlocked',
  isRestrictiveBlocked: 'IsRestrictiveBlocked',
  ignoreCcgSignature: 'IgnoreCCGSignature',
};

/** The three insurer-only toggles (permissions checked by the route: 29, 19, 17). */
export const toggleFlag = async (
  ctx: UserContext,
  uniqueId: string,
  flag: Flag,
  justification: string | null,
) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden('Somente a seguradora pode alterar esta situação.');
  const holder = await getVisible(ctx, uniqueId);
  const value = !holder[flag];
  await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, { [flag]: value });
  const entries: history.FieldChange[] = [{ field: flagField[flag], old: yesNo(!value), new: yesNo(value) }];
  if (justification) entries.push({ field: 'Justification', old: null, new: justification });
  await record(ctx, holder.id, entries);
  return summaryOf(ctx, holder.id);
};

/** The exposure ledger, for proposals, issuance, endorsements and cancellations (see ledger functions). */
export {
  adjustForEndorsement,
  convertToPolicy,
  outstanding,
  policyOutstanding,
  proposalReserved,
  releaseForCancellation,
  releaseForProposal,
  reserveForProposal,
} from './policy-holders.exposures.js';

/** Issuance (7 → 3): the holder's CCG is signed (status 4) and/or its signature is waived (permission 17 flag). */
export const ccgSignatureState = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  policyHolderId: number,
) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  const signed = await ccgRepo.findCcg(ctx.db, ctx.company.id, { signedOf: policyHolderId });
  return {
    holderUniqueId: holder?.uniqueId ?? '',
    signed: signed !== undefined,
    ignored: holder?.ignoreCcgSignature ?? false,
  };
};

/** The policy holder row by id, without a visibility check (callers scope the record that names it). */
export const findHolderById = (ctx: Pick<UserContext, 'db' | 'company'>, id: number) =>
  repo.findById(ctx.db, ctx.company.id, id);
/** A policy holder of the company by its UniqueId (undefined when there is none). */
export const findHolderByUniqueId = (ctx: Pick<UserContext, 'db' | 'company'>, uniqueId: string) =>
  repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);

/**
 * The holder's address as the documents print it and the terms' tags read it: its first location
 * (the head office, registered first). Null when it has none.
 */
export const holderAddress = async (
  ctx: Pick<UserContext, 'db' | 'company'>,
  holderId: number,
): Promise<TagAddress | null> => {
  const [main] = await locationsRepo.listLocations(ctx.db, ctx.company.id, holderId);
  if (!main) return null;
  const city = cityById(main.cityId);
  return {
    street: main.addressName,
    number: main.number,
    district: main.neighborhood,
    city: city?.Name ?? null,
    state: city?.StateCode ?? null,
    zipCode: main.zipCode,
  };
};
