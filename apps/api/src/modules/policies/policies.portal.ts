import type {
  PolicyBrief,
  PolicyPage,
  PolicySearchQuery,
  PolicySummary,
  PolicyVerification,
} from '@aval/contracts';
import {
  addDays,
  daysBetween,
  isInsurance,
  Permission,
  type PolicyStatusId,
  policyStatusLabels,
  SroStatus,
} from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { policyScope } from '../../lib/visibility.js';
import { systemContext } from '../../plugins/job-context.js';
import * as history from '../change-history/index.js';
import * as files from '../files/index.js';
import * as insureds from '../insureds/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as repo from './policies.query.repository.js';

import {
  endorsementFileName,
  ensurePolicyDocument,
  lastEndorsementDocument,
  policyFileName,
  verificationPath,
} from './policies.service.js';

/** The policy as owner of a change history (issuance records its creation). */
export const policyHistory = history.historyOwnerType('Policy', 'Apólice', {
  StatusId: {
    label: 'Situação',
    show: (v) => policyStatusLabels[Number(v) as PolicyStatusId] ?? String(v),
  },
  ExpiryNotice: { label: 'Aviso de vencimento (90 dias)' },
  CancelReason: { label: 'Motivo do cancelamento' },
  CancelRestitution: { label: 'Restituição de prêmio', kind: 'money' },
  CancelDate: { label: 'Data do cancelamento', kind: 'date' },
});

const statusName = (id: number) => policyStatusLabels[id as PolicyStatusId] ?? String(id);
const sroName = (id: number) => (id === SroStatus.REGISTRADA ? 'Registrada' : 'Pendente');

export const toSummary = (r: repo.PolicySummaryRow, today = currentDay()): PolicySummary => ({
  Id: r.id,
  UniqueId: r.uniqueId,
  PolicyNumber: r.number,
  StatusId: r.statusId,
  StatusName: statusName(r.statusId),
  ProposalUniqueId: r.proposalUniqueId,
  ProposalNumber: r.proposalNumber,
  ModalityName: r.modalityName,
  PolicyHolderUniqueId: r.policyHolderUniqueId,
  PolicyHolderName: r.policyHolderName,
  PolicyHolderDocument: r.policyHolderDocument,
  InsuredUniqueId: r.insuredUniqueId,
  InsuredName: r.insuredName,
  InsuredDocument: r.insuredDocument,
  BrokerName: r.brokerName,
  BrokerDocument: r.brokerDocument,
  StartDate: r.startDate,
  EndDate: r.endDate,
  InsuredAmountValue: r.insuredAmount,
  InsurancePremium: r.insurancePremium,
  IssuedAt: r.issuedAt.toISOString(),
  EnableToSteppin: r.enableToSteppin,
  EnableToMonitoring: r.enableToMonitoring,
  EnableToBigRisk: r.enableToBigRisk,
  DaysToEnd: daysBetween(today, r.endDate),
});

type Paging = Pick<PolicySearchQuery, 'orderBy' | 'orderDirection' | 'currentPage' | 'rowsPerPage'>;

const page = async (
  ctx: UserContext,
  filters: Omit<repo.PolicyFilters, 'page' | 'rows'>,
  q: Paging,
  today = currentDay(),
) => {
  const { rows, total, capped } = await repo.searchPolicies(ctx.db, ctx.company.id, await policyScope(ctx), {
    ...filters,
    orderBy: q.orderBy,
    direction: q.orderDirection,
    page: q.currentPage,
    rows: q.rowsPerPage,
  });
  return {
    Data: rows.map((r) => toSummary(r, today)),
    Total: total,
    TotalIsCapped: capped,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  } satisfies PolicyPage;
};

/** SearchPoliciesRelatedToLoggedUser: every filter of spec §7, visibility by user type. */
export const search = (ctx: UserContext, q: PolicySearchQuery) => {
  const today = currentDay();
  return page(
    ctx,
    {
      number: q.policyNumber,
      policyHolderName: q.policyHolderName,
      policyHolderDocument: q.policyHolderDocument,
      insuredName: q.insuredName,
      insuredDocument: q.insuredDocument,
      brokerName: q.brokerName,
      brokerDocument: q.brokerDocument,
      statusId: q.statusId,
      startFrom: q.startDate,
      endUntil: q.endDate,
      steppin: q.enableToSteppin,
      monitoring: q.enableToMonitoring,
      bigRisk: q.enableToBigRisk,
      expiring: q.expiringInDays ? { today, until: addDays(today, q.expiringInDays) } : undefined,
    },
    q,
    today,
  );
};

/** The policies of a policy holder the caller may see (404 when the holder is not visible). */
export const searchByPolicyHolder = async (ctx: UserContext, uniqueId: string, q: Paging) => {
  const holder = await policyHolders.getVisible(ctx, uniqueId);
  return page(ctx, { policyHolderId: holder.id }, q);
};

/** The policies of an insured (the caller's visible ones). */
export const searchByInsured = async (ctx: UserContext, uniqueId: string, q: Paging) => {
  const insured = await insureds.getByUniqueId(ctx, uniqueId);
  return page(ctx, { insuredId: insured.Id }, q);
};

