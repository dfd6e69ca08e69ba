import type { IssuedPolicy } from '@aval/contracts';
import {
  formatPolicyNumber,
  InstallmentStatus,
  installmentStatusLabels,
  isInsurance,
  type PremiumMovement,
  policyStatusNames,
  SRO_REGISTRATION_BUSINESS_DAYS,
  sroStatusLabels,
  todayInBrazil,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { addBusinessDays } from '../../lib/business-days.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { policyScope } from '../../lib/visibility.js';
import * as files from '../files/index.js';
import { insurerAsIssued } from '../parameterisation/index.js';
import { companyPortalUrl } from '../portal/index.js';
import * as sro from '../sro/index.js';
import { type IssuedPolicyTerms, renderContractDocument } from './documents.pdf.js';
import * as repo from './policies.repository.js';
import { recordIssuanceSro, recordSettlementSro } from './policies.sro.js';
import type { PolicyCoBroker, PolicyPremiumMovement } from './policies.table.js';

export type { BankSlipProvider } from './bank-slip.js';
export { bankSlipProvider, registerBankSlipProvider } from './bank-slip.js';
export {
  type ContractDocumentData,
  type EndorsementDocumentData,
  type IssuanceReportData,
  type IssuedPolicyTerms,
  renderContractDocument,
  renderEndorsementDocument,
  renderIssuanceReport,
} from './documents.pdf.js';
export type { InstallmentRow, PolicyRow } from './policies.repository.js';

type Ctx = Pick<UserContext, 'db' | 'company' | 'platform' | 'user'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toPolicySummary = (p: repo.PolicyRow, today = currentDay()): IssuedPolicy => ({
  UniqueId: p.uniqueId,
  Number: p.number,
  StatusId: p.statusId,
  StatusName: policyStatusNames[p.statusId as keyof typeof policyStatusNames] ?? String(p.statusId),
  ProposalUniqueId: p.proposalUniqueId,
  ProposalNumber: p.proposalNumber,
  ModalityName: p.modalityName,
  PolicyHolderName: p.policyHolderName,
  PolicyHolderDocument: p.policyHolderDocument,
  InsuredName: p.insuredName,
  BrokerName: p.brokerName,
  StartDate: p.startDate,
  EndDate: p.endDate,
  InsuredAmountValue: p.insuredAmount,
  InsurancePremium: p.insurancePremium,
  TotalPremium: p.totalPremium,
  NumberOfInstallments: p.numberOfInstallments,
  IssuedAt: p.issuedAt.toISOString(),
  DocumentSha256: p.documentSha256,
  SroDeadline: p.sroDeadline,
  SroStatusId: p.sroStatusId,
  SroStatusName: sroStatusLabels[p.sroStatusId as 1 | 2] ?? String(p.sroStatusId),
  SroRegisteredAt: iso(p.sroRegisteredAt),
  SroProtocol: p.sroProtocol,
  SroLate: p.sroStatusId === 1 && p.sroDeadline < today,
});

export const toInstallmentView = (i: repo.InstallmentRow) => ({
  UniqueId: i.uniqueId,
  Number: i.number,
  DueDate: i.dueDate,
  Amount: i.amount,
  StatusId: i.statusId,
  StatusName: installmentStatusLabels[i.statusId as 1 | 2 | 3] ?? String(i.statusId),
  OurNumber: i.ourNumber,
  DigitableLine: i.digitableLine,
  PixPayload: i.pixPayload,
  PaidAt: iso(i.paidAt),
  PaidAmount: i.paidAmount,
  PaymentSource: i.paymentSource,
});

/** What a new policy copies from its proposal at issue. */
export type NewPolicy = Omit<
  repo.PolicyInsert,
  | 'id'
  | 'uniqueId'
  | 'companyId'
  | 'number'
  | 'sequence'
  | 'sroDeadline'
  | 'issuedAt'
  | 'createdAt'
  | 'updatedAt'
> & { coBrokers: PolicyCoBroker[] };

/** The issue premium over the vigência as issued: a policy's first premium movement. */
export const issueMovement = (p: Pick<repo.PolicyRow, 'insurancePremium' | 'startDate' | 'endDate'>) => ({
  Amount: p.insurancePremium,
  From: p.startDate,
  To: p.endDate,
  Source: 'Emissão',
});

type MovementsOf = Pick<repo.PolicyRow, 'premiumMovements' | 'insurancePremium' | 'startDate' | 'endDate'>;

/** The stored movements; a row from before they were recorded has one: its premium over its vigência. */
const storedMovements = (p: MovementsOf) =>
  p.premiumMovements?.length ? p.premiumMovements : [issueMovement(p)];

/** The premium's movements of a policy (domain.md §4, "Restitution"), as the restitution rule reads them. */
export const premiumMovementsOf = (p: MovementsOf): PremiumMovement[] =>
  storedMovements(p).map((m) => ({ amount: m.Amount, from: m.From, to: m.To }));

/** The policy's stored movements with one more (an approved endorsement's premium difference). */
export const withMovement = (p: MovementsOf, m: PolicyPremiumMovement): PolicyPremiumMovement[] => [
  ...storedMovements(p),
  m,
];

/**
 * Creates the policy of an issued proposal: the next number of the company's branch with its check
 * digit, the SRO deadline 2 business days (national holidays counted) after the issue date, and
 * links the proposal's installments to it.
 */
export const createPolicy = async (ctx: Ctx, input: NewPolicy, now = currentTime()) => {
  const sequence = await repo.nextSequence(ctx.db, ctx.company.id, input.branchCode);
  const issuedDay = todayInBrazil(now);
  const number = formatPolicyNumber({
    branchCode: input.branchCode,
    year: Number(issuedDay.slice(0, 4)),
    sequence,
  });
  const row = await repo.insertPolicy(ctx.db, {
    ...input,
    companyId: ctx.company.id,
    number,
    sequence,
    issuedAt: now,
    sroDeadline: addBusinessDays(issuedDay, SRO_REGISTRATION_BUSINESS_DAYS),
    premiumMovements: [issueMovement(input)],
  });
  await repo.linkInstallments(ctx.db, input.proposalId, row.id);
  // The SRO: the issuance, then the instalments already paid (a boleto paid before issuance).
  await recordIssuanceSro(ctx, row);
  for (const i of await repo.installmentsOf(ctx.db, input.proposalId))
    if (i.statusId === InstallmentStatus.PAGA && !i.endorsementId) await recordSettlementSro(ctx, row, i);
  return row;
};

/** Stores a generated PDF and records it as an issuance document of the proposal. */
export const storeIssuanceDocument = async (
  ctx: Ctx,
  doc: {
    proposalId: number;
    policyId?: number | null;
    kind: 'contract-draft' | 'policy' | 'issuance-report';
    fileName: string;
    pdf: Buffer;
  },
) => {
  const stored = await files.storeGeneratedFile(ctx, {
    name: doc.fileName,
    extension: 'pdf',
    contentType: 'application/pdf',
    data: doc.pdf,
  });
  await repo.insertDocument(ctx.db, {
    companyId: ctx.company.id,
    proposalId: doc.proposalId,
    policyId: doc.policyId ?? null,
    kind: doc.kind,
    archiveId: stored.id,
    sha256: stored.sha256,
    createdByUserId: ctx.user.userId || null,
  });
  return stored;
};

/** The file names of a policy's and an endorsement's PDF: stored, linked and offered as the same. */
export const policyFileName = (number: string) => `apolice-${number}.pdf`;
export const endorsementFileName = (policyNumber: string, endorsementNumber: number) =>
  `endosso-${policyNumber}-${endorsementNumber}.pdf`;

export const attachPolicyDocument = async (ctx: Ctx, policy: repo.PolicyRow, pdf: Buffer) => {
  const stored = await storeIssuanceDocument(ctx, {
    proposalId: policy.proposalId,
    policyId: policy.id,
    kind: 'policy',
    fileName: policyFileName(policy.number),
    pdf,
  });
  return repo.updatePolicy(ctx.db, policy.id, {
    documentArchiveId: stored.id,
    documentSha256: stored.sha256,
  });
};

/** The policy's public verification page: the path (the portal's link) and absolute (paper, QR code, e-mail). */
export const verificationPath = (p: Pick<repo.PolicyRow, 'number' | 'verificationCode'>) =>
  `/verificar/${encodeURIComponent(p.number)}?codigo=${p.verificationCode}`;
export const verificationUrl = async (ctx: Ctx, p: Pick<repo.PolicyRow, 'number' | 'verificationCode'>) =>
  `${await companyPortalUrl(ctx)}${verificationPath(p)}`;

/** Records what the policy prints (at issuance, before any endorsement changes the policy row). */
export const recordIssuedTerms = (ctx: Ctx, policy: repo.PolicyRow, terms: IssuedPolicyTerms) =>
  repo.updatePolicy(ctx.db, policy.id, { issuedTerms: terms });

/**
 * The policy's PDF from its recorded terms and its row (number, issue time, verification link, the
 * insurer as it was at issuance).
 */
export const renderIssuedPolicy = async (
  ctx: UserContext,
  policy: repo.PolicyRow,
  terms: IssuedPolicyTerms,
) =>
  renderContractDocument({
    ...terms,
    kind: 'policy',
    insurer: await insurerAsIssued(ctx, policy.issuedInsurer, policy.branchCode),
    policyNumber: policy.number,
    issuedAt: policy.issuedAt,
    verificationUrl: await verificationUrl(ctx, policy),
  });

/**
 * Renders a policy's PDF from its proposal's contract data. The proposals module, which owns that
 * data, provides it on the app's `platform.wiring` (wiring.ts; policies do not import proposals).
 */
export type PolicyDocumentRenderer = (ctx: UserContext, policy: repo.PolicyRow) => Promise<Buffer>;

/** A stored PDF of an endorsement: its sequence number, archive and SHA-256. */
export type EndorsementPdf = { number: number; archiveId: string; sha256: string };
/**
 * The PDF of a policy's newest approved endorsement (undefined: none), rendered on first need.
 * The endorsements module provides it on the app's `platform.wiring` (wiring.ts; it depends on
 * this module, not the other way round).
 */
export type LastEndorsementDocument = (
  ctx: UserContext,
  policyId: number,
) => Promise<EndorsementPdf | undefined>;
/** The PDF of the policy's newest approved endorsement, if it has one (the caller may see the policy). */
export const lastEndorsementDocument = async (ctx: UserContext, policyId: number) =>
  ctx.platform.wiring.lastEndorsementDocument?.(ctx, policyId);

/**
 * The policy with its PDF: rendered and stored (with its SHA-256) on first need when it has none
 * (the documents job after issuance, or a download before it). Like the endorsement PDF
 * (endorsements.document.ts). The PDF is rendered before the policy row is locked, so the calls
 * on the policy wait only while it is stored, not while it renders; then the row is locked
 * (FOR UPDATE) and read again: of concurrent first requests one stores its document, the later
 * ones find it and drop theirs. A policy changed meanwhile is rendered again under the lock.
 * Without a renderer the policy comes back as it is.
 */
export const ensurePolicyDocument = async (ctx: UserContext, policy: repo.PolicyRow) => {
  if (policy.documentArchiveId) return policy;
  const render = ctx.platform.wiring.renderPolicyDocument;
  if (!render) return policy;
  const pdf = await render(ctx, policy);
  const locked = await repo.lockPolicy(ctx.db, ctx.company.id, policy.id);
  if (!locked || locked.documentArchiveId) return locked ?? policy;
  const current = locked.updatedAt.getTime() === policy.updatedAt.getTime();
  return attachPolicyDocument(ctx, locked, current ? pdf : await render(ctx, locked));
};

/** Signed URL of a stored archive (the files module's signer). */
export const archiveUrl = (ctx: UserContext, archiveId: string) =>
  files.getUrlOfCheckedArchive(ctx, archiveId);

/** The policy of a proposal the caller already may see (no scope check here). */
export const policyOfProposal = (ctx: Pick<UserContext, 'db' | 'company'>, proposalId: number) =>
  repo.findPolicy(ctx.db, ctx.company.id, { proposalId }, { all: true });

const loadPolicy = async (ctx: UserContext, by: { uniqueId?: string; proposalId?: number }) => {
  const row = await repo.findPolicy(ctx.db, ctx.company.id, by, await policyScope(ctx));
  if (!row) throw notFound('Apólice não encontrada.');
  return row;
};

/** GetPolicy-style read for other modules (issue 16): a policy the caller may see. */
export const getPolicy = (ctx: UserContext, uniqueId: string) => loadPolicy(ctx, { uniqueId });

/** DownloadPolicyDocument: the signed URL of the policy PDF. */
export const policyDocumentUrl = async (ctx: UserContext, by: { uniqueId?: string; proposalId?: number }) => {
  const row = await ensurePolicyDocument(ctx, await loadPolicy(ctx, by));
  if (!row.documentArchiveId || !row.documentSha256)
    throw notFound('O documento da apólice ainda não foi gerado.');
  return {
    UrlToDownload: await files.getUrlOfCheckedArchive(ctx, row.documentArchiveId),
    FileName: policyFileName(row.number),
    Sha256: row.documentSha256,
  };
};

/** Policies with late SRO registrations per company, for the operators' metrics (a system read, no tenant). */
export const lateSroCounts = (db: DbOrTx) => sro.lateSroPoliciesByCompany(db, currentDay());

/**
 * SearchLateSroRegistrations: the policies with a registration not registered after its deadline
 * (or due today too), most late first; `SroDeadline` is that registration's deadline.
 */
export const searchLateSro = async (
  ctx: UserContext,
  q: { currentPage: number; rowsPerPage: number; IncludeDueToday?: boolean },
) => {
  const today = currentDay();
  const { rows, total } = await repo.lateSro(ctx.db, ctx.company.id, today, q.IncludeDueToday ?? false, {
    offset: (q.currentPage - 1) * q.rowsPerPage,
    limit: q.rowsPerPage,
  });
  return {
    Data: rows.map((r) => ({
      ...toPolicySummary(r.policy, today),
      SroDeadline: r.deadline,
      SroLate: r.deadline < today,
    })),
    Total: total,
    CurrentPage: q.currentPage,
    RowsPerPage: q.rowsPerPage,
  };
};

/** RegisterPolicySro: insurer staff record the SRO protocol. */
export const registerSro = async (ctx: UserContext, b: { PolicyUniqueId: string; Protocol: string }) => {
  if (!isInsurance(ctx.user.userType)) throw notFound('Apólice não encontrada.');
  const row = await loadPolicy(ctx, { uniqueId: b.PolicyUniqueId });
  if (row.sroStatusId === 2) throw unprocessable('O registro desta apólice no SRO já foi informado.');
  const saved = await repo.updatePolicy(ctx.db, row.id, {
    sroStatusId: 2,
    sroRegisteredAt: currentTime(),
    sroProtocol: b.Protocol,
  });
  // The fallback of a registradora outage: its issuance registration is Registrada, by hand.
  await sro.registerIssuanceManually(ctx, row.id, b.Protocol);
  return toPolicySummary(saved);
};
