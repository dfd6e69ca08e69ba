import type { IssuanceView } from '@aval/contracts';
import { InstallmentStatus, isInsurance, Permission as P } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { hasAny } from '../../lib/permissions.js';
import * as documents from '../documents/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { isMainBroker, load, ownerOfRow } from './proposals.access.js';
import type * as repo from './proposals.repository.js';
import { statusName } from './proposals.view.js';

/** A proposal's issuance as the Emissão tab shows it: what blocks it and what the caller may do. */

/** Issued before payment: public insured (branch 0775) or a judicial modality (domain.md §3). */
export const issueBeforePaymentReason = (
  row: Pick<repo.ProposalRow, 'branchCode' | 'modalityGroupName' | 'modalityName'>,
) => {
  if (/judicial/i.test(row.modalityGroupName) || /judicial/i.test(row.modalityName))
    return 'Modalidade judicial: emissão antes do pagamento.';
  if (row.branchCode === '0775') return 'Segurado público (ramo 0775): emissão antes do pagamento.';
  return null;
};

/** Required request documents of the proposal not yet Conforme. */
export const notConforme = async (ctx: UserContext, row: repo.ProposalRow) =>
  (await documents.listDocuments(ctx, ownerOfRow(row))).filter(
    (d) => d.IsRequired && !d.IsDeleted && d.StatusId !== 1,
  );

/** The issuance state of a proposal: CCG, documents, installments, policy and the caller's actions. */
export const issuanceView = async (ctx: UserContext, row: repo.ProposalRow): Promise<IssuanceView> => {
  const insurer = isInsurance(ctx.user.userType);
  const ccg = await policyHolders.ccgSignatureState(ctx, row.policyHolderId);
  const pending = await notConforme(ctx, row);
  const installments = await policies.installmentsOf(ctx, row.id);
  const policy = await policies.policyOfProposal(ctx, row.id);
  const main = await isMainBroker(ctx, row);
  const canWrite = insurer
    ? hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA)
    : main && hasAny(ctx, P.GERENCIAR_PROPOSTAS);
  const canIgnoreCcg = insurer && hasAny(ctx, P.IGNORAR_ASSINATURA_DE_CCG);
  const blockers: string[] = [];
  if (row.statusId === 7) {
    if (!ccg.signed && !ccg.ignored)
      blockers.push(
        canIgnoreCcg
          ? 'O CCG do tomador não está assinado: envie à emissão dispensando a assinatura (permissão 17) ou aguarde a assinatura.'
          : 'O CCG do tomador ainda não foi assinado.',
      );
    if (pending.length)
      blockers.push(`Documentos obrigatórios ainda não conformes: ${pending.map((d) => d.Name).join(', ')}.`);
  }
  const reason = issueBeforePaymentReason(row);
  const open = installments.some((i) => i.statusId === InstallmentStatus.EM_ABERTO);
  return {
    ProposalUniqueId: row.uniqueId,
    StatusId: row.statusId,
    StatusName: statusName(row),
    Version: row.version,
    PolicyHolderUniqueId: ccg.holderUniqueId,
    CcgSigned: ccg.signed,
    CcgIgnored: ccg.ignored,
    PendingRequiredDocuments: pending.length,
    IssueBeforePayment: reason !== null,
    IssueBeforePaymentReason: reason,
    CanRequestIssuance:
      row.statusId === 7 && canWrite && pending.length === 0 && (ccg.signed || ccg.ignored || canIgnoreCcg),
    CanIgnoreCcg: canIgnoreCcg,
    CanIssue: row.statusId === 3 && canWrite,
    CanConfirmPayment:
      insurer &&
      hasAny(ctx, P.GERENCIAR_PROPOSTAS_SEGURADORA) &&
      (row.statusId === 4 || row.statusId === 5) &&
      open,
    CanDownloadIssuanceReport: hasAny(ctx, P.DOWNLOAD_DO_LAUDO_DE_EMISSAO),
    Blockers: blockers,
    Installments: installments.map(policies.toInstallmentView),
    Policy: policy ? policies.toPolicySummary(policy) : null,
  };
};

/** GetIssuance: the issuance state of a proposal the caller may see. */
export const getIssuance = async (ctx: UserContext, uniqueId: string) =>
  issuanceView(ctx, await load(ctx, uniqueId));
