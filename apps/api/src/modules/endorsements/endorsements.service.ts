import type {
  ComparedFieldView,
  CreateEndorsementBody,
  EndorsementPayload,
  EndorsementView,
  PremiumDifferenceView,
} from '@aval/contracts';
import {
  addDays,
  cancellationPremiumDifference,
  changedFields,
  changePremiumDifference,
  DEFAULT_ACQUISITION_COST_PERCENTAGE,
  daysBetween,
  EndorsementChangeType,
  EndorsementStatus,
  type EndorsementStatusId,
  type EndorsementStep,
  EndorsementType,
  type EndorsementTypeId,
  endorsementCardType,
  endorsementChangeTypeNames,
  endorsementMessages,
  endorsementReasons,
  endorsementRequiredDocuments,
  endorsementStatusNames,
  endorsementStepNames,
  endorsementSteps,
  endorsementTypeNames,
  formatMoney,
  isInsurance,
  PolicyStatus,
  type PremiumDifference,
  reasonsOfType,
  toDec,
  todayInBrazil,
  toEpochDay,
  toMoneyString,
} from '@aval/domain';
import { z } from 'zod';
import type { TenantContext, UserContext } from '../../context.js';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { inScope, policyScope } from '../../lib/visibility.js';
import { defineQueue } from '../../plugins/jobs.js';
import { recordChanges } from '../change-history/index.js';
import * as documents from '../documents/index.js';
import * as files from '../files/index.js';
import * as kanban from '../kanban/index.js';
import * as modalities from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as users from '../users/index.js';
import { ensureEndorsementDocuments, issueExtraPremiumSlips, slipDocument } from './endorsements.document.js';
import * as repo from './endorsements.repository.js';
import type { EndorsementStepResult, EndorsementTerms } from './endorsements.table.js';

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;

// ---------------------------------------------------------------- access

/** The policy if the caller may see it (insurer: all; broker: own and co-brokered; holder: own); 404 otherwise. */
export const getVisiblePolicy = async (ctx: UserContext, uniqueId: string): Promise<Policy> => {
  const policy = await policies.findPolicyByUniqueId(ctx, uniqueId);
  if (!policy) throw notFound('Apólice não encontrada.');
  const scope = await policyScope(ctx);
  const coBroker = !scope.all && policy.coBrokers.some((c) => scope.brokerIds.includes(c.BrokerId));
  if (!inScope(scope, policy) && !coBroker) throw notFound('Apólice não encontrada.');
  return policy;
};

const getVisible = async (ctx: UserContext, uniqueId: string) => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row) throw notFound('Endosso não encontrado.');
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) throw notFound('Endosso não encontrado.');
  await getVisiblePolicy(ctx, policy.uniqueId).catch(() => {
    throw notFound('Endosso não encontrado.');
  });
  return { row, policy };
};

// ---------------------------------------------------------------- terms and premium

const termsOf = (p: Policy): EndorsementTerms => ({
  InsuredAmountValue: toMoneyString(p.insuredAmount),
  StartDate: p.startDate,
  EndDate: p.endDate,
  DeadlineDays: p.deadlineDays,
  Object: p.objectText,
  ParticularClausule: null,
  PolicyHolderName: p.policyHolderName,
  InsuredName: p.insuredName,
});

const compareLabels: Record<string, string> = {
  InsuredAmountValue: 'Importância segurada',
  EndDate: 'Fim de vigência',
  DeadlineDays: 'Prazo (dias)',
  Object: 'Objeto',
  ParticularClausule: 'Cláusula particular',
  PolicyHolderName: 'Tomador',
  InsuredName: 'Segurado',
};

const asStrings = (t: EndorsementTerms) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v === null ? null : String(v)]));

/** Only the fields that changed (spec §5). */
export const compareTerms = (before: EndorsementTerms, after: EndorsementTerms): ComparedFieldView[] =>
  changedFields(asStrings(before), asStrings(after), compareLabels);

