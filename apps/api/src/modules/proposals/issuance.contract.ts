import { addDays, htmlToText, splitInstallments, toDec, todayInBrazil } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { onOrAfterBusinessDay, onOrBeforeBusinessDay } from '../../lib/business-days.js';
import { currentDay } from '../../lib/clock.js';
import { unprocessable } from '../../lib/errors.js';
import { insurerForDocuments } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { issueBeforePaymentReason } from './issuance.view.js';
import { modalityOf } from './proposals.modality.js';
import { partiesOfProposal } from './proposals.parties.js';
import * as repo from './proposals.repository.js';
import { renderedTermsOf } from './proposals.workflow.js';

/** What issuance charges and prints: the installments' schedule, the boleto's parties, the contract data. */

/** The market window of a first due date (domain.md §4, "Due dates"), in days after issue. */
export const FIRST_DUE_DEFAULT_DAYS = 7;
export const FIRST_DUE_MAX_DAYS = 80;

/**
 * The due dates of `count` installments issued on `issuedOn` (domain.md §4, "Due dates"): the first
 * `max(firstDueDays, grace)` days after issue (the modality's installment plan, else 7), never
 * after `min(issue + 80 days, end of vigência)`; the next ones every 30 days after the first. Each
 * falls on a business day: moved forward, or back when it would pass its limit.
 */
export const dueDates = (o: {
  issuedOn: string;
  count: number;
  firstDueDays?: number | null;
  grace?: number | null;
  endDate?: string | null;
}) => {
  const wanted = addDays(o.issuedOn, Math.max(o.firstDueDays ?? FIRST_DUE_DEFAULT_DAYS, o.grace ?? 0));
  const limits = [addDays(o.issuedOn, FIRST_DUE_MAX_DAYS), ...(o.endDate ? [o.endDate] : [])].sort();
  const latest = onOrBeforeBusinessDay(limits[0]!);
  const first = [onOrAfterBusinessDay(wanted), latest].sort()[0]!;
  return Array.from({ length: Math.max(1, o.count) }, (_, k) =>
    k === 0 ? first : onOrAfterBusinessDay(addDays(first, 30 * k)),
  );
};

/** The installments of a priced proposal issued on `issuedOn`: amounts split, due dates by `dueDates`. */
export const schedule = async (
  ctx: UserContext,
  row: Pick<
    repo.ProposalRow,
    'modalityId' | 'totalPremium' | 'insurancePremium' | 'numberOfInstallment' | 'gracePeriod' | 'endDate'
  >,
  issuedOn: string,
) => {
  const total = row.totalPremium ?? row.insurancePremium;
  if (!total) throw unprocessable('Calcule o prêmio antes de emitir a proposta.');
  const modality = await modalityOf(ctx, row.modalityId);
  const plan = modality.InstallmentParameter?.IsActive
    ? modality.InstallmentParameter.InstallmentParameter
    : null;
  const split = splitInstallments(total, Math.max(1, row.numberOfInstallment ?? 1));
  const dates = dueDates({
    issuedOn,
    count: split.length,
    firstDueDays: plan?.FirstDueDays,
    grace: row.gracePeriod,
    endDate: row.endDate,
  });
  return split.map((i, k) => ({ number: i.Number, amount: i.Value, dueDate: dates[k]! }));
};

/**
 * What the boleto says about paying: before the policy exists, that paying the first installment
 * issues it; once issued, that the guarantee stays in force whether or not the holder pays (a surety
 * policy is not cancelled for the holder's default: Circular SUSEP nº 662/2022) and the insurer
 * charges the premium.
 */
const slipInstructions = (row: repo.ProposalRow, issued: boolean) =>
  issued
    ? `Prêmio da apólice de seguro garantia da proposta nº ${row.number} (${row.modalityName}). A falta de pagamento não cancela a garantia do segurado (Circular SUSEP nº 662/2022): o prêmio devido é cobrado do tomador. Não receber após o vencimento sem consultar a seguradora.`
    : `Prêmio de seguro garantia da proposta nº ${row.number} (${row.modalityName}). A apólice é emitida com a confirmação do pagamento da 1ª parcela; sem ele, a proposta não é emitida. Não receber após o vencimento sem consultar a seguradora.`;

/**
 * What the boleto prints: its payer (the holder, with its address) and texts; its beneficiary is the
 * insurer of the branch, kept with the boleto when it is booked (createInstallments).
 */
export const slipFor = async (ctx: UserContext, row: repo.ProposalRow) => ({
  branchCode: row.branchCode,
  payer: {
    name: row.policyHolderName,
    document: row.policyHolderDocument,
    address: await policyHolders.holderAddress(ctx, row.policyHolderId),
  },
  proposalNumber: row.number,
  description: `Seguro garantia – ${row.modalityName}`,
  instructions: slipInstructions(row, row.statusId === 5 || issueBeforePaymentReason(row) !== null),
});

/** A proposal object as the documents print it (and the policy records it): its text and contract. */
export const objectLine = (o: { description: string; contractNumber?: string | null }) =>
  o.description + (o.contractNumber ? ` (contrato ${o.contractNumber})` : '');

