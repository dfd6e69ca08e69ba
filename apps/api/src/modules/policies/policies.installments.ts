import { boletoMessages, fitsBoleto, formatMoney, InstallmentStatus } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { unprocessable } from '../../lib/errors.js';
import * as files from '../files/index.js';
import { insurerAsIssued, insurerToIssue } from '../parameterisation/index.js';
import { type BankSlipRequest, bankSlipProvider } from './bank-slip.js';
import { findPolicyById } from './policies.endorsements.js';
import * as repo from './policies.repository.js';
import { recordSettlementSro } from './policies.sro.js';

/** Installments and their boletos: booked through the provider, PDFs rendered on first need. */

type Ctx = Pick<UserContext, 'db' | 'company' | 'platform' | 'user'>;

/**
 * What a boleto prints besides its numbers and its insurer: the insurer (beneficiary and
 * collecting account) is that of the document's branch, kept with the boleto when it is booked.
 */
type SlipBase = Omit<
  BankSlipRequest,
  'ourNumber' | 'dueDate' | 'amount' | 'installment' | 'beneficiary' | 'documentDate'
> & {
  branchCode: string;
};

const storeSlipPdf = async (ctx: Ctx, slip: SlipBase, i: { number: number }, pdf: Buffer) =>
  files.storeGeneratedFile(ctx, {
    name: `boleto-${slip.fileStem ?? `proposta-${slip.proposalNumber}`}-parcela-${i.number}.pdf`,
    extension: 'pdf',
    contentType: 'application/pdf',
    data: pdf,
  });

/**
 * Refuses (422, pt-BR) an installment a boleto cannot carry: its amount field holds 10 digits of
 * cents (R$ 99.999.999,99). Checked on every item before one is booked; the caller's transaction
 * (issuance, an endorsement's approval) rolls back whatever it wrote before.
 */
const assertFitsBoleto = (amounts: readonly string[]) => {
  for (const amount of amounts)
    if (!fitsBoleto(amount)) throw unprocessable(boletoMessages.amountAbove(formatMoney(amount)));
};

/**
 * One boleto per installment through the provider (our numbers from the company's counter), each
 * PDF rendered and stored on its first download (ensureSlipDocument): booking the boletos never
 * waits for a render. The insurer the boletos print (beneficiary, collecting account, Pix key) is
 * kept with each (`insurerToIssue`: refused, 422, while the record lacks it), as its barcode and
 * nosso número were computed from that account: a later change of the account rewrites no boleto.
 * An endorsement's extra premium passes its `endorsementId` and the policy (numbers restart at 1).
 */
export const createInstallments = async (
  ctx: Ctx,
  input: {
    proposalId: number;
    endorsement?: { id: number; policyId: number };
    items: { number: number; dueDate: string; amount: string }[];
    slip: SlipBase;
    providerCode?: string;
  },
) => {
  assertFitsBoleto(input.items.map((i) => i.amount));
  const provider = bankSlipProvider(input.providerCode);
  const { branchCode, ...printed } = input.slip;
  const beneficiary = await insurerToIssue(ctx, branchCode);
  const rows: repo.InstallmentInsert[] = [];
  for (const item of input.items) {
    const ourNumber = String(await repo.nextSequence(ctx.db, ctx.company.id, 'boleto')).padStart(8, '0');
    const request = {
      ...printed,
      beneficiary,
      ourNumber,
      documentDate: currentTime(),
      dueDate: item.dueDate,
      amount: item.amount,
      installment: { number: item.number, of: input.items.length },
    };
    const slip = await provider.issue(request);
    rows.push({
      companyId: ctx.company.id,
      proposalId: input.proposalId,
      endorsementId: input.endorsement?.id ?? null,
      policyId: input.endorsement?.policyId ?? null,
      number: item.number,
      dueDate: item.dueDate,
      amount: item.amount,
      ourNumber: slip.ourNumber,
      providerCode: slip.providerCode,
      barcode: slip.barcode,
      digitableLine: slip.digitableLine,
      pixPayload: slip.pixPayload,
      issuedInsurer: beneficiary,
      archiveId: null,
      sha256: null,
    });
  }
  return rows.length ? repo.insertInstallments(ctx.db, rows) : [];
};

