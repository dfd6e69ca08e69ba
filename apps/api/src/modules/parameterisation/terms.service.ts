import type {
  ContractualTerm,
  InsertContractualTermBody,
  InsertParticularClauseBody,
  ParticularClause,
  UpdateParticularClauseBody,
} from '@aval/contracts';
import { type ContractualTermTypeId, contractualTermTypeLabels, Permission } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as coveragesRepo from './coverages.repository.js';
import { insurerTagParty } from './insurer-record.service.js';
import { getBranchOr404, getModalityOr404 } from './modalities.service.js';
import { entityHistory, recordChanges, recordEvent } from './parameterisation.history.js';
import { toBranch, toClause, toTerm } from './parameterisation.mapper.js';
import * as repo from './parameterisation.repository.js';
import { sampleTagContext, sanitizeRichText } from './rich-text.js';
import * as termsRepo from './terms.repository.js';

/* Contractual terms */

export const insertContractualTerm = async (
  ctx: UserContext,
  body: InsertContractualTermBody,
): Promise<ContractualTerm> => {
  const text = sanitizeRichText(body.Text, 'o texto do termo');
  const modality = body.ModalityId ? await getModalityOr404(ctx, body.ModalityId) : undefined;
  const branch = modality ? undefined : await getBranchOr404(ctx, body.BranchId as number);
  if (body.CoverageId) {
    const coverage = await coveragesRepo.findCoverage(ctx.db, ctx.company.id, body.CoverageId);
    if (!coverage) throw notFound('Cobertura não encontrada.');
    if (coverage.modalityId !== modality?.id)
      throw badRequest('A cobertura informada não pertence à modalidade.');
  }
  const coverageId = body.TermType === 4 || body.TermType === 5 ? (body.CoverageId ?? null) : null;
  const slot = {
    termType: body.TermType,
    branchId: modality ? modality.branchId : (branch?.id ?? null),
    modalityId: modality?.id ?? null,
    coverageId,
  };
  const typeName = contractualTermTypeLabels[body.TermType as ContractualTermTypeId];
  const title =
    body.Title?.trim() || (modality ? `${typeName} - ${modality.name}` : `${typeName} - ${branch?.name}`);
  const audit = { entity: 'ContractualTerm' as const, modalityId: modality?.id ?? null };
  const current = await termsRepo.findTermSlot(ctx.db, ctx.company.id, slot);
  let saved: termsRepo.TermRow;
  if (current) {
    const changed = current.text !== text || current.title !== title || current.isActive !== body.IsActive;
    saved = changed
      ? await termsRepo.updateTerm(ctx.db, ctx.company.id, current.id, {
          text,
          title,
          isActive: body.IsActive,
          version: current.version + 1,
          updatedByUserId: ctx.user.userId,
        })
      : current;
    await recordChanges(
      ctx,
      { ...audit, entityId: current.id },
      { Title: current.title, Text: current.text, IsActive: current.isActive },
      { Title: saved.title, Text: saved.text, IsActive: saved.isActive },
    );
  } else {
    saved = await termsRepo.insertTerm(ctx.db, {
      ...slot,
      companyId: ctx.company.id,
      title,
      text,
      isActive: body.IsActive,
      updatedByUserId: ctx.user.userId,
    });
    await recordEvent(ctx, { ...audit, entityId: saved.id }, 'Created', saved.title);
  }
  return toTerm(saved, sampleTagContext(await insurerTagParty(ctx), modality?.name));
};

export const getModalityObject = async (
  ctx: UserContext,
  modalityId: number,
  termType: number | undefined,
): Promise<ContractualTerm[]> => {
  const modality = await getModalityOr404(ctx, modalityId);
  const rows = await termsRepo.listTerms(ctx.db, ctx.company.id, {
    modalityId,
    termType: termType ?? 3,
    onlyActive: true,
  });
  const context = sampleTagContext(await insurerTagParty(ctx), modality.name);
  return rows.map((t) => toTerm(t, context));
};