/** The policy's terms after the endorsement asked for (checks the inputs). */
const requestedTerms = (policy: Policy, p: EndorsementPayload): EndorsementTerms => {
  const before = termsOf(policy);
  if (p.EndorsementTypeId === EndorsementType.CANCELAMENTO) return { ...before };
  const changes = new Set(p.EndorsementChangeTypeIds);
  const after = { ...before };
  if (changes.has(EndorsementChangeType.IS) && p.InsuredAmountValue !== undefined) {
    if (toDec(p.InsuredAmountValue).lessThanOrEqualTo(0))
      throw unprocessable(endorsementMessages.invalidInsuredAmount);
    after.InsuredAmountValue = toMoneyString(p.InsuredAmountValue);
  }
  if (changes.has(EndorsementChangeType.VIGENCIA) && p.EndDate) {
    if (toEpochDay(p.EndDate) <= toEpochDay(policy.startDate))
      throw unprocessable(endorsementMessages.endBeforeStart);
    if (toEpochDay(p.EndDate) < toEpochDay(policy.endDate))
      throw unprocessable(endorsementMessages.shorterTerm);
    after.EndDate = p.EndDate;
    after.DeadlineDays = daysBetween(policy.startDate, p.EndDate);
  }
  if (changes.has(EndorsementChangeType.OBJETO)) {
    const object = p.EndorsementObject ?? p.ContractualTerms?.Object;
    if (object) after.Object = object;
    if (p.ContractualTerms?.ParticularClausule)
      after.ParticularClausule = p.ContractualTerms.ParticularClausule;
  }
  if (changes.has(EndorsementChangeType.PARTES)) {
    if (p.PolicyHolder?.Name) after.PolicyHolderName = p.PolicyHolder.Name;
    if (p.Insured?.Name && policy.insuredId) after.InsuredName = p.Insured.Name;
  }
  if (compareTerms(before, after).length === 0) throw unprocessable(endorsementMessages.nothingChanged);
  return after;
};

const premiumOf = (policy: Policy, typeId: number, after: EndorsementTerms, effectiveDate: string) => {
  const terms = {
    startDate: policy.startDate,
    endDate: policy.endDate,
    insuredAmount: policy.insuredAmount,
    insurancePremium: policy.insurancePremium,
    tax: policy.tax ?? '0',
    comissionPercentage: policy.comissionPercentage ?? '0',
    comissionValue: policy.comissionValue,
    iofValue: policy.iofValue,
  };
  const acquisitionCostPercentage = DEFAULT_ACQUISITION_COST_PERCENTAGE;
  return typeId === EndorsementType.CANCELAMENTO
    ? cancellationPremiumDifference(terms, { effectiveDate, acquisitionCostPercentage })
    : changePremiumDifference(terms, {
        effectiveDate,
        insuredAmount: after.InsuredAmountValue,
        endDate: after.EndDate,
        acquisitionCostPercentage,
      });
};

const premiumView = (policy: Policy, d: PremiumDifference, effectiveDate: string): PremiumDifferenceView => ({
  Kind: d.kind,
  EffectiveDate: effectiveDate,
  RemainingDays: d.remainingDays,
  NewRemainingDays: d.newRemainingDays,
  Tax: policy.tax ?? '0',
  ExtraPremium: d.extraPremium.toFixed(2),
  IOFValue: d.iofValue.toFixed(2),
  CommissionOnExtra: d.commissionOnExtra.toFixed(2),
  UnearnedPremium: d.unearnedPremium.toFixed(2),
  AcquisitionCostPercentage: DEFAULT_ACQUISITION_COST_PERCENTAGE,
  AcquisitionCostsKept: d.acquisitionCostsKept.toFixed(2),
  Restitution: d.restitution.toFixed(2),
  CommissionReturned: d.commissionReturned.toFixed(2),
  CurrentInsurancePremium: toMoneyString(policy.insurancePremium),
  NewInsurancePremium: d.newInsurancePremium.toFixed(2),
  NewComissionValue: d.newComissionValue.toFixed(2),
});

const storedPremiumView = (r: Row): PremiumDifferenceView => ({
  Kind: r.premiumKind as PremiumDifferenceView['Kind'],
  EffectiveDate: r.effectiveDate,
  RemainingDays: r.remainingDays,
  NewRemainingDays: r.newRemainingDays,
  Tax: r.tax,
  ExtraPremium: r.extraPremium,
  IOFValue: r.iofValue,
  CommissionOnExtra: r.commissionOnExtra,
  UnearnedPremium: r.unearnedPremium,
  AcquisitionCostPercentage: r.acquisitionCostPercentage,
  AcquisitionCostsKept: r.acquisitionCostsKept,
  Restitution: r.restitution,
  CommissionReturned: r.commissionReturned,
  CurrentInsurancePremium: r.currentInsurancePremium,
  NewInsurancePremium: r.newInsurancePremium,
  NewComissionValue: r.newComissionValue,
});

// ---------------------------------------------------------------- views

