import type { UpdateProposalBody } from '@aval/contracts';
import { FranchiseType, qarItemLabels, toDec, validateCoBrokers, validationMessages } from '@aval/domain';
import type { UserContext } from '../../context.js';
import * as beneficiaries from '../beneficiaries/index.js';
import { findBroker } from '../brokers/index.js';
import { type Draft, moneyOrNull } from './proposal-draft.js';
import { messages } from './proposals.messages.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';

/**
 * The collections of an UpdateProposal draft, one function each: a collection the body sends
 * replaces the stored one (checked against the modality), one it leaves out stays, unless the
 * modality changed and the old one no longer applies.
 */

/** A child row's owner columns (the proposal's id is set when it is stored). */
const baseOf = (d: Draft) => ({ companyId: d.ctx.company.id, proposalId: 0 });

/** The address each beneficiary of a stored proposal has (kept when a save leaves LocationId out). */
const beneficiaryLocationsOf = async (ctx: UserContext, row: repo.ProposalRow | undefined) =>
  new Map(
    row
      ? (await repo.childrenOf(ctx.db, row.id)).beneficiaries.map((x) => [x.beneficiaryId, x.locationId])
      : [],
  );

/** Beneficiaries: registered ones, once each, a natural person only where the modality admits one. */
export const applyBeneficiaries = async (d: Draft) => {
  const { ctx, body: b, row, errors, modality } = d;
  if (!b.Beneficiaries) return;
  const ids = b.Beneficiaries.map((x) => x.BeneficiaryId);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i)
      errors.push({ Field: `Beneficiaries.${i}.BeneficiaryId`, Message: validationMessages.duplicate });
  });
  const found = await beneficiaries.findByIds(ctx, [...new Set(ids)]);
  const kept = await beneficiaryLocationsOf(ctx, row);
  const chosen = new Map<number, number | null>();
  b.Beneficiaries.forEach(({ BeneficiaryId: id, LocationId }, i) => {
    const f = found.find((x) => x.Id === id);
    if (!f) errors.push({ Field: `Beneficiaries.${i}.BeneficiaryId`, Message: messages.beneficiary });
    else if (f.IsNaturalPerson && !modality.CanHaveBeneficiaryPF)
      errors.push({ Field: `Beneficiaries.${i}.BeneficiaryId`, Message: messages.beneficiaryPf });
    // The address must be one of this beneficiary's; left out, the one stored stays (or the main one).
    if (f && LocationId && !f.Locations.some((l) => l.Id === LocationId))
      errors.push({ Field: `Beneficiaries.${i}.LocationId`, Message: messages.beneficiaryLocation });
    if (!chosen.has(id))
      chosen.set(id, LocationId === undefined ? (kept.get(id) ?? null) : (LocationId ?? null));
  });
  d.children.beneficiaries = [...new Set(ids)].flatMap((id, i) => {
    const f = found.find((x) => x.Id === id);
    return f
      ? [
          {
            ...baseOf(d),
            beneficiaryId: id,
            name: f.Name,
            document: f.Document,
            locationId: chosen.get(id) ?? null,
            sortOrder: i,
          },
        ]
      : [];
  });
};

type CoverageLimit = NonNullable<UpdateProposalBody['CoverageLimits']>[number];

/** A coverage's franchise must carry what its type needs (percent + minimum, a value, or days). */
const franchiseProblems = (c: CoverageLimit) => {
  const problems: { field: string; message: string }[] = [];
  if (
    c.FranchiseTypeId === FranchiseType.PERCENT_WITH_MINIMUM &&
    (!c.FranchisePercent || !c.FranchiseValueStart)
  )
    problems.push({
      field: c.FranchisePercent ? 'FranchiseValueStart' : 'FranchisePercent',
      message: messages.franchisePercent,
    });
  if (c.FranchiseTypeId === FranchiseType.FIXED_VALUE && !c.FranchiseValueStart)
    problems.push({ field: 'FranchiseValueStart', message: messages.franchiseValue });
  if (c.FranchiseTypeId === FranchiseType.DAYS && !c.FranchiseDays)
    problems.push({ field: 'FranchiseDays', message: messages.franchiseDays });
  if (
    c.FranchiseValueStart &&
    c.FranchiseValueEnd &&
    toDec(c.FranchiseValueEnd).lessThan(toDec(c.FranchiseValueStart))
  )
    problems.push({ field: 'FranchiseValueEnd', message: messages.franchiseRange });
  return problems;
};

