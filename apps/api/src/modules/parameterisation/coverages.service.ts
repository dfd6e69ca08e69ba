import type { Coverage, InsertCoverageBody, UpdateCoverageBody } from '@aval/contracts';
import type { UserContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import * as coveragesRepo from './coverages.repository.js';
import { insurerTagParty } from './insurer-record.service.js';
import { getModalityByUniqueIdOr404, getModalityOr404 } from './modalities.service.js';
import { recordChanges, recordEvent } from './parameterisation.history.js';
import { coverageAuditFields, toCoverage, toTerm } from './parameterisation.mapper.js';
import * as repo from './parameterisation.repository.js';
import { sampleTagContext } from './rich-text.js';
import * as termsRepo from './terms.repository.js';

const getCoverageOr404 = async (ctx: UserContext, id: number) => {
  const coverage = await coveragesRepo.findCoverage(ctx.db, ctx.company.id, id);
  if (!coverage) throw notFound('Cobertura não encontrada.');
  return coverage;
};

export const insertCoverage = async (ctx: UserContext, body: InsertCoverageBody): Promise<Coverage> => {
  const modality = await getModalityOr404(ctx, body.ModalityId);
  const created = await coveragesRepo.insertCoverage(ctx.db, {
    companyId: ctx.company.id,
    modalityId: modality.id,
    name: body.Name,
    description: body.Description ?? null,
    isAdditional: body.IsAdditional,
    insuredAmountPercentage: body.InsuredAmountPercentage,
    rate: body.Rate,
    isActive: body.IsActive,
    sortOrder: body.Order,
  });
  await recordEvent(
    ctx,
    { entity: 'Coverage', entityId: created.id, modalityId: modality.id },
    'Created',
    created.name,
  );
  return toCoverage(created);
};

export const updateCoverage = async (ctx: UserContext, body: UpdateCoverageBody): Promise<Coverage> => {
  const current = await getCoverageOr404(ctx, body.Id);
  const updated = await coveragesRepo.updateCoverage(ctx.db, ctx.company.id, current.id, {
    name: body.Name,
    description: body.Description === undefined ? undefined : (body.Description ?? null),
    isAdditional: body.IsAdditional,
    insuredAmountPercentage: body.InsuredAmountPercentage,
    rate: body.Rate,
    isActive: body.IsActive,
    sortOrder: body.Order,
  });
  await recordChanges(
    ctx,
    { entity: 'Coverage', entityId: current.id, modalityId: current.modalityId },
    coverageAuditFields(current),
    coverageAuditFields(updated),
  );
  return toCoverage(updated);
};

export const enableDisableCoverage = async (ctx: UserContext, id: number): Promise<Coverage> => {
  const current = await getCoverageOr404(ctx, id);
  const updated = await coveragesRepo.updateCoverage(ctx.db, ctx.company.id, id, {
    isActive: !current.isActive,
  });
  await recordChanges(
    ctx,
    { entity: 'Coverage', entityId: id, modalityId: current.modalityId },
    { IsActive: current.isActive },
    { IsActive: updated.isActive },
  );
  return toCoverage(updated);
};

export const getAdditionalCoverages = async (
  ctx: UserContext,
  modalityUniqueId: string,
  ignoreDeleted: boolean,
): Promise<Coverage[]> => {
  const modality = await getModalityByUniqueIdOr404(ctx, modalityUniqueId);
  const rows = await coveragesRepo.listCoverages(ctx.db, ctx.company.id, modality.id);
  return rows.filter((c) => c.isAdditional && (!ignoreDeleted || c.isActive)).map(toCoverage);
};

export const getAdditionalCoveragesObjects = async (
  ctx: UserContext,
  modalityUniqueId: string,
  coverageIds: number[],
) => {
  const modality = await getModalityByUniqueIdOr404(ctx, modalityUniqueId);
  const all = await coveragesRepo.listCoverages(ctx.db, ctx.company.id, modality.id);
  const wanted = new Set(coverageIds);
  const chosen = all.filter((c) => c.isActive && (wanted.size === 0 ? c.isAdditional : wanted.has(c.id)));
  const terms = await termsRepo.listTerms(ctx.db, ctx.company.id, {
    modalityId: modality.id,
    coverageIds: chosen.map((c) => c.id),
    onlyActive: true,
  });
  const tagContext = sampleTagContext(await insurerTagParty(ctx), modality.name);
  return chosen.map((c) => ({
    CoverageId: c.id,
    CoverageName: c.name,
    Objects: terms
      .filter((t) => t.coverageId === c.id && (t.termType === 4 || t.termType === 5))
      .map((t) => toTerm(t, tagContext)),
  }));
};

export const getPercentageLimitPremiumRelationIssuredAmount = async (ctx: UserContext) => {
  const settings = await repo.findSettings(ctx.db, ctx.company.id);
  return { Percentage: settings?.percentageLimitPremiumRelationInsuredAmount ?? '10.000000' };
};
