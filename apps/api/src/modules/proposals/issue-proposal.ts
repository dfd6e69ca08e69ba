import { isInsurance, Permission as P, TimelineGroup, TimelineSituation, TimelineStatus } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { forbidden, invalidFields, unprocessable } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import * as brokers from '../brokers/index.js';
import { insurerForDocuments, insurerToIssue } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { objectLine, schedule, slipFor } from './issuance.contract.js';
import { issuedTermsOf } from './issuance.documents.js';
import { issuanceView, issueBeforePaymentReason, notConforme } from './issuance.view.js';
import { assertCanWrite, assertVersion, load } from './proposals.access.js';
import { transitionProposal } from './proposals.lifecycle.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';
import { statusName } from './proposals.view.js';
import { modalityTermsFor } from './proposals.workflow.js';

/**
 * Issuing a proposal: sent to issuance (7 → 3), issued (3 → 4 with its boletos, or 5 at once
 * before payment) and the policy born (→ 5).
 */

/** Every issuance transition: timeline entry (group Emissão) and an e-mail to the main broker. */
export const transition = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  to: 3 | 4 | 5 | 99,
  entry: { status: number; description: string; subject: string; body: string },
) => {
  const saved = await transitionProposal(ctx, row, to, {
    group: TimelineGroup.EMISSAO,
    situation: TimelineSituation.EMISSAO,
    status: entry.status,
    text: entry.description,
  });
  await notifyBroker(ctx, saved, entry.subject, entry.body);
  return saved;
};

/** E-mails the main broker about an issuance step. */
const notifyBroker = async (ctx: UserContext, row: repo.ProposalRow, subject: string, body: string) => {
  const broker = await brokers.findBroker(ctx, row.brokerId);
  if (!broker?.broker.email) return;
  await ctx.platform.jobs.send(
    ctx.platform.queues.sendMail,
    {
      to: broker.broker.email,
      subject: `${ctx.company.name} – proposta nº ${row.number}: ${subject}`,
      text: `Olá, ${broker.name}.\n\n${body}\n\nProposta nº ${row.number} – ${row.modalityName}\nTomador: ${row.policyHolderName}\nSegurado: ${row.insuredName ?? '—'}\nSituação: ${statusName(row)}\n\n${ctx.company.name}`,
    },
    { tx: ctx.db },
  );
};

/** RequestIssuance (7 → 3): CCG signed (or waived with permission 17) and required documents conformes. */
export const requestIssuance = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    Version?: number;
    IgnoreCCGSignature?: boolean;
    CcgWaiverJustification?: string;
  },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, b.Version);
  if (row.statusId !== 7) throw unprocessable('Só uma proposta aprovada pode ser enviada à emissão.');
  const ccg = await policyHolders.ccgSignatureState(ctx, row.policyHolderId);
  let ignoredNow = false;
  if (!ccg.signed && !ccg.ignored) {
    if (!b.IgnoreCCGSignature) throw unprocessable('O CCG do tomador ainda não foi assinado.');
    if (!isInsurance(ctx.user.userType) || !hasAny(ctx, P.IGNORAR_ASSINATURA_DE_CCG))
      throw forbidden('Só quem tem a permissão de ignorar a assinatura do CCG pode dispensá-la.');
    if (!b.CcgWaiverJustification?.trim())
      throw invalidFields(422, [
        { Field: 'CcgWaiverJustification', Message: 'Justifique a dispensa da assinatura do CCG.' },
      ]);
    ignoredNow = true;
  }
  const pending = await notConforme(ctx, row);
  if (pending.length)
    throw unprocessable(
      `Há documentos obrigatórios da proposta que não estão conformes: ${pending.map((d) => d.Name).join(', ')}.`,
    );
  const ccgText = ccg.signed
    ? 'CCG assinado'
    : ccg.ignored
      ? 'assinatura do CCG dispensada no tomador'
      : `assinatura do CCG dispensada (permissão 17): “${b.CcgWaiverJustification!.trim()}”`;
  const saved = await transition(ctx, row, 3, {
    status: ignoredNow ? TimelineStatus.SEGURADORA : TimelineStatus.APROVADO,
    description: `Enviada à emissão: ${ccgText} e documentos obrigatórios conformes.`,
    subject: 'enviada à emissão',
    body: `A proposta foi enviada à emissão (${ccgText}). ${issueBeforePaymentReason(row) ?? 'A apólice é emitida após o pagamento do boleto.'}`,
  });
  return issuanceView(ctx, saved);
};

/**
 * A surety policy states the conditions that govern it (docs/domain.md §4, "A policy carries its
 * conditions"): refused before anything is issued while its modality gives the proposal none.
 */
const assertConditions = async (ctx: UserContext, row: repo.ProposalRow) => {
  const modality = await modalityOf(ctx, row.modalityId);
  const { coverages } = await repo.childrenOf(ctx.db, row.id);
  if (modalityTermsFor(modality, coverages).length === 0)
    throw unprocessable(
      `A apólice não pode ser emitida sem as condições contratuais que a regem: a modalidade ${row.modalityName} não tem nenhuma ativa que valha para esta proposta. O administrador as cadastra em Parametrização › Modalidades, aba Termos e cláusulas.`,
      'policy_without_conditions',
    );
};

