import {
  engineExecutionTypeLabels,
  Permission as P,
  timelineSituationLabels,
  timelineStatusLabels,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import * as history from '../change-history/index.js';
import { insurerForDocuments } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as users from '../users/index.js';
import { contractData, slipFor } from './issuance.contract.js';
import { load, proposalHistory } from './proposals.access.js';
import * as repo from './proposals.repository.js';
import { statusName } from './proposals.view.js';

/** A proposal's issuance documents: the minuta, the boletos, the issuance report and the policy's PDF. */

/** The minuta needs the term, the insured amount and the premium. */
const assertPriced = (row: repo.ProposalRow) => {
  if (!row.startDate || !row.endDate || !row.insuredAmount || !row.deadlineDays || !row.insurancePremium)
    throw unprocessable(
      'Calcule o prêmio da proposta (vigência e importância segurada) antes de gerar a minuta.',
    );
};

/** GenerateContractDraft: the minuta's PDF, stored and linked. */
export const generateContractDraft = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  assertPriced(row);
  const pdf = await policies.renderContractDocument(await contractData(ctx, row, null));
  const fileName = `minuta-proposta-${row.number}.pdf`;
  const stored = await policies.storeIssuanceDocument(ctx, {
    proposalId: row.id,
    kind: 'contract-draft',
    fileName,
    pdf,
  });
  return {
    UrlToDownload: await policies.archiveUrl(ctx, stored.id),
    FileName: fileName,
    Sha256: stored.sha256,
  };
};

/** DownloadBankSlips: a link to each installment's boleto PDF (made on first need). */
export const downloadBankSlips = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  const installments = await policies.installmentsOf(ctx, row.id);
  if (installments.length === 0) throw notFound('A proposta ainda não tem boletos.');
  const LinksToDownload = [];
  const slip = await slipFor(ctx, row);
  for (const i of installments) {
    const archiveId = await policies.ensureSlipDocument(ctx, i, slip, installments.length);
    LinksToDownload.push({
      InstallmentNumber: i.number,
      DueDate: i.dueDate,
      Amount: i.amount,
      StatusId: i.statusId,
      StatusName: policies.toInstallmentView(i).StatusName,
      DigitableLine: i.digitableLine,
      Url: await policies.archiveUrl(ctx, archiveId),
    });
  }
  return { LinksToDownload };
};

/** LoadIssuanceReport (permission 15): engine log, timeline (who, when), changes and payments. */
export const issuanceReport = async (ctx: UserContext, uniqueId: string) => {
  if (!hasAny(ctx, P.DOWNLOAD_DO_LAUDO_DE_EMISSAO)) throw forbidden();
  const visible = await load(ctx, uniqueId);
  const logs = await repo.engineLogsOf(ctx.db, visible.id);
  const timelineRows = await repo.timelineOf(ctx.db, visible.id);
  const changes = await history.listChangeHistory(ctx, { types: [proposalHistory], ownerIds: [visible.id] });
  const installments = await policies.installmentsOf(ctx, visible.id);
  const policy = await policies.policyOfProposal(ctx, visible.id);
  const names = await users.userNames(ctx, [...timelineRows.map((t) => t.createdByUserId), ctx.user.userId]);
  const who = (id: number | null) => (id ? (names.get(id) ?? `Usuário ${id}`) : 'Sistema');
  const pdf = await policies.renderIssuanceReport({
    insurer: await insurerForDocuments(ctx),
    proposalNumber: visible.number,
    statusLabel: statusName(visible),
    policyNumber: policy?.number ?? null,
    modality: visible.modalityName,
    policyHolder: visible.policyHolderName,
    insured: visible.insuredName,
    broker: visible.brokerName,
    insuredAmount: visible.insuredAmount,
    premium: visible.insurancePremium,
    generatedAt: currentTime(),
    generatedBy: who(ctx.user.userId),
    engineLogs: logs.map((l) => ({
      engine:
        engineExecutionTypeLabels[l.engineTypeId as keyof typeof engineExecutionTypeLabels] ??
        String(l.engineTypeId),
      approved: l.approved,
      message: l.message,
      at: l.createdAt,
    })),
    timeline: timelineRows.map((t) => ({
      at: t.createdAt,
      who: who(t.createdByUserId),
      step: timelineSituationLabels[t.situationId as keyof typeof timelineSituationLabels] ?? '',
      status: timelineStatusLabels[t.timelineStatusId as keyof typeof timelineStatusLabels] ?? '',
      description: t.description,
    })),
    history: changes.map((c) => ({
      at: new Date(c.ChangedAt),
      who: c.ChangedByName,
      field: c.FieldLabel,
      oldValue: c.OldValue ?? '—',
      newValue: c.NewValue ?? '—',
    })),
    installments: installments.map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amount: i.amount,
      status: policies.toInstallmentView(i).StatusName,
      paidAt: i.paidAt,
      source: i.paymentSource,
    })),
  });
  const stored = await policies.storeIssuanceDocument(ctx, {
    proposalId: visible.id,
    policyId: policy?.id ?? null,
    kind: 'issuance-report',
    fileName: `laudo-emissao-proposta-${visible.number}.pdf`,
    pdf,
  });
  return { UrlToDownloadIssuanceReport: await policies.archiveUrl(ctx, stored.id), Sha256: stored.sha256 };
};

/**
 * What an issued policy prints: recorded once, at issuance (`issueNow`), from the policy row and
 * its proposal's terms; a policy issued before the record existed gets it on first need.
 */
export const issuedTermsOf = async (
  ctx: UserContext,
  policy: policies.PolicyRow,
  proposal?: repo.ProposalRow,
): Promise<policies.IssuedPolicyTerms> => {
  if (policy.issuedTerms) return policy.issuedTerms;
  const row =
    proposal ?? (await repo.findProposal(ctx.db, ctx.company.id, { id: policy.proposalId }, { all: true }));
  if (!row) throw notFound('Proposta da apólice não encontrada.');
  const { kind, insurer, policyNumber, issuedAt, verificationUrl, ...terms } = await contractData(
    ctx,
    row,
    policy,
  );
  await policies.recordIssuedTerms(ctx, policy, terms);
  return terms;
};

/**
 * The PDF of an issued policy from its recorded terms (the policies module's renderer, wiring.ts:
 * a policy without its PDF, e.g. a seeded one, gets it on first download or authenticity check).
 */
export const renderPolicyDocument = async (ctx: UserContext, policy: policies.PolicyRow) =>
  policies.renderIssuedPolicy(ctx, policy, await issuedTermsOf(ctx, policy));
