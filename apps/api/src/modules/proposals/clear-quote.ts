import type { ProposalView } from '@aval/contracts';
import { TimelineGroup, TimelineSituation, TimelineStatus } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { unprocessable } from '../../lib/errors.js';
import * as history from '../change-history/index.js';
import { audited, buildView, proposalHistory, versionConflict } from './proposals.access.js';
import { recordTimeline, transitionProposal } from './proposals.lifecycle.js';
import { messages } from './proposals.messages.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';

/**
 * What a partial clear empties: the terms, the price, the property values and the obligation (the
 * branch, modality, policy holder and insured with its location stay, and so do the insurer's
 * loadings).
 */
const clearedColumns = {
  experienceTypeId: null,
  proposalTypeId: null,
  startDate: null,
  endDate: null,
  deadlineDays: null,
  insuredAmount: null,
  comissionPercentage: null,
  comissionValue: null,
  policyHolderRate: null,
  rateSource: null,
  pureRate: null,
  netPremium: null,
  insurancePremium: null,
  tax: null,
  iofRate: null,
  iofValue: null,
  totalPremium: null,
  minInsurancePremium: null,
  minimumApplied: false,
  calculatePerRiskRate: false,
  numberOfInstallment: null,
  gracePeriod: null,
  firstComissionValue: null,
  firstComissionPercentage: null,
  firstTax: null,
  firstInsurancePremium: null,
  calculationError: null,
  calculatedAt: null,
  riskBaseline: null,
  qarGroup: null,
  specialClause: null,
  building: null,
  content: null,
  billing: null,
  mmu: null,
  mmp: null,
  lostProfit: null,
  lostProfitPeriod: null,
  cnaeRateId: null,
  cnae: null,
  cnaeDescription: null,
  cnaeRate: null,
  lmiTypeId: null,
  contractTypeId: null,
  activityTypeId: null,
  buildingTypeId: null,
  propertyTypeId: null,
  propertyClassificationTypeId: null,
  obligationTypeId: null,
  obligationTierId: null,
  obligationValue: null,
} satisfies Partial<repo.ProposalInsert>;

/** The collections a clear empties (the coverages go back to the modality's main ones at zero). */
const clearedChildren = ['beneficiaries', 'packages', 'coBrokers', 'objects', 'qars', 'clauses'] as const;

/**
 * Spec §4 partial clear: what the wizard collected goes, except the branch, the modality (product),
 * the insured (with the risk location) and the policy holder, which every proposal needs. The
 * price goes with the risk, so a quote (1) returns to 8; the insurer's loadings and the request
 * documents stay. The change history and the timeline record it.
 */
export const clearQuote = async (ctx: UserContext, row: repo.ProposalRow): Promise<ProposalView> => {
  if (row.statusId !== 8 && row.statusId !== 1) throw unprocessable(messages.clearStatus);
  const modality = await modalityOf(ctx, row.modalityId);
  const cleared = await repo.updateVersioned(ctx.db, row.id, row.version, {
    ...clearedColumns,
    updatedByUserId: ctx.user.userId,
  });
  if (!cleared) throw versionConflict(row);
  const base = { companyId: ctx.company.id, proposalId: row.id };
  for (const key of clearedChildren) await repo.replaceChildren(ctx.db, repo.tables[key], row.id, []);
  await repo.replaceChildren(
    ctx.db,
    repo.tables.coverages,
    row.id,
    modality.Coverages.filter((c) => c.IsActive).map((def, i) => ({
      ...base,
      coverageId: def.Id,
      name: def.Name,
      isAdditional: false,
      insuredAmount: '0.00',
      rate: def.Rate,
      sortOrder: i,
    })),
  );
  await history.recordChanges(
    ctx,
    proposalHistory.of(row.id),
    history.diffChanges(proposalHistory, audited(row), audited(cleared)),
  );
  const entry = {
    group: TimelineGroup.COTACAO,
    situation: TimelineSituation.COTACAO,
    status: TimelineStatus.CORRETOR,
    text: 'Cotação limpa: ficaram o ramo, a modalidade, o tomador e o segurado.',
  };
  // A quote (1) goes back to Em Cotação: its price went with the risk.
  let final = cleared;
  if (cleared.statusId === 1) final = await transitionProposal(ctx, cleared, 8, entry);
  else await recordTimeline(ctx, cleared, entry);
  return (await buildView(ctx, final)).view;
};
