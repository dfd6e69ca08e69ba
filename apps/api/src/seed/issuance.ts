import * as calls from '@aval/contracts';
import { CardType, type CardTypeValue, EngineExecutionType } from '@aval/domain';
import type { UserContext } from '../context.js';
import { currentDay } from '../lib/clock.js';
import * as kanban from '../modules/kanban/kanban.service.js';
import * as policies from '../modules/policies/index.js';
import { saveBranchActivity } from '../modules/policy-holders/policy-holders.branch-activity.js';
import { decideWaiting } from '../modules/proposals/decide-analysis.js';
import * as arepo from '../modules/proposals/proposals.analysis.repository.js';
import { confirmPayment, issueProposal, requestIssuance } from '../modules/proposals/proposals.issuance.js';
import * as repo from '../modules/proposals/proposals.repository.js';
import { perform } from './context.js';
import { playJobs } from './platform.js';
import { advanceTo, save } from './proposals.js';

/** What the analyst writes when approving the validation a demo proposal waits on. */
const justifications: Record<number, string> = {
  0: 'Risco aceito pela subscrição: contrato e tomador conhecidos da carteira.',
  [EngineExecutionType.REGISTRATION]: 'Cadastro do tomador conferido: ramo de atividade aceito.',
  [EngineExecutionType.CREDIT_RULES]:
    'Crédito conferido: o tomador tem capacidade para esta importância segurada.',
  [EngineExecutionType.REINSURANCE]: 'Cessão ao resseguro conferida dentro do tratado.',
};

const findRow = (ctx: UserContext, uniqueId: string) =>
  repo.findProposal(ctx.db, ctx.company.id, { uniqueId }, { all: true });

/**
 * A proposal the broker sent to analysis carried to its policy as people carry it in the portal,
 * at the current instant (`atInstant`): the validations run; a card one stops on is approved by the
 * analyst (card moved to Aprovado, decision with its justification); the administrator sends it to
 * issuance waiving the demo holders' CCG (permission 17, which the analyst's profile lacks), and the
 * analyst issues it; when the rule issues after payment, the first boleto is paid the same day.
 * Returns the policy (undefined when the analysis refused it).
 */
export const carryToPolicy = async (
  { analyst, admin }: { analyst: UserContext; admin: UserContext },
  uniqueId: string,
) => {
  let row = await findRow(analyst, uniqueId);
  for (let round = 0; row?.statusId === 2 && round < 5; round++) {
    await playJobs(analyst, { proposalId: row.id });
    row = await findRow(analyst, uniqueId);
    if (row?.statusId !== 2) break;
    const a = await arepo.findAnalysis(analyst.db, analyst.company.id, row.id);
    if (!a?.waitingCardType || !a.waitingCardRef) break;
    if (a.waitingCardType === CardType.RAMO_ATIVIDADE) {
      // The holder's branch activity is accepted on its own card (Cadastro), as the analyst does.
      const holder = a.waitingCardRef;
      await perform(analyst, calls.kanbanSaveBranchActivity, () =>
        saveBranchActivity(analyst, { PolicyHolderUniqueId: holder, Accept: true }),
      );
      row = await findRow(analyst, uniqueId);
      const after = row && (await arepo.findAnalysis(analyst.db, analyst.company.id, row.id));
      if (row?.statusId !== 2 || after?.waitingCardRef !== a.waitingCardRef) continue;
    } else {
      // The analyst moves the card to Aprovado with the justification (the board's navigation).
      const card = { cardType: a.waitingCardType as CardTypeValue, cardRef: a.waitingCardRef };
      await perform(analyst, calls.navigateKanbanCard, () =>
        kanban.moveOwnedCard(analyst, { ...card, stepName: 'Aprovado' }),
      );
    }
    const waiting = row;
    await perform(analyst, calls.navigateKanbanCard, () =>
      decideWaiting(analyst, waiting, {
        approve: true,
        justification: justifications[a.waitingEngine ?? 0] ?? justifications[0],
      }),
    );
    row = await findRow(analyst, uniqueId);
  }
  if (row?.statusId !== 7) return undefined;
  await perform(admin, calls.requestIssuance, () =>
    requestIssuance(admin, {
      ProposalUniqueId: uniqueId,
      IgnoreCCGSignature: true,
      CcgWaiverJustification: 'Demonstração: contragarantia dispensada pela diretoria.',
    }),
  );
  await perform(analyst, calls.issueProposal, () => issueProposal(analyst, { ProposalUniqueId: uniqueId }));
  row = await findRow(analyst, uniqueId);
  if (row?.statusId === 4)
    await perform(analyst, calls.confirmBankSlipPayment, () =>
      confirmPayment(analyst, { ProposalUniqueId: uniqueId, InstallmentNumber: 1, PaidAt: currentDay() }),
    );
  return row && policies.policyOfProposal(analyst, row.id);
};

/** The broker quotes and sends a proposal (`save` then `advanceTo` 2), and the analyst carries it to its policy. */
export const quoteAndIssue = async (
  actors: { broker: UserContext; analyst: UserContext; admin: UserContext },
  body: Parameters<typeof save>[1],
) => {
  const created = await save(actors.broker, body);
  await advanceTo(actors.broker, created.UniqueId, 2, actors.analyst);
  return carryToPolicy(actors, created.UniqueId);
};