const toViews = async (ctx: TenantContext, rows: Row[], policy: Policy): Promise<EndorsementView[]> => {
  const names = await users.userNames(
    ctx,
    rows.flatMap((r) => [r.requestedByUserId, r.decidedByUserId]),
  );
  const slips = await policies.installmentsOfEndorsements(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const reason = endorsementReasons.find((x) => x.id === r.reasonId);
    return {
      EndorsementId: r.id,
      ProposalUniqueId: r.uniqueId,
      Number: r.number,
      PolicyUniqueId: policy.uniqueId,
      PolicyNumber: policy.number,
      EndorsementTypeId: r.typeId,
      EndorsementTypeName: endorsementTypeNames[r.typeId as EndorsementTypeId] ?? String(r.typeId),
      ReasonEndorsementRequestId: r.reasonId,
      ReasonName: reason?.name ?? String(r.reasonId),
      EndorsementChangeTypeIds: r.changeTypeIds,
      StatusId: r.statusId,
      StatusName: endorsementStatusNames[r.statusId as EndorsementStatusId] ?? String(r.statusId),
      StartDate: r.after.StartDate,
      EndDate: r.after.EndDate,
      DeadlineDays: r.after.DeadlineDays,
      InsuredAmountValue: r.after.InsuredAmountValue,
      ComplementaryInsuredAmountValue: toDec(r.after.InsuredAmountValue)
        .minus(toDec(r.before.InsuredAmountValue))
        .toFixed(2),
      ComplementaryEndDate: r.after.EndDate !== r.before.EndDate ? r.after.EndDate : null,
      ComplementaryDeadlineDays: r.after.DeadlineDays - r.before.DeadlineDays,
      PremiumDifference: storedPremiumView(r),
      RequestInsurancePremiumReview: r.requestPremiumReview,
      JustificationInsurancePremiumReview: r.premiumReviewJustification,
      Steps: r.steps.map((s) => ({ ...s, Name: endorsementStepNames[s.Step] })),
      RequestedAt: r.createdAt.toISOString(),
      RequestedByName: (r.requestedByUserId && names.get(r.requestedByUserId)) || null,
      DecidedAt: r.decidedAt?.toISOString() ?? null,
      DecidedByName: (r.decidedByUserId && names.get(r.decidedByUserId)) || null,
      DecisionNote: r.decisionNote,
      HasDocument: r.documentArchiveId !== null,
      BankSlips: slips
        .filter((i) => i.endorsementId === r.id)
        .map((i) => {
          const v = policies.toInstallmentView(i);
          return {
            InstallmentNumber: v.Number,
            DueDate: v.DueDate,
            Amount: v.Amount,
            StatusId: v.StatusId,
            StatusName: v.StatusName,
            DigitableLine: v.DigitableLine,
          };
        }),
    };
  });
};

const toView = async (ctx: TenantContext, row: Row, policy: Policy) =>
  (await toViews(ctx, [row], policy))[0]!;

// ---------------------------------------------------------------- catalogues

export const getTypes = () =>
  [EndorsementType.ALTERACAO, EndorsementType.CANCELAMENTO].map((id) => ({
    Id: id,
    Name: endorsementTypeNames[id],
    CardType: endorsementCardType(id),
    ChangeTypes:
      id === EndorsementType.ALTERACAO
        ? Object.entries(endorsementChangeTypeNames).map(([k, Name]) => ({ Id: Number(k), Name }))
        : [],
  }));

export const getReasons = (typeId: number) =>
  reasonsOfType(typeId).map((r) => ({ Id: r.id, Name: r.name, PolicyEndorsementTypeId: r.typeId }));

export const requiredDocuments = (q: {
  endorsementTypeId: number;
  endorsementReasonId?: number;
  endorsementChangeTypeIds?: string;
}) =>
  endorsementRequiredDocuments(
    q.endorsementTypeId,
    q.endorsementReasonId,
    (q.endorsementChangeTypeIds ?? '').split(',').filter(Boolean).map(Number),
  );

// ---------------------------------------------------------------- validation

/** Why the policy cannot take an endorsement now, or null. */
const blockingReason = async (ctx: UserContext, policy: Policy): Promise<string | null> => {
  if (policy.statusId !== PolicyStatus.EMITIDA) return endorsementMessages.policyNotActive;
  if (toEpochDay(policy.endDate) < toEpochDay(todayInBrazil())) return endorsementMessages.policyNotActive;
  if (await repo.openOfPolicy(ctx.db, ctx.company.id, policy.id))
    return endorsementMessages.pendingEndorsement;
  return null;
};

export const canRequest = async (ctx: UserContext, policyUniqueId: string, _typeId: number) => {
  const policy = await getVisiblePolicy(ctx, policyUniqueId);
  const message = await blockingReason(ctx, policy);
  return { CanRequest: message === null, Message: message };
};

