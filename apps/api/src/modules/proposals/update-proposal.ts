import type { ProposalView, UpdateProposalBody } from '@aval/contracts';
import {
  DocumentStatus,
  isInsurance,
  RequestDocumentType,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { type FieldError, invalidFields, unprocessable } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import { clearQuote } from './clear-quote.js';
import { applyChildren } from './proposal-draft.children.js';
import {
  applyCommission,
  applyHolder,
  applyHolderBranch,
  applyInsured,
  applyModality,
  applyProperty,
  applyTerms,
  checkRules,
  type Draft,
  type Modality,
  startDraft,
} from './proposal-draft.js';
import {
  assertCanWrite,
  assertSide,
  audited,
  buildView,
  load,
  ownerOfRow,
  proposalHistory,
  versionConflict,
} from './proposals.access.js';
import { syncMainCoverages } from './proposals.finance.js';
import { recordTimeline } from './proposals.lifecycle.js';
import { messages } from './proposals.messages.js';
import * as repo from './proposals.repository.js';
import { EDITABLE_STATUSES } from './proposals.view.js';
import { advanceProposal } from './send-proposal.js';

/**
 * UpdateProposal: creates a quote (status 8) or changes one (optimistic concurrency by Version),
 * then quotes it (8 → 1) or sends it to analysis (1 → 2) when the body asks. ClearQuote clears it.
 */
export const updateProposal = async (ctx: UserContext, b: UpdateProposalBody): Promise<ProposalView> => {
  const row = b.UniqueId ? await loadEditable(ctx, b, b.UniqueId) : undefined;
  if (row && b.Action === 'ClearQuote') return clearQuote(ctx, row);
  if (!row) assertMayCreate(ctx, b);
  const d = await startDraft(ctx, b, row);
  await applyModality(d);
  await applyHolder(d);
  await applyHolderBranch(d);
  await applyInsured(d);
  applyTerms(d);
  await applyCommission(d);
  await applyProperty(d);
  checkRules(d);
  await applyChildren(d);
  if (d.errors.length) throw invalidFields(422, d.errors);
  d.values.updatedByUserId = ctx.user.userId;
  let saved = row ? await storeChanges(d, row) : await storeNew(d);
  await storeChildren(ctx, saved.id, d.children);
  if (row && !d.children.coverages && saved.insuredAmount && saved.insuredAmount !== row.insuredAmount) {
    const children = await repo.childrenOf(ctx.db, saved.id);
    await syncMainCoverages(ctx, saved.id, children, d.modality, saved.insuredAmount);
  }
  if (b.Observation) {
    await repo.insertObservation(ctx.db, {
      companyId: ctx.company.id,
      proposalId: saved.id,
      text: b.Observation,
      isInternal: isInsurance(ctx.user.userType),
      createdByUserId: ctx.user.userId,
    });
  }
  if (b.Action === 'Quote' || b.Action === 'SendToAnalysis') saved = await advanceProposal(ctx, saved, b);
  return (await buildView(ctx, saved)).view;
};

/** A stored proposal the caller may change: writable, at the version read, in an editable status. */
const loadEditable = async (ctx: UserContext, b: UpdateProposalBody, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  await assertCanWrite(ctx, row);
  if (b.Version === undefined)
    throw invalidFields(400, [{ Field: 'Version', Message: messages.versionRequired }]);
  if (b.Version !== row.version) throw versionConflict(row);
  if (!EDITABLE_STATUSES.includes(row.statusId)) throw unprocessable(messages.notEditable);
  return row;
};

/** A new quote: a broker-side writer, naming its modality and policy holder (nothing to clear). */
const assertMayCreate = (ctx: UserContext, b: UpdateProposalBody) => {
  assertSide(ctx, true);
  if (b.Action === 'ClearQuote')
    throw invalidFields(400, [{ Field: 'UniqueId', Message: messages.clearNeedsProposal }]);
  const missing: FieldError[] = [];
  if (!b.ProductId) missing.push({ Field: 'ProductId', Message: messages.productRequired });
  if (!b.PolicyHolderUniqueId)
    missing.push({ Field: 'PolicyHolderUniqueId', Message: messages.holderRequired });
  if (missing.length) throw invalidFields(400, missing);
};

/**
 * The request documents a new proposal starts with: the modality's, less the holder's own documents
 * (type Tomador) already on its record and Conforme, which the registration validation reads from
 * the holder instead of asking them again on each proposal.
 */
const defaultDocuments = async (ctx: UserContext, saved: repo.ProposalRow, modality: Modality) => {
  const onFile = new Set(
    (await documents.listDocuments(ctx, { type: 'policy_holder', id: saved.policyHolderId }))
      .filter((d) => d.StatusId === DocumentStatus.CONFORME && !d.IsDeleted)
      .map((d) => d.Name.trim().toLowerCase()),
  );
  await documents.ensureDefaultDocuments(
    ctx,
    ownerOfRow(saved),
    modality.RequestDocuments.filter(
      (d) =>
        !d.IsDeleted &&
        !(
          d.RequestDocumentTypeId === RequestDocumentType.POLICY_HOLDER &&
          onFile.has(d.Name.trim().toLowerCase())
        ),
    ).map((d) => ({
      Name: d.Name,
      RequestDocumentTypeId: d.RequestDocumentTypeId,
      IsRequired: d.IsRequired,
    })),
  );
};

/** Stores a new quote (the company's next number, status 8) with its history, timeline and documents. */
const storeNew = async ({ ctx, values: v, modality }: Draft) => {
  const { id: _id, uniqueId: _u, ...values } = v as repo.ProposalRow;
  const saved = await repo.insertProposal(ctx.db, {
    ...values,
    number: await repo.nextNumber(ctx.db, ctx.company.id),
    statusId: 8,
    version: 1,
  });
  await history.recordEvent(ctx, proposalHistory.of(saved.id), 'Created', `Proposta nº ${saved.number}`);
  await recordTimeline(ctx, saved, {
    group: TimelineGroup.COTACAO,
    situation: TimelineSituation.COTACAO,
    status: TimelineStatus.CORRETOR,
    text: 'Cotação iniciada.',
  });
  await defaultDocuments(ctx, saved, modality);
  return saved;
};

/** The co-brokers as the change history shows them: name (share%), separated by semicolons. */
const coBrokersText = (list: { name: string; participation: string }[]) =>
  list.map((c) => `${c.name} (${toDec(c.participation).toFixed(2)}%)`).join('; ');

/** Stores the changes under the version read and records them (co-brokers included) in the history. */
const storeChanges = async ({ ctx, values: v, children }: Draft, row: repo.ProposalRow) => {
  const {
    id: _id,
    uniqueId: _u,
    version: _v,
    createdAt: _c,
    updatedAt: _up,
    number: _n,
    companyId: _co,
    ...values
  } = v as repo.ProposalRow;
  const saved = await repo.updateVersioned(ctx.db, row.id, row.version, values);
  if (!saved) throw versionConflict(row);
  const changes = history.diffChanges(proposalHistory, audited(row), audited(saved));
  if (children.coBrokers) {
    const before = coBrokersText((await repo.childrenOf(ctx.db, row.id)).coBrokers);
    const after = coBrokersText(children.coBrokers);
    if (before !== after) changes.push({ field: 'CoBrokers', old: before || null, new: after || null });
  }
  await history.recordChanges(ctx, proposalHistory.of(row.id), changes);
  return saved;
};

/** Replaces each collection the draft carries with its rows for the stored proposal. */
const storeChildren = async (ctx: UserContext, proposalId: number, children: Draft['children']) => {
  for (const [key, values] of Object.entries(children) as [
    keyof typeof repo.tables,
    { proposalId: number }[],
  ][]) {
    await repo.replaceChildren(
      ctx.db,
      repo.tables[key],
      proposalId,
      values.map((x) => ({ ...x, proposalId })) as never[],
    );
  }
};
