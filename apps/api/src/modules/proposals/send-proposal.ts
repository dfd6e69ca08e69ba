import type { UpdateProposalBody } from '@aval/contracts';
import {
  commissionDisclosureText,
  isInsurance,
  proposalMessages,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { forbidden, invalidFields, unprocessable } from '../../lib/errors.js';
import * as documents from '../documents/index.js';
import { assertLegalRules } from './override-legal-rules.js';
import { commissionProblem, ownerOfRow, riskChanges } from './proposals.access.js';
import { startAnalysis } from './proposals.analysis.js';
import { transitionProposal } from './proposals.lifecycle.js';
import { messages } from './proposals.messages.js';
import * as repo from './proposals.repository.js';
import { completenessOf, pendingRequired } from './proposals.view.js';

/** Quote (8 → 1): a complete quote is concluded; one already quoted stays as it is. */
const quoteProposal = async (ctx: UserContext, row: repo.ProposalRow) => {
  const children = await repo.childrenOf(ctx.db, row.id);
  const missing = completenessOf({ row, children, hasRiskChange: riskChanges(row, children).length > 0 });
  if (missing.length) throw invalidFields(422, missing);
  if (row.statusId !== 8) return row;
  return transitionProposal(ctx, row, 1, {
    group: TimelineGroup.COTACAO,
    situation: TimelineSituation.COTACAO,
    status: TimelineStatus.APROVADO,
    text: 'Cotação concluída.',
  });
};

/**
 * Send to analysis (1 → 2): the broker confirms the commission disclosure (Res. CNSP 382/2020) and
 * has attached the required documents; their files go to the insurer's analysis, which starts.
 */
const sendProposal = async (ctx: UserContext, current: repo.ProposalRow, b: UpdateProposalBody) => {
  if (current.statusId !== 1) throw unprocessable(messages.sendStatus);
  if (b.CommissionDisclosureConfirmed !== true)
    throw invalidFields(422, [
      { Field: 'CommissionDisclosureConfirmed', Message: proposalMessages.commissionDisclosure },
    ]);
  assertLegalRules(current);
  const commission = await commissionProblem(
    ctx,
    current.brokerId,
    current.modalityId,
    current.comissionPercentage,
  );
  if (commission) throw invalidFields(422, [{ Field: 'ComissionPercentage', Message: commission }]);
  const pending = pendingRequired(await documents.listDocuments(ctx, ownerOfRow(current)));
  if (pending.length) throw unprocessable(messages.pendingDocuments(pending.map((d) => d.Name)));
  const sent = await transitionProposal(
    ctx,
    current,
    2,
    {
      group: TimelineGroup.PROPOSTA,
      situation: TimelineSituation.CADASTRO,
      status: TimelineStatus.SEGURADORA,
      text: 'Proposta enviada para análise da seguradora; comissão informada ao tomador (Res. CNSP 382/2020).',
    },
    {
      commissionDisclosureAt: currentTime(),
      commissionDisclosureByUserId: ctx.user.userId,
      commissionDisclosureText: commissionDisclosureText(
        current.comissionPercentage ?? '0',
        current.comissionValue ?? '0',
      ),
      analysisStartedAt: current.analysisStartedAt ?? currentTime(),
    },
  );
  // Sending the proposal sends the files attached to its documents to the insurer's analysis.
  await documents.submitAttached(ctx, ownerOfRow(sent));
  await startAnalysis(ctx, sent);
  ctx.platform.metrics?.proposalsSent.inc({ company: ctx.company.id });
  return sent;
};

/** 8 → 1 (quote) and, for SendToAnalysis, 1 → 2 with the commission disclosure. */
export const advanceProposal = async (ctx: UserContext, row: repo.ProposalRow, b: UpdateProposalBody) => {
  if (isInsurance(ctx.user.userType) && b.Action === 'SendToAnalysis')
    throw forbidden('Só a corretora envia a proposta para análise.');
  const current = await quoteProposal(ctx, row);
  return b.Action === 'SendToAnalysis' ? sendProposal(ctx, current, b) : current;
};