const checkPayload = async (ctx: UserContext, p: EndorsementPayload) => {
  const policy = await getVisiblePolicy(ctx, p.PolicyUniqueId);
  const blocked = await blockingReason(ctx, policy);
  if (blocked) throw unprocessable(blocked);
  const reason = endorsementReasons.find((r) => r.id === p.ReasonEndorsementRequestId);
  if (!reason || reason.typeId !== p.EndorsementTypeId)
    throw unprocessable(endorsementMessages.reasonOfOtherType);
  const after = requestedTerms(policy, p);
  const effectiveDate = todayInBrazil();
  const premium = premiumOf(policy, p.EndorsementTypeId, after, effectiveDate);
  return { policy, after, effectiveDate, premium };
};

export const validate = async (ctx: UserContext, p: EndorsementPayload) => {
  const { policy, after, effectiveDate, premium } = await checkPayload(ctx, p);
  return {
    PremiumDifference: premiumView(policy, premium, effectiveDate),
    Changes: compareTerms(termsOf(policy), after),
    RequiredDocuments: endorsementRequiredDocuments(
      p.EndorsementTypeId,
      p.ReasonEndorsementRequestId,
      p.EndorsementChangeTypeIds,
    ),
  };
};

/** Restitution of a cancellation at a date (RestoreInsurancePremium). */
export const validateRestore = async (
  ctx: UserContext,
  body: { PolicyUniqueId: string; EffectiveDate?: string },
) => {
  const policy = await getVisiblePolicy(ctx, body.PolicyUniqueId);
  const effectiveDate = body.EffectiveDate ?? todayInBrazil();
  const d = premiumOf(policy, EndorsementType.CANCELAMENTO, termsOf(policy), effectiveDate);
  const message =
    policy.statusId !== PolicyStatus.EMITIDA
      ? endorsementMessages.policyNotActive
      : d.kind === 'none'
        ? 'Não há prêmio a restituir nesta data.'
        : null;
  return {
    CanRestore: message === null,
    Message: message,
    PremiumDifference: premiumView(policy, d, effectiveDate),
  };
};

// ---------------------------------------------------------------- filing

export const create = async (ctx: UserContext, body: CreateEndorsementBody) => {
  const { policy, after, effectiveDate, premium } = await checkPayload(ctx, body);
  if (body.RequestInsurancePremiumReview && !body.JustificationInsurancePremiumReview?.trim())
    throw unprocessable(endorsementMessages.justificationRequired);
  const required = endorsementRequiredDocuments(
    body.EndorsementTypeId,
    body.ReasonEndorsementRequestId,
    body.EndorsementChangeTypeIds,
  );
  const missing = required.filter(
    (r) => r.IsRequired && !body.Documents.some((d) => d.Name === r.Name && d.ArchiveUniqueIds.length > 0),
  );
  if (missing.length)
    throw unprocessable(endorsementMessages.requiredDocuments(missing.map((m) => m.Name).join(', ')));
  const row = await repo
    .insertEndorsement(ctx.db, {
      companyId: ctx.company.id,
      policyId: policy.id,
      number: await repo.nextNumber(ctx.db, ctx.company.id, policy.id),
      typeId: body.EndorsementTypeId,
      reasonId: body.ReasonEndorsementRequestId,
      changeTypeIds:
        body.EndorsementTypeId === EndorsementType.CANCELAMENTO ? [] : body.EndorsementChangeTypeIds,
      statusId: EndorsementStatus.EM_ANALISE,
      effectiveDate,
      before: termsOf(policy),
      after,
      premiumKind: premium.kind,
      tax: policy.tax ?? '0',
      extraPremium: premium.extraPremium.toFixed(2),
      iofValue: premium.iofValue.toFixed(2),
      commissionOnExtra: premium.commissionOnExtra.toFixed(2),
      unearnedPremium: premium.unearnedPremium.toFixed(2),
      acquisitionCostPercentage: DEFAULT_ACQUISITION_COST_PERCENTAGE,
      acquisitionCostsKept: premium.acquisitionCostsKept.toFixed(2),
      restitution: body.RestoreInsurancePremium ? premium.restitution.toFixed(2) : '0.00',
      commissionReturned: premium.commissionReturned.toFixed(2),
      currentInsurancePremium: toMoneyString(policy.insurancePremium),
      newInsurancePremium: premium.newInsurancePremium.toFixed(2),
      newComissionValue: premium.newComissionValue.toFixed(2),
      remainingDays: premium.remainingDays,
      newRemainingDays: premium.newRemainingDays,
      restoreInsurancePremium: body.RestoreInsurancePremium,
      requestPremiumReview: body.RequestInsurancePremiumReview,
      premiumReviewJustification: body.JustificationInsurancePremiumReview?.trim() || null,
      requestedByUserId: ctx.user.userId,
    })
    .catch((err: unknown) => {
      if (
        String((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string }).code) ===
        '23505'
      )
        throw conflict(endorsementMessages.pendingEndorsement);
      throw err;
    });
  // The documents: one slot per document (documents module), with the uploaded files.
  const owner = { type: 'endorsement' as const, id: row.id };
  const names = new Set([...required.map((r) => r.Name), ...body.Documents.map((d) => d.Name)]);
  await documents.ensureDefaultDocuments(
    ctx,
    owner,
    [...names].map((Name) => ({
      Name,
      RequestDocumentTypeId: 4,
      IsRequired: required.some((r) => r.Name === Name && r.IsRequired),
    })),
  );
  const slots = await documents.listDocuments(ctx, owner);
  for (const d of body.Documents) {
    const slot = slots.find((s) => s.Name === d.Name);
    if (slot && d.ArchiveUniqueIds.length)
      await documents.attachArchives(ctx, owner, slot.UniqueId, d.ArchiveUniqueIds);
  }
  await ctx.platform.jobs.send(
    endorsementStepsQueue,
    { companyId: ctx.company.id, endorsementId: row.id, userId: ctx.user.userId },
    { tx: ctx.db, idempotencyKey: `endorsement-steps:${ctx.company.id}:${row.id}` },
  );
  return toView(ctx, row, policy);
};

