import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type StandardBranch,
  type StandardModality,
  standardCatalogue,
  standardInstallmentParameters,
} from './catalogue.data.js';
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

/** Where a modality's rows hang: its company, branch and row id. */
type ModalityRef = { companyId: number; branchId: number; modalityId: number };

/** The modality row of a catalogue modality (its group and its place in the branch's list given). */
const modalityRow = (
  companyId: number,
  branchId: number,
  groupId: number,
  m: StandardModality,
  sortOrder: number,
) => ({
  companyId,
  branchId,
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
  sortOrder,
});

/** The id of the branch's group of that name, created (next in order) on its first modality. */
const groupIdOf = async (
  db: Db,
  companyId: number,
  branchId: number,
  groupIds: Map<string, number>,
  name: string,
) => {
  let groupId = groupIds.get(name);
  if (!groupId) {
    const [group] = await db
      .insert(modalityGroups)
      .values({ companyId, branchId, name, sortOrder: groupIds.size })
      .returning();
    groupId = group?.id as number;
    groupIds.set(name, groupId);
  }
  return groupId;
};

/** The modality's coverages, each with its object term when it has one. */
const installCoverages = async (
  db: Db,
  { companyId, branchId, modalityId }: ModalityRef,
  m: StandardModality,
) => {
  for (const [j, c] of m.coverages.entries()) {
    const [coverage] = await db
      .insert(coverages)
      .values({
        companyId,
        modalityId,
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
        branchId,
        modalityId,
        coverageId: coverage.id,
        title: `Objeto da Cobertura - ${c.name}`,
        text: c.objectText,
      });
    }
  }
};

/** The modality's particular clauses and requested documents, in the catalogue's order. */
const installClausesAndDocuments = async (
  db: Db,
  { companyId, modalityId }: ModalityRef,
  m: StandardModality,
) => {
  if (m.clauses.length) {
    await db
      .insert(particularClauses)
      .values(
        m.clauses.map((c, j) => ({ companyId, modalityId, title: c.title, text: c.text, sortOrder: j })),
      );
  }
  if (m.documents.length) {
    await db.insert(parameterRequestDocuments).values(
      m.documents.map((d, j) => ({
        companyId,
        modalityId,
        name: d.name,
        description: d.description ?? null,
        requestDocumentTypeId: d.type,
        pipeTypeId: d.pipe,
        isRequired: d.required ?? true,
        sortOrder: j,
      })),
    );
  }
};

/** A modality's rows after the modality itself: terms, coverages, clauses, documents, installments, CNAE rates. */
const installModalityDetails = async (
  db: Db,
  ref: ModalityRef,
  m: StandardModality,
  installmentIds: Map<string, number>,
) => {
  const { companyId, branchId, modalityId } = ref;
  await db.insert(contractualTerms).values({
    companyId,
    termType: 3,
    branchId,
    modalityId,
    title: `Objeto - ${m.name}`,
    text: m.objectText,
  });
  if (m.specialText) {
    await db.insert(contractualTerms).values({
      companyId,
      termType: 2,
      branchId,
      modalityId,
      title: `Condições Especiais - ${m.name}`,
      text: m.specialText,
    });
  }
  await installCoverages(db, ref, m);
  await installClausesAndDocuments(db, ref, m);
  const installmentParameterId = installmentIds.get(m.installment);
  if (installmentParameterId) {
    await db.insert(installmentModalityParameters).values({ companyId, modalityId, installmentParameterId });
  }
  if (m.cnaeRates?.length) {
    await db.insert(cnaeRates).values(m.cnaeRates.map((r) => ({ companyId, modalityId, ...r })));
  }
};

/** Links each modality to its complementary ones (same branch, by name). */
const installComplementaryLinks = async (
  db: Db,
  companyId: number,
  b: StandardBranch,
  modalityIds: Map<string, number>,
) => {
  for (const m of b.modalities) {
    for (const name of m.complementary ?? []) {
      const modalityId = modalityIds.get(m.name);
      const complementaryModalityId = modalityIds.get(name);
      if (modalityId && complementaryModalityId)
        await db.insert(complementaryModalities).values({ companyId, modalityId, complementaryModalityId });
    }
  }
};

const installBranch = async (
  db: Db,
  companyId: number,
  b: StandardBranch,
  installmentIds: Map<string, number>,
) => {
  const [branch] = await db
    .insert(paramBranches)
    .values({ companyId, code: b.code, name: b.name, kind: b.kind, isPublic: b.isPublic, iofRate: b.iofRate })
    .returning();
  if (!branch) return;
  const branchId = branch.id;
  if (b.generalConditions) {
    await db.insert(contractualTerms).values({
      companyId,
      termType: 1,
      branchId,
      title: `Condições Gerais - ${b.name}`,
      text: b.generalConditions,
    });
  }
  const groupIds = new Map<string, number>();
  const modalityIds = new Map<string, number>();
  for (const [i, m] of b.modalities.entries()) {
    const groupId = await groupIdOf(db, companyId, branchId, groupIds, m.group);
    const [modality] = await db
      .insert(modalities)
      .values(modalityRow(companyId, branchId, groupId, m, i))
      .returning();
    if (!modality) continue;
    modalityIds.set(m.name, modality.id);
    await installModalityDetails(db, { companyId, branchId, modalityId: modality.id }, m, installmentIds);
  }
  await installComplementaryLinks(db, companyId, b, modalityIds);
};

/** The company's installment parameters (the catalogue's codes), with their ids by code (existing rows kept). */
const installInstallmentParameters = async (db: Db, companyId: number) => {
  const installmentIds = new Map<string, number>();
  for (const p of standardInstallmentParameters) {
    const [row] = await db
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
        await db
          .select({ id: installmentParameters.id })
          .from(installmentParameters)
          .where(and(eq(installmentParameters.companyId, companyId), eq(installmentParameters.code, p.code)))
      )[0]?.id;
    if (id) installmentIds.set(p.code, id);
  }
  return installmentIds;
};

/**
 * The insurer's starting catalogue, installed when a company is installed (install/): branches
 * 0775/0776 and the property products, groups, modalities with limits, coverages, terms and clauses
 * with tags, requested documents, installment parameters, CNAE rates. The insurer then changes it
 * on the Parametrização screens. Idempotent: a company that already has branches is left as it is
 * (its catalogue is its own), so it returns whether it installed anything.
 */
export const installStandardCatalogue = async (db: Db, companyId: number): Promise<boolean> => {
  const existing = await db
    .select({ id: paramBranches.id })
    .from(paramBranches)
    .where(eq(paramBranches.companyId, companyId))
    .limit(1);
  if (existing.length) return false;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.insert(parameterisationSettings).values({ companyId }).onConflictDoNothing();
    const installmentIds = await installInstallmentParameters(t, companyId);
    for (const branch of standardCatalogue) await installBranch(t, companyId, branch, installmentIds);
  });
  return true;
};