export const getGeneralConditions = async (ctx: UserContext, branchId: number | undefined) => {
  const branches = (await repo.listBranches(ctx.db, ctx.company.id)).filter(
    (b) => b.kind === 'surety' && (!branchId || b.id === branchId),
  );
  if (branchId && branches.length === 0) throw notFound('Ramo não encontrado.');
  const terms = await termsRepo.listTerms(ctx.db, ctx.company.id, { termType: 1, branchLevel: true });
  const termIds = terms.map((t) => t.id);
  const history = termIds.length ? await entityHistory(ctx, 'ContractualTerm', termIds) : [];
  const context = sampleTagContext(await insurerTagParty(ctx));
  return branches.map((b) => {
    const term = terms.find((t) => t.branchId === b.id);
    return {
      Branch: toBranch(b),
      IsPublic: b.isPublic,
      Term: term ? toTerm(term, context) : null,
      History: term ? history.filter((h) => h.EntityId === term.id) : [],
    };
  });
};

/* Particular clauses */

const getClauseOr404 = async (ctx: UserContext, id: number) => {
  const clause = await termsRepo.findClause(ctx.db, ctx.company.id, id);
  if (!clause) throw notFound('Cláusula particular não encontrada.');
  return clause;
};

const clauseView = async (ctx: UserContext, clause: termsRepo.ClauseRow) => {
  const modality = await repo.findModality(ctx.db, ctx.company.id, clause.modalityId);
  return toClause(clause, sampleTagContext(await insurerTagParty(ctx), modality?.name));
};

const clauseAudit = (c: termsRepo.ClauseRow) => ({
  Title: c.title,
  Text: c.text,
  IsActive: c.isActive,
  Order: c.sortOrder,
});

export const insertParticularClause = async (
  ctx: UserContext,
  body: InsertParticularClauseBody,
): Promise<ParticularClause> => {
  const modality = await getModalityOr404(ctx, body.ModalityId);
  const created = await termsRepo.insertClause(ctx.db, {
    companyId: ctx.company.id,
    modalityId: modality.id,
    title: body.Title,
    text: sanitizeRichText(body.Text, 'o texto da cláusula'),
    isActive: body.IsActive,
    sortOrder: body.Order,
  });
  await recordEvent(
    ctx,
    { entity: 'ParticularClause', entityId: created.id, modalityId: modality.id },
    'Created',
    created.title,
  );
  return toClause(created, sampleTagContext(await insurerTagParty(ctx), modality.name));
};

export const updateParticularClause = async (
  ctx: UserContext,
  body: UpdateParticularClauseBody,
): Promise<ParticularClause> => {
  const current = await getClauseOr404(ctx, body.Id);
  const updated = await termsRepo.updateClause(ctx.db, ctx.company.id, current.id, {
    title: body.Title,
    text: body.Text === undefined ? undefined : sanitizeRichText(body.Text, 'o texto da cláusula'),
    isActive: body.IsActive,
    sortOrder: body.Order,
  });
  await recordChanges(
    ctx,
    { entity: 'ParticularClause', entityId: current.id, modalityId: current.modalityId },
    clauseAudit(current),
    clauseAudit(updated),
  );
  return clauseView(ctx, updated);
};

export const updateStatusParticularClause = async (
  ctx: UserContext,
  id: number,
  isActive: boolean,
): Promise<ParticularClause> => updateParticularClause(ctx, { Id: id, IsActive: isActive });

export const getParticularDetailClauses = async (
  ctx: UserContext,
  modalityId: number,
  includeInactive: boolean,
): Promise<ParticularClause[]> => {
  const modality = await getModalityOr404(ctx, modalityId);
  const all = includeInactive && ctx.user.permissions.has(Permission.PARAMETRIZAR_SEGURADORA);
  const rows = await termsRepo.listClauses(ctx.db, ctx.company.id, modality.id, !all);
  const context = sampleTagContext(await insurerTagParty(ctx), modality.name);
  return rows.map((c) => toClause(c, context));
};
