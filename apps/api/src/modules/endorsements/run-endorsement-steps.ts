import {
  EndorsementStatus,
  type EndorsementStep,
  EndorsementType,
  type EndorsementTypeId,
  endorsementCardType,
  endorsementStepNames,
  endorsementSteps,
  endorsementTypeNames,
  formatMoney,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import * as kanban from '../kanban/index.js';
import * as modalities from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as repo from './endorsements.repository.js';
import type { EndorsementStepResult } from './endorsements.table.js';

/** The automatic steps of a filed endorsement (one by one on request, all of them in the job). */

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;

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
    ExecutedAt: currentTime().toISOString(),
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