/** The automatic steps of a filed endorsement run in a durable job (endorsements.jobs.ts works it). */
export const ENDORSEMENT_STEPS_QUEUE = 'endorsement-steps';
/** What an endorsement's job carries (the steps' and the documents'): run as the user who sent it. */
export const endorsementStepsJob = z.object({
  companyId: z.number().int().positive(),
  endorsementId: z.number().int().positive(),
  userId: z.number().int().nonnegative(),
});
export const endorsementStepsQueue = defineQueue({
  name: ENDORSEMENT_STEPS_QUEUE,
  data: endorsementStepsJob,
});

export const ENDORSEMENT_DOCUMENTS_QUEUE = 'endorsement-documents';
export const endorsementDocumentsQueue = defineQueue({
  name: ENDORSEMENT_DOCUMENTS_QUEUE,
  data: endorsementStepsJob,
});

/** The documents job: the approved endorsement's PDF and its boletos' PDFs (idempotent). */
export const renderApprovedDocuments = async (ctx: UserContext, endorsementId: number) => {
  const row = await repo.findById(ctx.db, ctx.company.id, endorsementId);
  if (!row || row.statusId !== EndorsementStatus.EMITIDO) return;
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) return;
  await ensureEndorsementDocuments(ctx, row, policy, compareLabels);
};

// ---------------------------------------------------------------- automatic steps

const stepOutcome = async (
  ctx: UserContext,
  step: EndorsementStep,
  row: Row,
  policy: Policy,
): Promise<{ approved: boolean; message: string | null }> => {
  const increase = toDec(row.after.InsuredAmountValue).minus(toDec(row.before.InsuredAmountValue));
  const cancellation = row.typeId === EndorsementType.CANCELAMENTO;
  switch (step) {
    case 'registration': {
      const holder = await policyHoldersBlocked(ctx, policy);
      return holder
        ? { approved: false, message: 'O tomador está bloqueado: o cadastro precisa de análise.' }
        : { approved: true, message: 'Cadastro do tomador regular.' };
    }
    case 'credit':
      if (cancellation || increase.lessThanOrEqualTo(0))
        return { approved: true, message: 'Sem aumento de exposição do tomador.' };
      return {
        approved: false,
        message: `Aumento de IS de ${formatMoney(increase)}: o crédito do tomador precisa de análise.`,
      };
    case 'reinsurance':
    case 'subscription': {
      if (cancellation) return { approved: true, message: 'Cancelamento: sem nova aceitação de risco.' };
      const modalityLimit = await modalityAutomaticLimit(ctx, policy);
      const overLimit =
        modalityLimit !== null && toDec(row.after.InsuredAmountValue).greaterThan(modalityLimit);
      if (step === 'subscription' && row.requestPremiumReview)
        return { approved: false, message: 'Revisão do prêmio solicitada pelo corretor.' };
      if (overLimit)
        return {
          approved: false,
          message: `A nova IS passa do limite de aprovação automática da modalidade (${modalityLimit}).`,
        };
      return { approved: true, message: 'Dentro dos limites automáticos da modalidade.' };
    }
  }
};

const policyHoldersBlocked = async (ctx: UserContext, policy: Policy) => {
  const holder = await policyHolders.getVisible(ctx, policy.policyHolderUniqueId).catch(() => undefined);
  return holder?.isBlocked ?? false;
};

