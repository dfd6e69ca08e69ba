import { addDays, htmlToText, splitInstallments, toDec, todayInBrazil } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { unprocessable } from '../../lib/errors.js';
import * as insureds from '../insureds/index.js';
import { getModality } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
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

/** A proposal object as the documents print it (and the policy records it): its text and contract. */
export const objectLine = (o: { description: string; contractNumber?: string | null }) =>
  o.description + (o.contractNumber ? ` (contrato ${o.contractNumber})` : '');

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
  const modality = await getModality(ctx, row.modalityId);
  const values = policy
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
  const terms = await renderedTermsOf(ctx, row, { policyNumber: policy?.number, ...values });
  const installments = await policies.installmentsOf(ctx, row.id);
  const insured = await (row.insuredId ? insureds.getInsuredById(ctx, row.insuredId) : undefined);
  const location = insured?.Locations.find((l) => l.Id === row.insuredLocationId) ?? insured?.Locations[0];
  const holderAddress = await policyHolders.holderAddress(ctx, row.policyHolderId);
  const source = policy
    ? {
        holder: { name: policy.policyHolderName, document: policy.policyHolderDocument },
        insured: policy.insuredName
          ? { name: policy.insuredName, document: policy.insuredDocument ?? '' }
          : null,
        leader: { name: policy.brokerName, document: policy.brokerDocument, susep: policy.brokerSusep },
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
        holder: { name: row.policyHolderName, document: row.policyHolderDocument },
        insured: row.insuredName ? { name: row.insuredName, document: row.insuredDocument ?? '' } : null,
        leader: { name: row.brokerName, document: row.brokerDocument, susep: row.brokerSusep },
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
  return {
    kind: policy ? 'policy' : 'contract-draft',
    insurer: policies.insurerProfile(ctx.company),
    branchCode: row.branchCode,
    proposalNumber: row.number,
    policyNumber: policy?.number ?? null,
    issuedAt: policy?.issuedAt ?? null,
    modality: policy?.modalityName ?? row.modalityName,
    modalityGroup: policy?.modalityGroupName ?? row.modalityGroupName,
    modalitySusepCode: (modality as { SusepCode?: string | null }).SusepCode ?? null,
    policyHolder: { ...source.holder, address: holderAddress },
    insured: insured ? { ...insuredParty(insured, location), ...(source.insured ?? {}) } : source.insured,
    brokers: source.coBrokers.length
      ? source.coBrokers.map((c) => ({ ...c, participation: toDec(c.participation).toFixed(2) }))
      : [{ ...source.leader, leader: true }],
    objects: source.objects,
    ...values,
    netPremium: source.netPremium,
    premium: source.premium,
    iofValue: source.iofValue,
    totalPremium: source.totalPremium,
    installments: installments.length
      ? installments.map((i) => ({ number: i.number, dueDate: i.dueDate, amount: i.amount }))
      : policy
        ? schedule(
            { ...row, totalPremium: policy.totalPremium, numberOfInstallment: policy.numberOfInstallments },
            todayInBrazil(policy.issuedAt),
          )
        : schedule(row, todayInBrazil()),
    // The terms are the editor's HTML: the PDF prints their text, not the markup.
    terms: terms.map((t) => ({ typeName: t.TermTypeName, title: t.Title, text: htmlToText(t.Text) })),
  };
};