/** The policy if the caller may see it; 404 otherwise (existence is not revealed). */
export const getVisible = async (
  ctx: UserContext,
  by: { uniqueId?: string; proposalUniqueId?: string; number?: string },
) => {
  const row = await repo.findPolicy(ctx.db, ctx.company.id, by, await policyScope(ctx));
  if (!row) throw notFound('Apólice não encontrada.');
  return row;
};

export const canCancel = (ctx: UserContext, r: repo.PolicyRow) =>
  isInsurance(ctx.user.userType) &&
  ctx.user.permissions.has(Permission.CANCELAR_APOLICE_MANUALMENTE) &&
  r.statusId === 2;

export const brief = async (ctx: UserContext, uniqueId: string): Promise<PolicyBrief> => {
  const r = await getVisible(ctx, { uniqueId });
  return {
    ...toSummary(r),
    BranchCode: r.branchCode,
    ModalityGroupName: r.modalityGroupName,
    ObjectText: r.objectText,
    DeadlineDays: r.deadlineDays,
    BrokerSusep: r.brokerSusep,
    CoBrokers: r.coBrokers.map((c) => ({
      Name: c.Name,
      Document: c.Document,
      SUSEP: c.SUSEP,
      Leader: c.Leader,
      Participation: c.Participation,
    })),
    NetPremium: r.netPremium,
    ComissionPercentage: r.comissionPercentage,
    ComissionValue: r.comissionValue,
    IOFValue: r.iofValue,
    TotalPremium: r.totalPremium,
    NumberOfInstallments: r.numberOfInstallments,
    SroStatusId: r.sroStatusId,
    SroStatusName: sroName(r.sroStatusId),
    SroDeadline: r.sroDeadline,
    SroRegisteredAt: r.sroRegisteredAt?.toISOString() ?? null,
    SroProtocol: r.sroProtocol,
    HasDocument: r.documentArchiveId !== null,
    DocumentSha256: r.documentSha256,
    VerificationPath: verificationPath(r),
    ExpiryNoticeSentAt: r.expiryNoticeSentAt?.toISOString() ?? null,
    CancelledAt: r.cancelledAt?.toISOString() ?? null,
    CancelReason: r.cancelReason,
    CancelRestitution: r.cancelRestitution,
    CanCancel: canCancel(ctx, r),
  };
};

export const getHistory = async (ctx: UserContext, uniqueId: string) => {
  const r = await getVisible(ctx, { uniqueId });
  return history.listChangeHistory(ctx, { types: [policyHistory], ownerIds: [r.id] });
};

/** The newest approved endorsement's PDF of a policy the caller sees (endorsements module), signed. */
const lastEndorsementDownload = async (ctx: UserContext, r: repo.PolicyRow) => {
  const last = await lastEndorsementDocument(ctx, r.id);
  if (!last) return undefined;
  return {
    UrlToDownload: await files.getUrlOfCheckedArchive(ctx, last.archiveId),
    FileName: endorsementFileName(r.number, last.number),
  };
};

/** DownloadPolicyDocument: the policy PDF, or with `endorsement` the last approved endorsement's when there is one. */
export const downloadPolicyDocument = async (
  ctx: UserContext,
  proposalUniqueId: string,
  endorsement = false,
) => {
  const r = await getVisible(ctx, { proposalUniqueId });
  if (endorsement) {
    const last = await lastEndorsementDownload(ctx, r);
    if (last) return last;
  }
  // Rendered now when the policy has none yet (its documents job has not run: the demo's never do).
  const withDocument = await ensurePolicyDocument(ctx, r);
  if (!withDocument.documentArchiveId) throw notFound('O PDF da apólice ainda não foi gerado.');
  return {
    UrlToDownload: await files.getUrlOfCheckedArchive(ctx, withDocument.documentArchiveId),
    FileName: policyFileName(r.number),
  };
};

/** DownloadLastEndorsementDocument: the PDF of the policy's newest approved endorsement; 404 without one. */
export const downloadLastEndorsementDocument = async (ctx: UserContext, proposalUniqueId: string) => {
  const r = await getVisible(ctx, { proposalUniqueId });
  const last = await lastEndorsementDownload(ctx, r);
  if (!last) throw notFound('A apólice não tem endossos.');
  return last;
};

/** CPFs are shown as ***.456.789-** on the public page (LGPD); CNPJs in full. */
export const maskForPublic = (document: string | null) => {
  if (!document) return document;
  if (document.length === 11) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  return document;
};

/** The public authenticity check (no user): number and code must both match. */
export const verify = async (
  ctx: TenantContext,
  number: string,
  code: string,
): Promise<PolicyVerification> => {
  const found = await repo.findForVerification(ctx.db, ctx.company.id, number, code);
  if (!found) throw notFound('Apólice não encontrada.');
  // The page shows the PDF's SHA-256: a policy without its PDF yet gets it now (as the system).
  const r = await ensurePolicyDocument(systemContext(ctx), found);
  return {
    PolicyNumber: r.number,
    StatusId: r.statusId,
    StatusName: statusName(r.statusId),
    PolicyHolderName: r.policyHolderName,
    PolicyHolderDocument: maskForPublic(r.policyHolderDocument)!,
    InsuredName: r.insuredName,
    InsuredDocument: maskForPublic(r.insuredDocument),
    InsuredAmountValue: r.insuredAmount,
    StartDate: r.startDate,
    EndDate: r.endDate,
    DocumentSha256: r.documentSha256,
  };
};