const modalityAutomaticLimit = async (ctx: UserContext, policy: Policy) => {
  const modality = await modalities.getModalityOr404(ctx, policy.modalityId).catch(() => undefined);
  return modality?.automaticApprovalLimit ?? null;
};

/**
 * Runs one automatic step (again): records its result; when the four have run, the endorsement
 * waits for the insurer's approval and its card (ENDOSSO_ALTERACAO / ENDOSSO_CANCELAMENTO) opens.
 */
export const runStep = async (ctx: UserContext, uniqueId: string, step: EndorsementStep) => {
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row) throw notFound('Endosso não encontrado.');
  return runStepOf(ctx, row, step);
};

const runStepOf = async (ctx: UserContext, row: Row, step: EndorsementStep) => {
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) throw notFound('Endosso não encontrado.');
  if (
    row.statusId !== EndorsementStatus.EM_ANALISE &&
    row.statusId !== EndorsementStatus.AGUARDANDO_APROVACAO
  )
    throw unprocessable('O endosso já foi decidido.');
  const outcome = await stepOutcome(ctx, step, row, policy);
  const result: EndorsementStepResult = {
    Step: step,
    Approved: outcome.approved,
    Message: outcome.message,
    ExecutedAt: new Date().toISOString(),
  };
  const steps = [...row.steps.filter((s) => s.Step !== step), result].sort(
    (a, b) => endorsementSteps.indexOf(a.Step) - endorsementSteps.indexOf(b.Step),
  );
  const done = endorsementSteps.every((s) => steps.some((x) => x.Step === s));
  const updated = await repo.updateEndorsement(ctx.db, ctx.company.id, row.id, {
    steps,
    statusId: done ? EndorsementStatus.AGUARDANDO_APROVACAO : row.statusId,
  });
  if (done) {
    const pending = steps.filter((s) => !s.Approved).map((s) => endorsementStepNames[s.Step]);
    await kanban.openCard(ctx, {
      cardType: endorsementCardType(row.typeId as EndorsementTypeId),
      cardRef: row.uniqueId,
      cpfCnpj: policy.policyHolderDocument,
      cardData: {
        header: `Endosso ${row.number} da apólice ${policy.number}`,
        body: `${policy.policyHolderName} — ${endorsementTypeNames[row.typeId as EndorsementTypeId]}`,
        footer: pending.length ? `Análise: ${pending.join(', ')}` : 'Etapas automáticas aprovadas',
      },
    });
  }
  return {
    ProposalUniqueId: row.uniqueId,
    Step: step,
    Approved: outcome.approved,
    Message: outcome.message,
    StatusId: updated.statusId,
  };
};

/** All the steps in order (the job). */
export const runAllSteps = async (ctx: UserContext, endorsementId: number) => {
  for (const step of endorsementSteps) {
    const row = await repo.findById(ctx.db, ctx.company.id, endorsementId);
    if (
      !row ||
      (row.statusId !== EndorsementStatus.EM_ANALISE &&
        row.statusId !== EndorsementStatus.AGUARDANDO_APROVACAO)
    )
      return;
    if (row.steps.some((s) => s.Step === step)) continue;
    await runStepOf(ctx, row, step);
  }
};

// ---------------------------------------------------------------- approval

const insurerOnly = (ctx: UserContext) => {
  if (!isInsurance(ctx.user.userType)) throw forbidden('Somente a seguradora pode aprovar endossos.');
};

export const decide = async (
  ctx: UserContext,
  uniqueId: string,
  decision: { approve: boolean; justification?: string | null },
  opts: { fromCard?: boolean } = {},
) => {
  insurerOnly(ctx);
  const row = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!row) throw notFound('Endosso não encontrado.');
  if (row.statusId !== EndorsementStatus.AGUARDANDO_APROVACAO)
    throw unprocessable(endorsementMessages.notAwaitingApproval);
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) throw notFound('Endosso não encontrado.');
  const note = decision.justification?.trim() || null;
  if (!decision.approve && !note) throw unprocessable('Informe a justificativa da recusa.');
  const decided = { decidedByUserId: ctx.user.userId, decidedAt: new Date(), decisionNote: note };
  let updated: Row;
  if (!decision.approve) {
    updated = await repo.updateEndorsement(ctx.db, ctx.company.id, row.id, {
      ...decided,
      statusId: EndorsementStatus.RECUSADO,
    });
  } else {
    updated = await repo.updateEndorsement(ctx.db, ctx.company.id, row.id, {
      ...decided,
      statusId: EndorsementStatus.EMITIDO,
    });
    const endorsed = await applyToPolicy(ctx, updated, policy);
    // The boleto of an extra premium is booked with the approval; the PDFs (endorsement and
    // boleto) are rendered after commit by the documents job, sent in this transaction (or by the
    // first download): a slow or failed render neither holds the locks nor undoes the approval.
    await issueExtraPremiumSlips(ctx, updated, endorsed);
    if (ctx.platform?.blobs)
      await ctx.platform.jobs.send(
        endorsementDocumentsQueue,
        { companyId: ctx.company.id, endorsementId: row.id, userId: ctx.user.userId },
        { tx: ctx.db, idempotencyKey: `endorsement-documents:${ctx.company.id}:${row.id}` },
      );
  }
  if (!opts.fromCard)
    await kanban.closeCard(ctx, {
      cardType: endorsementCardType(row.typeId as EndorsementTypeId),
      cardRef: row.uniqueId,
    });
  return toView(ctx, updated, (await policies.findPolicyById(ctx, row.policyId)) ?? policy);
};