/** The modality's active main coverages, each with its share of the insured amount. */
const mainCoverages = (d: Draft, share: (pct: string) => string) =>
  d.modality.Coverages.filter((c) => c.IsActive).map((def) => ({
    ...baseOf(d),
    coverageId: def.Id,
    name: def.Name,
    isAdditional: false,
    insuredAmount: share(def.InsuredAmountPercentage),
    rate: def.Rate,
  }));

/** One coverage the body asks for: one of the modality's, once, with a complete franchise. */
const coverageOf = (d: Draft, c: CoverageLimit, i: number, share: (pct: string) => string) => {
  const { body: b, errors, modality } = d;
  const def = [...modality.Coverages, ...modality.AdditionalCoverages]
    .filter((x) => x.IsActive)
    .find((x) => x.Id === c.CoverageId);
  if (!def) {
    errors.push({ Field: `CoverageLimits.${i}.CoverageId`, Message: messages.coverage });
    return [];
  }
  if (b.CoverageLimits!.findIndex((x) => x.CoverageId === c.CoverageId) !== i) {
    errors.push({ Field: `CoverageLimits.${i}.CoverageId`, Message: validationMessages.duplicate });
    return [];
  }
  for (const problem of franchiseProblems(c))
    errors.push({ Field: `CoverageLimits.${i}.${problem.field}`, Message: problem.message });
  return [
    {
      ...baseOf(d),
      coverageId: def.Id,
      name: def.Name,
      isAdditional: def.IsAdditional,
      insuredAmount:
        def.IsAdditional && c.InsuredAmountValue
          ? toDec(c.InsuredAmountValue).toFixed(2)
          : share(def.InsuredAmountPercentage),
      rate: def.Rate,
      franchiseTypeId: c.FranchiseTypeId ?? null,
      franchisePercent: c.FranchisePercent ?? null,
      franchiseValueStart: moneyOrNull(c.FranchiseValueStart) ?? null,
      franchiseValueEnd: moneyOrNull(c.FranchiseValueEnd) ?? null,
      franchiseDays: c.FranchiseDays ?? null,
      franchiseRequireInsuredParticipation: c.FranchiseRequireInsuredParticipation ?? false,
      specialClause: c.ProposalSpecialClause ?? null,
      sortOrder: i,
    },
  ];
};

/**
 * Coverages: the ones the body asks for (the main ones added when none is), or the modality's main
 * ones on a new proposal or a new modality; main coverages take their share of the insured amount.
 */
export const applyCoverages = (d: Draft) => {
  const { body: b, row, values: v, modalityChanged } = d;
  const isValue = v.insuredAmount ?? '0';
  const share = (pct: string) => toDec(isValue).times(toDec(pct)).dividedBy(100).toFixed(2);
  if (b.CoverageLimits) {
    const coverages: NonNullable<Draft['children']['coverages']> = b.CoverageLimits.flatMap((c, i) =>
      coverageOf(d, c, i, share),
    );
    if (!coverages.some((c) => !c.isAdditional)) coverages.unshift(...mainCoverages(d, share));
    d.children.coverages = coverages;
  } else if (!row || modalityChanged) {
    d.children.coverages = mainCoverages(d, share).map((c, i) => ({ ...c, sortOrder: i }));
  }
};

/** Package coverages: the modality's active complementary modalities, once each, at their rate. */
export const applyPackages = async (d: Draft) => {
  const { ctx, body: b, row, errors, modality, modalityChanged } = d;
  if (!b.PackageCoverages) {
    if (modalityChanged && row) d.children.packages = [];
    return;
  }
  const complementary = modality.ComplementaryModalities.filter((c) => c.IsActive);
  const packages: NonNullable<Draft['children']['packages']> = [];
  d.children.packages = packages;
  const packageIds = b.PackageCoverages.map((p) => p.ModalityId);
  for (const [i, p] of b.PackageCoverages.entries()) {
    const def = complementary.find((c) => c.ComplementaryModalityId === p.ModalityId);
    if (!def) {
      errors.push({ Field: `PackageCoverages.${i}.ModalityId`, Message: messages.complementary });
      continue;
    }
    if (packageIds.indexOf(p.ModalityId) !== i) {
      errors.push({ Field: `PackageCoverages.${i}.ModalityId`, Message: validationMessages.duplicate });
      continue;
    }
    const other = await modalityOf(ctx, p.ModalityId);
    packages.push({
      ...baseOf(d),
      modalityId: p.ModalityId,
      modalityName: def.ComplementaryModalityName,
      insuredAmount: toDec(p.InsuredAmountValue).toFixed(2),
      rate: other.DefaultRate ?? '0',
    });
  }
};