/** The parties as a proposal row and its policy row both name them (the same columns). */
const partiesOf = (r: {
  policyHolderName: string;
  policyHolderDocument: string;
  insuredName: string | null;
  insuredDocument: string | null;
  brokerName: string;
  brokerDocument: string;
  brokerSusep: string;
}) => ({
  holder: { name: r.policyHolderName, document: r.policyHolderDocument },
  insured: r.insuredName ? { name: r.insuredName, document: r.insuredDocument ?? '' } : null,
  leader: { name: r.brokerName, document: r.brokerDocument, susep: r.brokerSusep },
});

/** Vigência and IS: the policy's once issued, else the proposal's. */
const termValues = (row: repo.ProposalRow, policy: policies.PolicyRow | null) =>
  policy
    ? {
        startDate: policy.startDate,
        endDate: policy.endDate,
        deadlineDays: policy.deadlineDays,
        insuredAmount: policy.insuredAmount,
      }
    : {
        startDate: row.startDate!,
        endDate: row.endDate!,
        deadlineDays: row.deadlineDays!,
        insuredAmount: row.insuredAmount!,
      };

/** Parties, brokers, objects and premium: the policy's once issued, else the proposal's. */
const recordValues = (
  row: repo.ProposalRow,
  policy: policies.PolicyRow | null,
  children: Awaited<ReturnType<typeof repo.childrenOf>>,
) =>
  policy
    ? {
        ...partiesOf(policy),
        coBrokers: policy.coBrokers.map((c) => ({
          name: c.Name,
          document: c.Document,
          susep: c.SUSEP,
          leader: c.Leader,
          participation: c.Participation,
        })),
        objects: policy.objectText.split('\n').filter(Boolean),
        netPremium: policy.netPremium,
        premium: policy.insurancePremium,
        iofValue: policy.iofValue,
        totalPremium: policy.totalPremium,
      }
    : {
        ...partiesOf(row),
        coBrokers: children.coBrokers.map((c) => ({
          name: c.name,
          document: c.document,
          susep: c.susep,
          leader: c.leader,
          participation: c.participation,
        })),
        objects: children.objects.map(objectLine),
        netPremium: row.netPremium,
        premium: row.insurancePremium ?? row.totalPremium ?? '0',
        iofValue: row.iofValue,
        totalPremium: row.totalPremium ?? row.insurancePremium ?? '0',
      };

/** The installments booked, else the schedule they would have (from the issue day once issued). */
const installmentsFor = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  policy: policies.PolicyRow | null,
) => {
  const booked = await policies.installmentsOf(ctx, row.id);
  if (booked.length) return booked.map((i) => ({ number: i.number, dueDate: i.dueDate, amount: i.amount }));
  if (!policy) return schedule(ctx, row, currentDay());
  return schedule(
    ctx,
    {
      ...row,
      totalPremium: policy.totalPremium,
      numberOfInstallment: policy.numberOfInstallments,
      endDate: policy.endDate,
    },
    todayInBrazil(policy.issuedAt),
  );
};

/**
 * The contract data of the minuta (from the proposal) or of an issued policy: then every value the
 * policy record holds (vigência, IS, premium, parties, object, brokers) is read from the policy, and
 * only what it does not hold (terms, installments, addresses) from its proposal.
 */
export const contractData = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  policy: policies.PolicyRow | null,
): Promise<policies.ContractDocumentData> => {
  const children = await repo.childrenOf(ctx.db, row.id);
  const modality = await modalityOf(ctx, row.modalityId);
  const values = termValues(row, policy);
  const parties = await partiesOfProposal(ctx, row);
  const terms = await renderedTermsOf(ctx, row, { policyNumber: policy?.number, ...values, parties });
  const source = recordValues(row, policy, children);
  return {
    kind: policy ? 'policy' : 'contract-draft',
    insurer: await insurerForDocuments(ctx, row.branchCode),
    branchCode: row.branchCode,
    proposalNumber: row.number,
    policyNumber: policy?.number ?? null,
    issuedAt: policy?.issuedAt ?? null,
    modality: policy?.modalityName ?? row.modalityName,
    modalityGroup: policy?.modalityGroupName ?? row.modalityGroupName,
    modalitySusepCode: (modality as { SusepCode?: string | null }).SusepCode ?? null,
    policyHolder: { ...source.holder, address: parties.holderAddress },
    insured: parties.insured ? { ...parties.insured, ...(source.insured ?? {}) } : source.insured,
    brokers: source.coBrokers.length
      ? source.coBrokers.map((c) => ({ ...c, participation: toDec(c.participation).toFixed(2) }))
      : [{ ...source.leader, leader: true }],
    objects: source.objects,
    ...values,
    netPremium: source.netPremium,
    premium: source.premium,
    iofValue: source.iofValue,
    totalPremium: source.totalPremium,
    installments: await installmentsFor(ctx, row, policy),
    // The terms are the editor's HTML: the PDF prints their text, not the markup.
    terms: terms.map((t) => ({ typeName: t.TermTypeName, title: t.Title, text: htmlToText(t.Text) })),
  };
};