/** The approved endorsement's effects on the policy (terms or cancellation), with history. */
const applyToPolicy = async (ctx: UserContext, row: Row, policy: Policy) => {
  const cancellation = row.typeId === EndorsementType.CANCELAMENTO;
  const premiumDelta = toDec(row.newInsurancePremium).minus(toDec(policy.insurancePremium));
  const terms: policies.EndorsedTerms = cancellation
    ? { statusId: PolicyStatus.CANCELADA }
    : {
        insuredAmount: row.after.InsuredAmountValue,
        endDate: row.after.EndDate,
        deadlineDays: row.after.DeadlineDays,
        objectText: row.after.Object,
        policyHolderName: row.after.PolicyHolderName,
        insuredName: row.after.InsuredName,
      };
  const endorsed = await policies.applyEndorsedTerms(ctx, policy.id, {
    ...terms,
    insurancePremium: row.newInsurancePremium,
    comissionValue: row.newComissionValue,
    totalPremium: toMoneyString(toDec(policy.totalPremium).plus(premiumDelta).plus(toDec(row.iofValue))),
  });
  // The exposure ledger of the policy holder: the IS delta, or the release of a cancellation.
  if (cancellation)
    await policyHolders.releaseForCancellation(ctx, { policyId: policy.id, endorsementId: row.id });
  else {
    const delta = toDec(row.after.InsuredAmountValue).minus(toDec(row.before.InsuredAmountValue));
    if (!delta.isZero())
      await policyHolders.adjustForEndorsement(ctx, {
        policyId: policy.id,
        endorsementId: row.id,
        delta: delta.toFixed(2),
      });
  }
  const changes = compareTerms(row.before, row.after).map((c) => ({
    field: c.Label,
    old: c.OldValue,
    new: c.NewValue,
  }));
  await recordChanges(ctx, { type: 'Policy', id: policy.id }, [
    {
      field: 'Endosso',
      old: null,
      new: `${row.number} — ${endorsementTypeNames[row.typeId as EndorsementTypeId]} aprovado`,
    },
    ...changes,
    ...(cancellation ? [{ field: 'Situação', old: 'Emitida', new: 'Cancelada' }] : []),
    { field: 'Prêmio', old: toMoneyString(policy.insurancePremium), new: row.newInsurancePremium },
  ]);
  return endorsed;
};

/** A decision taken on the board (kanban.jobs.ts). */
export const applyCardDecision = async (
  ctx: UserContext,
  decision: { cardRef: string; decision: 'approve' | 'refuse'; justification?: string },
) => {
  await decide(
    ctx,
    decision.cardRef,
    {
      approve: decision.decision === 'approve',
      justification:
        decision.justification ?? (decision.decision === 'approve' ? null : 'Recusado na esteira.'),
    },
    { fromCard: true },
  );
};

// ---------------------------------------------------------------- reads

export const listByPolicy = async (ctx: UserContext, policyUniqueId: string) => {
  const policy = await getVisiblePolicy(ctx, policyUniqueId);
  return toViews(ctx, await repo.listByPolicy(ctx.db, ctx.company.id, policy.id), policy);
};

export const compare = async (ctx: UserContext, uniqueId: string) => {
  const { row } = await getVisible(ctx, uniqueId);
  return compareTerms(row.before, row.after);
};

const endorsementByRef = async (ctx: UserContext, ref: string) => {
  if (/^\d+$/.test(ref)) {
    const row = await repo.findById(ctx.db, ctx.company.id, Number(ref));
    if (!row) throw notFound('Endosso não encontrado.');
    return getVisible(ctx, row.uniqueId);
  }
  return getVisible(ctx, ref);
};

export const attachments = async (ctx: UserContext, ref: string) => {
  const { row } = await endorsementByRef(ctx, ref);
  return documents.listDocuments(ctx, { type: 'endorsement', id: row.id });
};