/** Co-brokers: registered brokers, once each (the leader is the main broker), shares that add up. */
export const applyCoBrokers = async (d: Draft) => {
  const { ctx, body: b, values: v, errors } = d;
  if (!b.CoBrokers) return;
  const list = [];
  for (const [i, c] of b.CoBrokers.entries()) {
    const leader = c.CoBrokerId === undefined || c.CoBrokerId === null || c.CoBrokerId === v.brokerId;
    const broker = await findBroker(ctx, leader ? v.brokerId : c.CoBrokerId!);
    if (!broker) {
      errors.push({ Field: `CoBrokers.${i}.CoBrokerId`, Message: messages.coBroker });
      continue;
    }
    list.push({
      ...baseOf(d),
      brokerId: broker.broker.id,
      brokerUniqueId: broker.broker.uniqueId,
      name: broker.name,
      document: broker.broker.cnpj,
      susep: broker.broker.susepProtocol,
      commissionTypeId: c.CommissionTypeId,
      leader,
      participation: c.Participation,
      sortOrder: leader ? 0 : i + 1,
    });
  }
  const ids = list.map((x) => x.brokerId);
  if (new Set(ids).size !== ids.length)
    errors.push({ Field: 'CoBrokers', Message: validationMessages.duplicate });
  for (const m of validateCoBrokers(list)) errors.push({ Field: 'CoBrokers', Message: m });
  d.children.coBrokers = list;
};

/** The proposal's objects (description, contract number and value), as sent. */
export const applyObjects = (d: Draft) => {
  if (!d.body.ProposalObjects) return;
  d.children.objects = d.body.ProposalObjects.map((o, i) => ({
    ...baseOf(d),
    description: o.Description,
    contractNumber: o.ContractNumber ?? null,
    contractValue: moneyOrNull(o.ContractValue) ?? null,
    sortOrder: i,
  }));
};

/** QAR items: known items, once each. */
export const applyQars = (d: Draft) => {
  const { body: b, errors } = d;
  if (!b.QARs) return;
  const qarIds = b.QARs.map((q) => q.QARItemId);
  d.children.qars = b.QARs.flatMap((q, i) => {
    if (!qarItemLabels[q.QARItemId]) {
      errors.push({ Field: `QARs.${i}.QARItemId`, Message: messages.qarItem });
      return [];
    }
    if (qarIds.indexOf(q.QARItemId) !== i) {
      errors.push({ Field: `QARs.${i}.QARItemId`, Message: validationMessages.duplicate });
      return [];
    }
    return [
      { ...baseOf(d), qarItemId: q.QARItemId, quantity: q.Quantity, value: moneyOrNull(q.Value) ?? null },
    ];
  });
};

/** Particular clauses: the modality's active ones, with their title and text. */
export const applyClauses = (d: Draft) => {
  const { body: b, row, errors, modality, modalityChanged } = d;
  if (!b.ProposalParticularClauseIds) {
    if (modalityChanged && row) d.children.clauses = [];
    return;
  }
  const clauses = modality.ParticularClauses.filter((c) => c.IsActive);
  d.children.clauses = b.ProposalParticularClauseIds.flatMap((id, i) => {
    const c = clauses.find((x) => x.Id === id);
    if (!c) {
      errors.push({ Field: `ProposalParticularClauseIds.${i}`, Message: messages.clause });
      return [];
    }
    return [{ ...baseOf(d), particularClauseId: c.Id, title: c.Title, text: c.Text, sortOrder: i }];
  });
};

/** Applies every collection of the body, in the order their errors are reported. */
export const applyChildren = async (d: Draft) => {
  await applyBeneficiaries(d);
  applyCoverages(d);
  await applyPackages(d);
  await applyCoBrokers(d);
  applyObjects(d);
  applyQars(d);
  applyClauses(d);
};
