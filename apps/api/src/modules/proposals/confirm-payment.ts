import { addDays, brazilNoon, InstallmentStatus, TimelineStatus } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { issuanceView } from './issuance.view.js';
import { issueNow, transition } from './issue-proposal.js';
import { assertCanWrite, load } from './proposals.access.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';

/**
 * A proposal's payments: a boleto paid by hand or through the bank's return file (the first one
 * issues the policy), and the proposals whose first boleto went unpaid cancelled.
 */

/** The payment's instant: noon in Brazil on the given day, or now. */
const paidOn = (day: string | undefined) => (day ? brazilNoon(day) : currentTime());

/** ConfirmPayment: insurer staff mark an installment paid; the first one of a proposal in 4 issues it. */
export const confirmPayment = async (
  ctx: UserContext,
  b: { ProposalUniqueId: string; InstallmentNumber: number; PaidAt?: string; PaidAmount?: string },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  if (row.statusId !== 4 && row.statusId !== 5)
    throw unprocessable('Só há pagamento a confirmar numa proposta aguardando pagamento ou emitida.');
  const installment = (await policies.installmentsOf(ctx, row.id)).find(
    (i) => i.number === b.InstallmentNumber,
  );
  if (!installment) throw notFound('Parcela não encontrada.');
  await policies.markInstallmentPaid(ctx, installment, {
    paidAt: paidOn(b.PaidAt),
    paidAmount: b.PaidAmount ?? installment.amount,
    source: 'manual',
  });
  const saved =
    row.statusId === 4 && installment.number === 1
      ? await issueNow(ctx, row, 'pagamento do boleto confirmado pela seguradora')
      : row;
  return issuanceView(ctx, saved);
};

/** ImportReturnFile: pays the open boletos the bank's return file lists, issuing where the first is paid. */
export const importReturnFile = async (ctx: UserContext, b: { Content: string; ProviderCode?: string }) => {
  let entries: ReturnType<policies.BankSlipProvider['parseReturnFile']>;
  try {
    entries = policies.bankSlipProvider(b.ProviderCode ?? 'local').parseReturnFile(b.Content);
  } catch (e) {
    throw unprocessable(
      e instanceof Error && /^Linha/.test(e.message) ? e.message : 'Arquivo de retorno inválido.',
    );
  }
  const found = new Map(
    (
      await policies.installmentsByOurNumbers(
        ctx,
        entries.map((e) => e.ourNumber),
      )
    ).map((i) => [i.ourNumber, i]),
  );
  const Paid: { OurNumber: string; ProposalNumber: number; InstallmentNumber: number; Issued: boolean }[] =
    [];
  const Ignored: { OurNumber: string; Reason: string }[] = [];
  for (const e of entries) {
    const installment = found.get(e.ourNumber);
    if (!installment) {
      Ignored.push({ OurNumber: e.ourNumber, Reason: 'Boleto não encontrado.' });
      continue;
    }
    if (installment.statusId !== InstallmentStatus.EM_ABERTO) {
      Ignored.push({ OurNumber: e.ourNumber, Reason: 'Parcela já paga ou cancelada.' });
      continue;
    }
    const row = await repo.findProposal(
      ctx.db,
      ctx.company.id,
      { id: installment.proposalId },
      { all: true },
    );
    if (!row) continue;
    await policies.markInstallmentPaid(ctx, installment, {
      paidAt: paidOn(e.paidAt),
      paidAmount: e.paidAmount,
      source: 'return-file',
    });
    const issue = row.statusId === 4 && installment.number === 1;
    if (issue) await issueNow(ctx, row, 'pagamento do boleto pelo arquivo de retorno do banco');
    Paid.push({
      OurNumber: e.ourNumber,
      ProposalNumber: row.number,
      InstallmentNumber: installment.number,
      Issued: issue,
    });
  }
  return { Paid, Ignored };
};

/**
 * Proposals in 4 whose first boleto is unpaid more than the modality's DaysAfterDueDate after its
 * due date (modalities with AutomaticCancel) are cancelled (99): installments cancelled, the ledger
 * reservation released, timeline and e-mail. Runs daily (issuance.jobs.ts) for each company.
 */
export const cancelUnpaid = async (ctx: UserContext, today = currentDay()) => {
  const cancelled: number[] = [];
  for (const installment of await policies.overdueFirstInstallments(ctx, today)) {
    const row = await repo.findProposal(
      ctx.db,
      ctx.company.id,
      { id: installment.proposalId },
      { all: true },
    );
    if (row?.statusId !== 4) continue;
    const modality = await modalityOf(ctx, row.modalityId);
    if (!modality.AutomaticCancel || modality.DaysAfterDueDate == null) continue;
    const limit = addDays(installment.dueDate, modality.DaysAfterDueDate);
    if (today <= limit) continue;
    await policies.cancelOpenInstallments(ctx, row.id);
    await policyHolders.releaseForProposal(ctx, row.id);
    await transition(ctx, row, 99, {
      status: TimelineStatus.CANCELADO,
      description: `Cancelada automaticamente: boleto vencido em ${installment.dueDate.split('-').reverse().join('/')} não pago em ${modality.DaysAfterDueDate} dias.`,
      subject: 'cancelada por falta de pagamento',
      body: `A proposta foi cancelada automaticamente porque o boleto da primeira parcela, vencido em ${installment.dueDate.split('-').reverse().join('/')}, não foi pago em ${modality.DaysAfterDueDate} dias após o vencimento.`,
    });
    cancelled.push(row.id);
  }
  return cancelled;
};