/** A document of an endorsement the caller may see, or 404. */
const visibleDocument = async (ctx: UserContext, ref: { uniqueId?: string }) => {
  const doc = await documents.findDocumentOfOwnerType(ctx, 'endorsement', ref);
  if (!doc) throw notFound('Documento não encontrado.');
  const row = await repo.findById(ctx.db, ctx.company.id, doc.ownerId);
  if (!row) throw notFound('Documento não encontrado.');
  await getVisible(ctx, row.uniqueId).catch(() => {
    throw notFound('Documento não encontrado.');
  });
  return { doc, row };
};

export const documentArchives = async (ctx: UserContext, requestDocumentUniqueId: string) => {
  const { row } = await visibleDocument(ctx, { uniqueId: requestDocumentUniqueId });
  const docs = await documents.listDocuments(ctx, { type: 'endorsement', id: row.id });
  return docs.find((d) => d.UniqueId === requestDocumentUniqueId)?.Archives ?? [];
};

/** A file of an endorsement document: signed when the caller may see the endorsement (document-owner registry). */
export const downloadArchive = async (ctx: UserContext, archiveUniqueId: string) => ({
  UrlToDownload: await files.getUrlFileDownload(ctx, archiveUniqueId),
});

/** The documents-owner rule of endorsements: the caller sees the endorsement's policy. */
export const mayReadEndorsementDocuments = async (ctx: UserContext, endorsementId: number) => {
  const row = await repo.findById(ctx.db, ctx.company.id, endorsementId);
  if (!row) return false;
  return getVisible(ctx, row.uniqueId).then(
    () => true,
    () => false,
  );
};

/**
 * DownloadEndorsementDocument: the endorsement PDF (generated now for an approved endorsement
 * without one, e.g. the demo's), or with `installment` the boleto of its extra premium.
 */
export const downloadDocument = async (ctx: UserContext, uniqueId: string, installment?: number) => {
  const { row, policy } = await getVisible(ctx, uniqueId);
  if (installment !== undefined) {
    const archiveId = await slipDocument(ctx, row, policy, installment);
    if (!archiveId) throw notFound('Boleto não encontrado.');
    return { UrlToDownload: await policies.archiveUrl(ctx, archiveId) };
  }
  const { archiveId } = await storedDocument(ctx, row, policy);
  return { UrlToDownload: await policies.archiveUrl(ctx, archiveId) };
};

/**
 * The stored PDF of an endorsement: an approved one without it yet (the documents job has not
 * run, or the demo's) gets it now, under the row lock of ensureEndorsementDocuments; 404 otherwise.
 */
const storedDocument = async (ctx: UserContext, row: Row, policy: Policy) => {
  let stored = row;
  if (!stored.documentArchiveId && stored.statusId === EndorsementStatus.EMITIDO && ctx.platform?.blobs)
    stored = await ensureEndorsementDocuments(ctx, stored, policy, compareLabels);
  if (!stored.documentArchiveId || !stored.documentSha256)
    throw notFound('O documento do endosso ainda não foi gerado.');
  return { number: stored.number, archiveId: stored.documentArchiveId, sha256: stored.documentSha256 };
};

/**
 * The PDF of a policy's newest approved endorsement (DownloadLastEndorsementDocument and
 * DownloadPolicyDocument with `endorsement`), as DownloadEndorsementDocument gives it; undefined
 * when the policy has no approved endorsement. The caller has checked that it may see the policy
 * (its endorsements are visible with it). Lent to the policies module by `wireModules` (wiring.ts).
 */
export const lastApprovedDocument = async (ctx: UserContext, policyId: number) => {
  const row = await repo.lastOfPolicyWithStatus(ctx.db, ctx.company.id, policyId, EndorsementStatus.EMITIDO);
  if (!row) return undefined;
  const policy = await policies.findPolicyById(ctx, row.policyId);
  if (!policy) return undefined;
  return storedDocument(ctx, row, policy);
};

export const cardInfo = async (ctx: UserContext, uniqueId: string) => {
  const { row, policy } = await getVisible(ctx, uniqueId);
  return {
    ...(await toView(ctx, row, policy)),
    PolicyHolderName: policy.policyHolderName,
    PolicyHolderDocument: policy.policyHolderDocument,
    InsuredName: policy.insuredName,
    ModalityName: policy.modalityName,
    BrokerName: policy.brokerName,
    Changes: compareTerms(row.before, row.after),
    Documents: await documents.listDocuments(ctx, { type: 'endorsement', id: row.id }),
  };
};

export const effectiveDateFor = (days: number) => addDays(todayInBrazil(), days);