/** IssueProposal (3 → 4): installments and boletos; issued at once (→ 5) where the rule says so. */
export const issueProposal = async (ctx: UserContext, b: { ProposalUniqueId: string; Version?: number }) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, b.Version);
  if (row.statusId !== 3) throw unprocessable('Só uma proposta aguardando emissão pode ser emitida.');
  if (!row.startDate || !row.endDate || !row.insuredAmount || !row.deadlineDays)
    throw unprocessable('A proposta não tem vigência e importância segurada completas.');
  // The boletos and the policy print the insurer's record: refused before anything is issued
  // while it lacks what they print (never made-up data; docs/domain.md §4).
  await insurerForDocuments(ctx, row.branchCode);
  await assertConditions(ctx, row);
  const items = await schedule(ctx, row, currentDay());
  const booked = (await policies.installmentsOf(ctx, row.id)).length > 0;
  const slip = await slipFor(ctx, row);
  // The boletos take the company's next numbers from a counter row that stays locked until the
  // commit, so they are booked as late as they can be: before the policy, which links them, or as
  // the last write of the change (architecture.md, "Inside a request's transaction").
  const book = () =>
    booked ? Promise.resolve() : policies.createInstallments(ctx, { proposalId: row.id, items, slip });
  const reason = issueBeforePaymentReason(row);
  if (reason) {
    await book();
    return issuanceView(ctx, await issueNow(ctx, row, reason));
  }
  const first = items[0]!;
  const saved = await transition(ctx, row, 4, {
    status: TimelineStatus.CORRETOR,
    description: `Boletos gerados (${items.length} parcela${items.length > 1 ? 's' : ''}); a apólice é emitida com o pagamento da primeira, vencimento ${first.dueDate.split('-').reverse().join('/')}.`,
    subject: 'aguardando pagamento do boleto',
    body: `Os boletos da proposta foram gerados. A apólice é emitida quando o pagamento da primeira parcela (vencimento ${first.dueDate.split('-').reverse().join('/')}) for confirmado. Baixe os boletos no detalhe da proposta.`,
  });
  await book();
  return issuanceView(ctx, saved);
};

/** What a policy carries of its proposal: the proposal, branch, modality and parties (issued or imported). */
export const policyPartiesOf = (row: repo.ProposalRow) => ({
  proposalId: row.id,
  proposalUniqueId: row.uniqueId,
  proposalNumber: row.number,
  branchCode: row.branchCode,
  branchId: row.branchId,
  modalityId: row.modalityId,
  modalityName: row.modalityName,
  modalityGroupName: row.modalityGroupName,
  policyHolderId: row.policyHolderId,
  policyHolderUniqueId: row.policyHolderUniqueId,
  policyHolderName: row.policyHolderName,
  policyHolderDocument: row.policyHolderDocument,
  insuredId: row.insuredId,
  insuredUniqueId: row.insuredUniqueId,
  insuredName: row.insuredName,
  insuredDocument: row.insuredDocument,
  brokerId: row.brokerId,
  brokerName: row.brokerName,
  brokerDocument: row.brokerDocument,
  brokerSusep: row.brokerSusep,
});

/**
 * 3/4 → 5: the policy is born (number, SRO deadline, what it prints recorded), the ledger books
 * its IS; its PDF is rendered by the documents job once this commits (or by its first download).
 */
export const issueNow = async (ctx: UserContext, row: repo.ProposalRow, how: string) => {
  const existing = await policies.policyOfProposal(ctx, row.id);
  if (existing) throw unprocessable('A proposta já tem apólice emitida.');
  // The policy takes its number from its branch's counter, whose row stays locked until the commit
  // (architecture.md, "Inside a request's transaction"). What the rest of the issuance reads is
  // read before it: the proposal's collections and the modality (kept for the transaction,
  // lib/read-once.ts, and read again from there by its terms), and the insurer it keeps.
  const children = await repo.childrenOf(ctx.db, row.id);
  await modalityOf(ctx, row.modalityId);
  const issuedInsurer = await insurerToIssue(ctx, row.branchCode);
  const policy = await policies.createPolicy(ctx, {
    ...policyPartiesOf(row),
    coBrokers: children.coBrokers.map((c) => ({
      BrokerId: c.brokerId,
      Name: c.name,
      Document: c.document,
      SUSEP: c.susep,
      Leader: c.leader,
      Participation: c.participation,
    })),
    objectText: children.objects.map(objectLine).join('\n'),
    startDate: row.startDate!,
    endDate: row.endDate!,
    deadlineDays: row.deadlineDays!,
    insuredAmount: row.insuredAmount!,
    netPremium: row.netPremium,
    insurancePremium: row.insurancePremium ?? row.totalPremium ?? '0',
    comissionPercentage: row.comissionPercentage,
    comissionValue: row.comissionValue,
    tax: row.tax,
    iofValue: row.iofValue,
    totalPremium: row.totalPremium ?? row.insurancePremium ?? '0',
    numberOfInstallments: Math.max(1, row.numberOfInstallment ?? 1),
    issuedByUserId: ctx.user.userId || null,
    // The insurer as the policy prints it, kept now: a later change of its record rewrites no policy.
    issuedInsurer,
  });
  // What the policy prints is recorded now, before any endorsement changes the policy row.
  await issuedTermsOf(ctx, policy, row);
  await policies.queuePolicyDocuments(ctx, policy.id);
  await policyHolders.convertToPolicy(ctx, {
    proposalId: row.id,
    policyId: policy.id,
    policyHolderId: row.policyHolderId,
    modalityId: row.modalityId,
    amount: row.insuredAmount!,
  });
  ctx.platform.metrics?.policiesIssued.inc({ company: ctx.company.id });
  return transition(ctx, row, 5, {
    status: TimelineStatus.APROVADO,
    description: `Apólice nº ${policy.number} emitida (${how}). Registro no SRO até ${policy.sroDeadline.split('-').reverse().join('/')}.`,
    subject: `apólice nº ${policy.number} emitida`,
    body: `A apólice nº ${policy.number} foi emitida (${how}). O PDF da apólice está no detalhe da proposta.`,
  });
};
