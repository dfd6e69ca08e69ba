import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { demoCompanies } from '../../seed/companies.js';
import { type BranchSeed, demoCatalogue, demoInstallmentParameters } from './catalogue.data.js';
import {
  cnaeRates,
  complementaryModalities,
  contractualTerms,
  coverages,
  installmentModalityParameters,
  installmentParameters,
  modalities,
  modalityGroups,
  paramBranches,
  parameterisationSettings,
  parameterRequestDocuments,
  particularClauses,
} from './parameterisation.table.js';

const seedBranch = async (db: Db, companyId: number, b: BranchSeed, installmentIds: Map<string, number>) => {
  const [branch] = await db
    .insert(paramBranches)
    .values({ companyId, code: b.code, name: b.name, kind: b.kind, isPublic: b.isPublic, iofRate: b.iofRate })
    .returning();
  if (!branch) return;
  if (b.generalConditions) {
    await db.insert(contractualTerms).values({
      companyId,
      termType: 1,
      branchId: branch.id,
      title: `Condições Gerais - ${b.name}`,
      text: b.generalConditions,
    });
  }
  const groupIds = new Map<string, number>();
  const modalityIds = new Map<string, number>();
  for (const [i, m] of b.modalities.entries()) {
    let groupId = groupIds.get(m.group);
    if (!groupId) {
      const [group] = await db
        .insert(modalityGroups)
        .values({ companyId, branchId: branch.id, name: m.group, sortOrder: groupIds.size })
        .returning();
      groupId = group?.id as number;
      groupIds.set(m.group, groupId);
    }
    const [modality] = await db
      .insert(modalities)
      .values({
        companyId,
        branchId: branch.id,
        groupId,
        name: m.name,
        description: m.description,
        susepCode: m.susepCode ?? null,
        maxInsuredAmount: m.maxIs,
        minInsuredAmount: m.minIs ?? null,
        automaticApprovalLimit: m.autoLimit,
        minPremium: m.minPremium,
        defaultRate: m.rate,
        minCommissionPercentage: '5',
        maxCommissionPercentage: '30',
        retroactiveDays: m.retroactiveDays,
        futureDays: m.futureDays,
        minPeriodDays: m.minDays,
        maxPeriodDays: m.maxDays,
        isComplementary: m.isComplementary ?? false,
        automaticCancel: m.automaticCancel ?? false,
        daysAfterDueDate: m.daysAfterDueDate ?? null,
        canHaveBeneficiaryPf: m.canHaveBeneficiaryPf ?? false,
        sortOrder: i,
      })
      .returning();
    if (!modality) continue;
    modalityIds.set(m.name, modality.id);
    await db.insert(contractualTerms).values({
      companyId,
      termType: 3,
      branchId: branch.id,
      modalityId: modality.id,
      title: `Objeto - ${m.name}`,
      text: m.objectText,
    });
    if (m.specialText) {
      await db.insert(contractualTerms).values({
        companyId,
        termType: 2,
        branchId: branch.id,
        modalityId: modality.id,
        title: `Condições Especiais - ${m.name}`,
        text: m.specialText,
      });
    }
    for (const [j, c] of m.coverages.entries()) {
      const [coverage] = await db
        .insert(coverages)
        .values({
          companyId,
          modalityId: modality.id,
          name: c.name,
          description: c.description,
          isAdditional: c.isAdditional ?? false,
          insuredAmountPercentage: c.insuredAmountPercentage ?? '100',
          rate: c.rate ?? '0',
          sortOrder: j,
        })
        .returning();
      if (coverage && c.objectText) {
        await db.insert(contractualTerms).values({
          companyId,
          termType: 5,
          branchId: branch.id,
          modalityId: modality.id,
          coverageId: coverage.id,
          title: `Objeto da Cobertura - ${c.name}`,
          text: c.objectText,
        });
      }
    }
    if (m.clauses.length) {
      await db.insert(particularClauses).values(
        m.clauses.map((c, j) => ({
          companyId,
          modalityId: modality.id,
          title: c.title,
          text: c.text,
          sortOrder: j,
        })),
      );
    }
    if (m.documents.length) {
      await db.insert(parameterRequestDocuments).values(
        m.documents.map((d, j) => ({
          companyId,
          modalityId: modality.id,
          name: d.name,
          description: d.description ?? null,
          requestDocumentTypeId: d.type,
          pipeTypeId: d.pipe,
          isRequired: d.required ?? true,
          sortOrder: j,
        })),
      );
    }
    const installmentId = installmentIds.get(m.installment);
    if (installmentId) {
      await db
        .insert(installmentModalityParameters)
        .values({ companyId, modalityId: modality.id, installmentParameterId: installmentId });
    }
    if (m.cnaeRates?.length) {
      await db
        .insert(cnaeRates)
        .values(m.cnaeRates.map((r) => ({ companyId, modalityId: modality.id, ...r })));
    }
  }
  for (const m of b.modalities) {
    for (const name of m.complementary ?? []) {
      const modalityId = modalityIds.get(m.name);
      const complementaryModalityId = modalityIds.get(name);
      if (modalityId && complementaryModalityId)
        await db.insert(complementaryModalities).values({ companyId, modalityId, complementaryModalityId });
    }
  }
};

/**
 * Demo catalogue of each demo company (branches 0775/0776 and property products, groups,
 * modalities with limits, coverages, terms and clauses with tags, requested documents, installment
 * parameters, CNAE rates). Idempotent: a company that already has branches is left as it is.
 */
export const seedParameterisation = async (db: Db) => {
  for (const { id: companyId } of demoCompanies) {
    const existing = await db
      .select({ id: paramBranches.id })
      .from(paramBranches)
      .where(eq(paramBranches.companyId, companyId))
      .limit(1);
    if (existing.length) continue;
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.insert(parameterisationSettings).values({ companyId }).onConflictDoNothing();
      const installmentIds = new Map<string, number>();
      for (const p of demoInstallmentParameters) {
        const [row] = await t
          .insert(installmentParameters)
          .values({
            companyId,
            ...p,
            gracePeriodsInDays: [...p.gracePeriodsInDays],
            paymentMethods: [...p.paymentMethods],
          })
          .onConflictDoNothing()
          .returning();
        const id =
          row?.id ??
          (
            await t
              .select({ id: installmentParameters.id })
              .from(installmentParameters)
              .where(
                and(eq(installmentParameters.companyId, companyId), eq(installmentParameters.code, p.code)),
              )
          )[0]?.id;
        if (id) installmentIds.set(p.code, id);
      }
      for (const branch of demoCatalogue) await seedBranch(t, companyId, branch, installmentIds);
    });
  }
};
