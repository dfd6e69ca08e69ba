import { addDays, htmlToText, splitInstallments, toDec, todayInBrazil } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { unprocessable } from '../../lib/errors.js';
import * as insureds from '../insureds/index.js';
import { getModality } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import { insuredParty } from './proposals.parties.js';
import * as repo from './proposals.repository.js';
import { renderedTermsOf } from './proposals.workflow.js';

/** What issuance charges and prints: the installments' schedule, the boleto's parties, the contract data. */

/** Due dates: the first after the grace period (at least 5 days), then every 30 days. */
export const schedule = (row: repo.ProposalRow, today: string) => {
  const total = row.totalPremium ?? row.insurancePremium;
  if (!total) throw unprocessable('Calcule o prêmio antes de emitir a proposta.');
  const first = Math.max(5, row.gracePeriod ?? 0);
  return splitInstallments(total, Math.max(1, row.numberOfInstallment ?? 1)).map((i) => ({
    number: i.Number,
    amount: i.Value,
    dueDate: addDays(today, first + 30 * (i.Number - 1)),
  }));
};

/** The boleto's beneficiary (the insurer), payer (the holder) and description. */
export const slipFor = (ctx: UserContext, row: repo.ProposalRow) => ({
  beneficiary: policies.insurerProfile(ctx.company),
  payer: { name: row.policyHolderName, document: row.policyHolderDocument },
  proposalNumber: row.number,
  description: `Seguro garantia – ${row.modalityName}`,
});

/** The policy's contract data (also the minuta's, without number). */
export const contractData = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  policy: { number: string; issuedAt: Date; verificationCode?: string | null } | null,
): Promise<policies.ContractDocumentData> => {
  const children = await repo.childrenOf(ctx.db, row.id);
  const modality = await getModality(ctx, row.modalityId);
  const terms = await renderedTermsOf(ctx, row, { policyNumber: policy?.number });
  const installments = await policies.installmentsOf(ctx, row.id);
  const insured = await (row.insuredId ? insureds.getInsuredById(ctx, row.insuredId) : undefined);
  const location = insured?.Locations.find((l) => l.Id === row.insuredLocationId) ?? insured?.Locations[0];
  const leader = { name: row.brokerName, document: row.brokerDocument, susep: row.brokerSusep, leader: true };
  const total = row.totalPremium ?? row.insurancePremium ?? '0';
  return {
    kind: policy ? 'policy' : 'contract-draft',
    insurer: policies.insurerProfile(ctx.company),
    branchCode: row.branchCode,
    proposalNumber: row.number,
    policyNumber: policy?.number ?? null,
    issuedAt: policy?.issuedAt ?? null,
    verificationCode: policy?.verificationCode ?? null,
    modality: row.modalityName,
    modalityGroup: row.modalityGroupName,
    modalitySusepCode: (modality as { SusepCode?: string | null }).SusepCode ?? null,
    policyHolder: { name: row.policyHolderName, document: row.policyHolderDocument },
    insured: insured
      ? insuredParty(insured, location)
      : row.insuredName
        ? { name: row.insuredName, document: row.insuredDocument ?? '' }
        : null,
    brokers: children.coBrokers.length
      ? children.coBrokers.map((c) => ({
          name: c.name,
          document: c.document,
          susep: c.susep,
          leader: c.leader,
          participation: toDec(c.participation).toFixed(2),
        }))
      : [leader],
    objects: children.objects.map(
      (o) => o.description + (o.contractNumber ? ` (contrato ${o.contractNumber})` : ''),
    ),
    startDate: row.startDate!,
    endDate: row.endDate!,
    deadlineDays: row.deadlineDays!,
    insuredAmount: row.insuredAmount!,
    netPremium: row.netPremium,
    premium: row.insurancePremium ?? total,
    iofValue: row.iofValue,
    totalPremium: total,
    installments: installments.length
      ? installments.map((i) => ({ number: i.number, dueDate: i.dueDate, amount: i.amount }))
      : schedule(row, todayInBrazil()),
    // The terms are the editor's HTML: the PDF prints their text, not the markup.
    terms: terms.map((t) => ({ typeName: t.TermTypeName, title: t.Title, text: htmlToText(t.Text) })),
  };
};
