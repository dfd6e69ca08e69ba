import * as calls from '@aval/contracts';
import { addDays, type CardTypeValue, toDec, todayInBrazil } from '@aval/domain';
import { and, asc, count, eq, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import * as kanban from '../modules/kanban/kanban.service.js';
import { cnaeRates, modalities, paramBranches } from '../modules/parameterisation/parameterisation.table.js';
import * as holdersService from '../modules/policy-holders/index.js';
import { creditForProposal } from '../modules/policy-holders/policy-holders.limits.js';
import { policyHolderNominations, policyHolders } from '../modules/policy-holders/policy-holders.table.js';
import { decideWaiting } from '../modules/proposals/decide-analysis.js';
import * as arepo from '../modules/proposals/proposals.analysis.repository.js';
import { reinsuranceRetentions } from '../modules/proposals/proposals.analysis.table.js';
import { sendToBroker } from '../modules/proposals/proposals.cards.js';
import { issueProposal, requestIssuance } from '../modules/proposals/proposals.issuance.js';
import * as repo from '../modules/proposals/proposals.repository.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { setReinsuranceRetention } from '../modules/proposals/set-reinsurance-retention.js';
import { users } from '../modules/users/users.table.js';
import { demoCompanies, journeyHolders } from './companies.js';
import { actorContext, perform } from './context.js';
import { playJobs } from './platform.js';
import { advanceTo, objectFor, save } from './proposals.js';

/** The demo insurer's retention (company default): IS above it is ceded to reinsurers. */
export const DEMO_RETENTION = '10000000.00';

/**
 * What the demo shows of the analysis (issue 15), per company: proposals of the main demo broker
 * sent to analysis that the real validations stop on a subscription card (one left waiting, one
 * sent back to the broker, one refused, one approved by the underwriter and then stopped by the
 * reinsurance validation above the retention), one that passes every validation (Aprovada) and
 * one above its holder's available limit (a REQUEST_LIMIT card in the credit pipe); two approved
 * ones go on to issuance, one waiting for it (3) and one waiting for its boleto's payment (4); one
 * guarantees a blocked insured (97 at once) and a property risk waits on its inspection (9).
 */
const plan: {
  modality: string;
  branch: '0775' | '0776' | 'NamedRisk';
  amount: string;
  /** Taken by a holder whose limit it passes (the credit validation stops it), not one with room. */
  beyondLimit?: true;
  /** Guarantees a blocked insured: the analysis rejects it at once (97). */
  blockedInsured?: true;
  decision?: 'send-to-broker' | 'refuse' | 'approve' | 'request-issuance' | 'issue';
}[] = [
  { modality: 'Licitante', branch: '0775', amount: '1800000.00' },
  { modality: 'Executante Construtor', branch: '0775', amount: '6500000.00', decision: 'send-to-broker' },
  { modality: 'Fornecedor', branch: '0775', amount: '4200000.00', decision: 'refuse' },
  { modality: 'Executante Construtor', branch: '0776', amount: '12000000.00', decision: 'approve' },
  { modality: 'Prestador de Serviços', branch: '0775', amount: '400000.00' },
  { modality: 'Executante Construtor', branch: '0775', amount: '45000000.00', beyondLimit: true },
  // Approved, then sent to issuance (3); and one issued to its boleto (private insured, branch 0776: 4).
  { modality: 'Prestador de Serviços', branch: '0776', amount: '350000.00', decision: 'request-issuance' },
  { modality: 'Fornecedor', branch: '0776', amount: '280000.00', decision: 'issue' },
  { modality: 'Prestador de Serviços', branch: '0775', amount: '220000.00', blockedInsured: true },
  // A property risk above the automatic approval limit: 9 Em Inspeção on an inspection card.
  { modality: 'Riscos Nomeados Empresarial', branch: 'NamedRisk', amount: '11000000.00' },
];

/** A named-risk property of `amount` in all: building, content (MMU + MMP) and lost profit, by CNAE. */
const propertyRisk = async (db: Db, modalityId: number, amount: string) => {
  const [cnae] = await db
    .select({ id: cnaeRates.id })
    .from(cnaeRates)
    .where(and(eq(cnaeRates.modalityId, modalityId), eq(cnaeRates.isActive, true)))
    .orderBy(asc(cnaeRates.id))
    .limit(1);
  const total = toDec(amount);
  const content = total.mul(0.25).toDecimalPlaces(2);
  const lostProfit = total.mul(0.05).toDecimalPlaces(2);
  return {
    Building: total.sub(content).sub(lostProfit).toFixed(2),
    Content: content.toFixed(2),
    MMU: content.mul(0.6).toDecimalPlaces(2).toFixed(2),
    MMP: content.sub(content.mul(0.6).toDecimalPlaces(2)).toFixed(2),
    LostProfit: lostProfit.toFixed(2),
    LostProfitPeriod: 6,
    CNAERateId: cnae?.id,
  };
};

/**
 * Demo proposals through the automatic analysis (after the endorsements seed, which issues the
 * proposals the proposals seed sent): the proposals of `plan` are quoted by the main demo broker,
 * sent with their documents Conforme and the holder's branch activity accepted, and the real
 * validation chain runs in-process; where it stops on a card, the plan's decision is taken as a
 * person would on the card. The company's default retention is set first. Proposals the earlier
 * seeds left in analysis run the chain too. Idempotent: a company with a retention is left as it is.
 */
export const seedAnalysis = async (db: Db) => {
  for (const company of demoCompanies) {
    const [done] = await db
      .select({ n: count() })
      .from(reinsuranceRetentions)
      .where(eq(reinsuranceRetentions.companyId, company.id));
    if ((done?.n ?? 0) > 0) continue;
    const slug = company.hosts[0].split('.')[0];
    const people = await db
      .select({ id: users.id, username: users.username, brokerId: users.brokerId })
      .from(users)
      .where(eq(users.companyId, company.id));
    const analyst = people.find((u) => u.username === `analista@${slug}.demo`);
    const admin = people.find((u) => u.username === `admin@${slug}.demo`);
    const broker = people.find((u) => u.username === `corretor@${slug}.demo`);
    if (!analyst || !admin || !broker?.brokerId) continue;
    // Validations and card decisions run as the demo analyst.
    const ctx = await actorContext(db, company, analyst.id);
    const brokerCtx = await actorContext(db, company, broker.id);
    // The administrator (a director) sets the insurer's parameters and waives the demo holders' CCG
    // at issuance (permissions 26 and 17, which the analyst's profile lacks).
    const director = await actorContext(db, company, admin.id);
    if (!ctx || !brokerCtx || !director) continue;
    // The insurer's default retention, set on its parameters first.
    await perform(director, calls.saveReinsuranceRetention, () =>
      setReinsuranceRetention(director, { Retention: DEMO_RETENTION }),
    );

    // The main broker's nominated holders with no branch activity under review, not blocked.
    const holders = await db
      .select({ holder: policyHolders })
      .from(policyHolders)
      .innerJoin(
        policyHolderNominations,
        and(
          eq(policyHolderNominations.policyHolderId, policyHolders.id),
          eq(policyHolderNominations.brokerId, broker.brokerId),
          eq(policyHolderNominations.statusId, 2),
        ),
      )
      .where(
        and(
          eq(policyHolders.companyId, company.id),
          eq(policyHolders.isBlocked, false),
          eq(policyHolders.isRestrictiveBlocked, false),
          // No branch activity under review or refused (accepted is as good as never asked).
          or(isNull(policyHolders.branchActivityStatusId), eq(policyHolders.branchActivityStatusId, 2)),
          notInArray(policyHolders.name, journeyHolders),
        ),
      )
      .orderBy(asc(policyHolders.id));
    const obligeeOf = async (blocked: boolean) =>
      (
        await db
          .select({ id: insureds.id })
          .from(insureds)
          .where(and(eq(insureds.companyId, company.id), eq(insureds.isBlocked, blocked)))
          .orderBy(asc(insureds.id))
          .limit(1)
      )[0];
    const obligee = await obligeeOf(false);
    const blockedObligee = await obligeeOf(true);
    if (!obligee) continue;
    const start = todayInBrazil();
    const accepted = new Set<number>();

    for (const [i, step] of plan.entries()) {
      const [modality] = await db
        .select({ id: modalities.id, name: modalities.name })
        .from(modalities)
        .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
        .where(
          and(
            eq(modalities.companyId, company.id),
            eq(modalities.name, step.modality),
            eq(paramBranches.code, step.branch),
            eq(modalities.isActive, true),
          ),
        );
      if (!modality || (step.blockedInsured && !blockedObligee)) continue;
      // The first holder (taking turns) with a rate and room in its limit (and its group's) for the
      // IS, or with too little room when the step is meant to stop at the credit validation.
      let chosen: (typeof holders)[number]['holder'] | undefined;
      for (const k of holders.keys()) {
        const { holder } = holders[(i + k) % holders.length]!;
        const credit = await creditForProposal(brokerCtx, holder.id, modality.id);
        const fits = !toDec(step.amount).greaterThan(toDec(credit?.limits.EffectiveAvailable ?? '0'));
        // Property risks need no holder limit (the credit validation passes them).
        if (step.branch === 'NamedRisk' || (credit?.rate && fits !== Boolean(step.beyondLimit))) {
          chosen = holder;
          break;
        }
      }
      if (!chosen) continue;
      // The analyst accepts the holder's branch activity (once) on its registration.
      if (chosen.branchActivityStatusId !== 2 && !accepted.has(chosen.id)) {
        const holder = chosen.uniqueId;
        await perform(ctx, calls.kanbanSaveBranchActivity, () =>
          holdersService.saveBranchActivity(ctx, {
            PolicyHolderUniqueId: holder,
            Accept: true,
            Justification: 'Ramo de atividade compatível com as modalidades contratadas.',
          }),
        );
        accepted.add(chosen.id);
      }
      const created = await save(brokerCtx, {
        ProductId: modality.id,
        PolicyHolderUniqueId: chosen.uniqueId,
        InsuredId: step.blockedInsured ? blockedObligee!.id : obligee.id,
        StartDate: start,
        EndDate: addDays(start, 365),
        ...(step.branch === 'NamedRisk'
          ? { Property: await propertyRisk(db, modality.id, step.amount) }
          : {
              InsuredAmountValue: step.amount,
              ProposalObjects: [{ Description: objectFor(modality.name, 20 + i) }],
            }),
      });
      await advanceTo(brokerCtx, created.UniqueId, 2, ctx);
      const [row] = await db
        .select({ id: proposals.id })
        .from(proposals)
        .where(eq(proposals.uniqueId, created.UniqueId));
      await playJobs(ctx, { proposalId: row!.id });
      const waiting = await repo.findProposal(db, company.id, { id: row!.id }, { all: true });
      if (waiting?.statusId === 7 && (step.decision === 'request-issuance' || step.decision === 'issue')) {
        // The director sends it to issuance (the demo holders' CCG signature waived, permission 17).
        await perform(director, calls.requestIssuance, () =>
          requestIssuance(director, {
            ProposalUniqueId: created.UniqueId,
            IgnoreCCGSignature: true,
            CcgWaiverJustification: 'Demonstração: contragarantia dispensada pela diretoria.',
          }),
        );
        if (step.decision === 'issue')
          await perform(ctx, calls.issueProposal, () =>
            issueProposal(ctx, { ProposalUniqueId: created.UniqueId }),
          );
        continue;
      }
      if (waiting?.statusId !== 2 || !step.decision) continue;
      if (step.decision === 'send-to-broker')
        await perform(ctx, calls.kanbanProposalSendToBroker, () =>
          sendToBroker(ctx, {
            ProposalUniqueId: created.UniqueId,
            Reason:
              'Importância segurada acima da alçada: aceitamos com taxa de 1,50% a.a. e contragarantia dos sócios. Confirme para seguirmos.',
          }),
        );
      else {
        // The underwriter drags the card to Aprovado or Recusado; the decision follows the move.
        const a = await arepo.findAnalysis(db, company.id, waiting.id);
        const approve = step.decision === 'approve';
        if (a?.waitingCardType && a.waitingCardRef) {
          const card = { cardType: a.waitingCardType as CardTypeValue, cardRef: a.waitingCardRef };
          await perform(ctx, calls.navigateKanbanCard, () =>
            kanban.moveOwnedCard(ctx, { ...card, stepName: approve ? 'Aprovado' : 'Recusado' }),
          );
        }
        await perform(ctx, calls.navigateKanbanCard, () =>
          decideWaiting(ctx, waiting, {
            approve,
            justification: approve
              ? 'Risco aceito pela subscrição: obra com histórico de execução do tomador.'
              : 'Importância segurada incompatível com o porte do tomador no balanço de 2025.',
          }),
        );
      }
      await playJobs(ctx, { proposalId: waiting.id });
    }

    // Whatever the earlier seeds sent to analysis goes through the chain too.
    await playJobs(ctx);
  }
};
