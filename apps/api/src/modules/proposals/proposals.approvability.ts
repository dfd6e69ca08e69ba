import { type CardTypeValue, EngineExecutionType } from '@aval/domain';
import type { UserContext } from '../../context.js';
import * as documents from '../documents/index.js';
import * as insureds from '../insureds/index.js';
import * as kanban from '../kanban/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { ownerOfRow } from './proposals.access.js';
import * as arepo from './proposals.analysis.repository.js';
import * as repo from './proposals.repository.js';

/**
 * Whether the card a proposal waits on may be approved now, and why not (issue 30: a decision means
 * what it says). The kanban service refuses a move into an approve step while the card carries a
 * reason (`approvalBlockers`), which this module keeps current: when the card opens, when the
 * proposal's documents change, when it goes to the broker and comes back. A decision that still
 * arrives while a reason holds (sent before the reasons reached the board) is refused here too.
 */

type Row = repo.ProposalRow;

/** What the registration validation finds missing: the holder's and insured's records, documents. */
export const registrationGaps = async (ctx: UserContext, row: Row) => {
  const holder = await policyHolders.findHolderById(ctx, row.policyHolderId);
  const insured = row.insuredId ? await insureds.getInsuredById(ctx, row.insuredId) : undefined;
  const docs = await documents.listDocuments(ctx, ownerOfRow(row));
  const notConforme = docs.filter((d) => d.IsRequired && !d.IsDeleted && d.StatusId !== 1).map((d) => d.Name);
  const missing: string[] = [];
  if (!holder?.name || !holder.document || !holder.cnae)
    missing.push('cadastro do tomador incompleto (nome, documento e CNAE)');
  if (!insured?.Name || !insured.InsuredDocument)
    missing.push('cadastro do segurado incompleto (nome e documento)');
  if (notConforme.length) missing.push(`documentos obrigatórios não conformes: ${notConforme.join(', ')}`);
  return { holder, insured, notConforme, missing };
};

/** Why the card the proposal waits on (for `engine`) may not be approved now; empty: it may. */
export const approvalBlockers = async (ctx: UserContext, row: Row, engine: number | null) => {
  const reasons: string[] = [];
  if (row.statusId === 6) reasons.push('a proposta aguarda a resposta do corretor ao pedido de ajuste');
  if (engine === EngineExecutionType.REGISTRATION)
    reasons.push(...(await registrationGaps(ctx, row)).missing);
  return reasons;
};

/** Sends the reasons to the card the proposal waits on (nothing when it waits on none). */
export const refreshCardBlockers = async (ctx: UserContext, row: Row) => {
  const a = await arepo.findAnalysis(ctx.db, ctx.company.id, row.id);
  if (!a?.waitingCardType || !a.waitingCardRef) return;
  await kanban.updateCard(ctx, {
    cardType: a.waitingCardType as CardTypeValue,
    cardRef: a.waitingCardRef,
    approvalBlockers: await approvalBlockers(ctx, row, a.waitingEngine),
  });
};

/** documents' listener: a proposal's documents changed, so may its card's approval. */
export const proposalDocumentsChanged = async (ctx: UserContext, proposalId: number) => {
  const row = await repo.findProposal(ctx.db, ctx.company.id, { id: proposalId }, { all: true });
  if (row) await refreshCardBlockers(ctx, row);
};