/**
 * The installment's boleto PDF, rendered and stored now when it was not yet (createInstallments),
 * with the insurer kept when it was booked (one booked before it was kept: the record as it is).
 */
export const ensureSlipDocument = async (ctx: Ctx, i: repo.InstallmentRow, slip: SlipBase, of: number) => {
  if (i.archiveId) return i.archiveId;
  const provider = bankSlipProvider(i.providerCode);
  const { branchCode, ...printed } = slip;
  const request = {
    ...printed,
    beneficiary: await insurerAsIssued(ctx, i.issuedInsurer, branchCode),
    ourNumber: i.ourNumber,
    // Booked then: the date it prints whenever it is rendered (its first download, a file gone).
    documentDate: i.createdAt,
    dueDate: i.dueDate,
    amount: i.amount,
    installment: { number: i.number, of },
  };
  const pdf = await provider.render(request, {
    providerCode: i.providerCode,
    ourNumber: i.ourNumber,
    barcode: i.barcode,
    digitableLine: i.digitableLine,
    pixPayload: i.pixPayload ?? '',
  });
  const stored = await storeSlipPdf(ctx, slip, i, pdf);
  await repo.updateInstallment(ctx.db, i.id, { archiveId: stored.id, sha256: stored.sha256 });
  return stored.id;
};

export const installmentsOf = (ctx: Pick<UserContext, 'db'>, proposalId: number) =>
  repo.installmentsOf(ctx.db, proposalId);

/** The extra-premium installments of endorsements (boletos), by endorsement then number. */
export const installmentsOfEndorsements = (
  ctx: Pick<UserContext, 'db' | 'company'>,
  endorsementIds: number[],
) => repo.installmentsOfEndorsements(ctx.db, ctx.company.id, endorsementIds);

/**
 * Records an instalment paid; on an issued policy, its premium and commission settlement go to the
 * SRO (a boleto paid before issuance is recorded when the policy is born: createPolicy).
 */
export const markInstallmentPaid = async (
  ctx: Ctx,
  installment: repo.InstallmentRow,
  payment: { paidAt: Date; paidAmount: string; source: 'manual' | 'return-file' },
) => {
  if (installment.statusId !== InstallmentStatus.EM_ABERTO)
    throw unprocessable(`A parcela ${installment.number} não está em aberto.`);
  const paid = await repo.updateInstallment(ctx.db, installment.id, {
    statusId: InstallmentStatus.PAGA,
    paidAt: payment.paidAt,
    paidAmount: payment.paidAmount,
    paymentSource: payment.source,
    confirmedByUserId: ctx.user.userId || null,
  });
  const policy = paid.policyId ? await findPolicyById(ctx, paid.policyId) : undefined;
  if (policy) await recordSettlementSro(ctx, policy, paid);
  return paid;
};

export const cancelOpenInstallments = async (ctx: Ctx, proposalId: number) => {
  for (const i of await repo.installmentsOf(ctx.db, proposalId))
    if (i.statusId === InstallmentStatus.EM_ABERTO)
      await repo.updateInstallment(ctx.db, i.id, { statusId: InstallmentStatus.CANCELADA });
};

export const installmentsByOurNumbers = (ctx: Ctx, ourNumbers: string[]) =>
  repo.installmentsByOurNumbers(ctx.db, ctx.company.id, ourNumbers);

/** First installments still open and due before `day` (the automatic cancel looks at these). */
export const overdueFirstInstallments = (ctx: Ctx, day: string) =>
  repo.openInstallmentsDueBefore(ctx.db, ctx.company.id, day);
