import {
  addDays,
  EndorsementType,
  type EndorsementTypeId,
  endorsementReasons,
  endorsementTypeNames,
  renderTags,
  type TagContext,
  type TagParty,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { onOrAfterBusinessDay } from '../../lib/business-days.js';
import { currentDay, currentTime } from '../../lib/clock.js';
import * as files from '../files/index.js';
import { type InsurerProfile, insurerAsIssued, tagPartyOf } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as repo from './endorsements.repository.js';
import type { EndorsementTerms } from './endorsements.table.js';
import { shownTerm } from './endorsements.terms.js';

type Row = repo.EndorsementRow;
type Policy = policies.PolicyRow;
type Ctx = Pick<UserContext, 'db' | 'company' | 'platform' | 'user'>;

/**
 * The endorsement texts (spec: endorsement tags TAG_* plus NR_APOLICE), filled by renderTags of
 * @aval/domain like the policy's contractual terms.
 */
export const endorsementTemplates = {
  change:
    'Pelo presente [TAG_NUMERO_ENDOSSO_EXT] endosso à apólice nº [NR_APOLICE], modalidade [TAG_MODALIDADE], em que figuram como tomador [TAG_TOMADOR] e como segurado [TAG_SEGURADO], a seguradora registra, por motivo de [TAG_MOTIVO_ENDOSSO], as alterações acima: a importância segurada, antes de [TAG_IS_ANTERIOR], passa a ser de [TAG_IS_NOVA], com vigência de [TAG_INI_VIGENCIA] a [TAG_FIM_VIGENCIA], para o objeto:\n[TAG_LISTA_OBJETOS]',
  cancellation:
    'Pelo presente [TAG_NUMERO_ENDOSSO_EXT] endosso, por motivo de [TAG_MOTIVO_ENDOSSO], fica cancelada a apólice nº [NR_APOLICE], modalidade [TAG_MODALIDADE], em que figuram como tomador [TAG_TOMADOR] e como segurado [TAG_SEGURADO], de importância segurada [TAG_IS_ANTERIOR] e vigência de [TAG_INI_VIGENCIA] a [TAG_FIM_VIGENCIA], cessando a garantia na data de efeito deste endosso para o objeto:\n[TAG_LISTA_OBJETOS]',
} as const;

/** What the endorsement tags read: the endorsement's terms, its policy and the insurer. */
export const endorsementTagContext = (insurer: TagParty, row: Row, policy: Policy): TagContext => ({
  policyNumber: policy.number,
  modality: policy.modalityName,
  policyHolder: { name: policy.policyHolderName, document: policy.policyHolderDocument },
  insured: policy.insuredName ? { name: policy.insuredName, document: policy.insuredDocument } : null,
  insurer,
  endorsement: {
    reason: endorsementReasons.find((r) => r.id === row.reasonId)?.name ?? null,
    sequence: row.number,
    policyHolderName: row.after.PolicyHolderName,
    insuredName: row.after.InsuredName,
    startDate: row.after.StartDate,
    endDate: row.after.EndDate,
    oldInsuredAmount: row.before.InsuredAmountValue,
    newInsuredAmount: row.after.InsuredAmountValue,
    modality: policy.modalityName,
    objects: row.after.Object.split('\n'),
  },
});

const changedTerms = (row: Row) =>
  (Object.keys(row.after) as (keyof EndorsementTerms)[])
    .filter((k) => String(row.before[k] ?? '') !== String(row.after[k] ?? ''))
    .map((k) => ({ field: k, old: row.before[k], new: row.after[k] }));

/** The document's data (exported for the tests' sake: the text carries every tag filled). */
export const endorsementDocumentData = (
  insurer: InsurerProfile,
  row: Row,
  policy: Policy,
  installments: policies.InstallmentRow[],
  changeLabels: Record<string, string>,
): policies.EndorsementDocumentData => {
  const cancellation = row.typeId === EndorsementType.CANCELAMENTO;
  const rendered = renderTags(
    cancellation ? endorsementTemplates.cancellation : endorsementTemplates.change,
    endorsementTagContext(tagPartyOf(insurer), row, policy),
  );
  return {
    insurer,
    branchCode: policy.branchCode,
    policyNumber: policy.number,
    proposalNumber: policy.proposalNumber,
    endorsementNumber: row.number,
    kind: cancellation ? 'cancellation' : 'change',
    typeName: endorsementTypeNames[row.typeId as EndorsementTypeId] ?? String(row.typeId),
    reason: endorsementReasons.find((r) => r.id === row.reasonId)?.name ?? String(row.reasonId),
    issuedAt: row.decidedAt ?? currentTime(),
    modality: policy.modalityName,
    modalityGroup: policy.modalityGroupName,
    // Addresses as the policy recorded them when it was issued (its printed terms).
    policyHolder: {
      name: row.after.PolicyHolderName,
      document: policy.policyHolderDocument,
      address: policy.issuedTerms?.policyHolder.address ?? null,
    },
    insured: row.after.InsuredName
      ? {
          name: row.after.InsuredName,
          document: policy.insuredDocument ?? '',
          address: policy.issuedTerms?.insured?.address ?? null,
        }
      : null,
    brokers: policy.issuedTerms?.brokers ?? [{ name: policy.brokerName, susep: policy.brokerSusep }],
    effectiveDate: row.effectiveDate,
    startDate: row.after.StartDate,
    endDate: row.after.EndDate,
    insuredAmount: row.after.InsuredAmountValue,
    changes: cancellation
      ? [{ label: 'Situação da apólice', oldValue: 'Emitida', newValue: 'Cancelada' }]
      : changedTerms(row).map((c) => ({
          label: changeLabels[c.field] ?? c.field,
          oldValue: shownTerm(c.field, c.old === null ? null : String(c.old)),
          newValue: shownTerm(c.field, c.new === null ? null : String(c.new)),
        })),
    premium: {
      kind: row.premiumKind as 'extra' | 'restitution' | 'none',
      extraPremium: row.extraPremium,
      iofValue: row.iofValue,
      restitution: row.restitution,
      newInsurancePremium: row.newInsurancePremium,
    },
    installments: installments.map((i) => ({
      number: i.number,
      dueDate: i.dueDate,
      amount: i.amount,
      digitableLine: i.digitableLine,
    })),
    text: rendered.text,
    verificationUrl: null,
  };
};

/** Days from approval to the due date of an extra premium's boleto (then the next business day). */
export const EXTRA_PREMIUM_DUE_DAYS = 5;

const slipOf = (row: Row, policy: Policy) => ({
  branchCode: policy.branchCode,
  payer: {
    name: policy.policyHolderName,
    document: policy.policyHolderDocument,
    address: policy.issuedTerms?.policyHolder.address ?? null,
  },
  proposalNumber: policy.proposalNumber,
  description: `Prêmio adicional do endosso ${row.number} da apólice ${policy.number}`,
  instructions: `Prêmio adicional do endosso nº ${row.number} da apólice nº ${policy.number} (seguro garantia – ${policy.modalityName}). A falta de pagamento não cancela a garantia do segurado (Circular SUSEP nº 662/2022): o prêmio devido é cobrado do tomador. Não receber após o vencimento sem consultar a seguradora.`,
  fileStem: `endosso-${policy.number}-${row.number}`,
});

/** The amount an extra premium charges: the premium difference plus its IOF; 0 otherwise. */
export const extraPremiumDue = (row: Pick<Row, 'premiumKind' | 'extraPremium' | 'iofValue'>) =>
  row.premiumKind === 'extra' ? toDec(row.extraPremium).plus(toDec(row.iofValue)) : toDec(0);

/**
 * On approval, inside its transaction: the boleto of an extra premium (one, through the policy's
 * BankSlipProvider: our number, barcode and linha digitável), booked with the approval. Its PDF
 * is not rendered here: its first download renders it (slipDocument).
 * Idempotent: an endorsement that has its boleto keeps it.
 */
export const issueExtraPremiumSlips = async (ctx: Ctx, row: Row, policy: Policy) => {
  const slips = await policies.installmentsOfEndorsements(ctx, [row.id]);
  const due = extraPremiumDue(row);
  if (slips.length > 0 || !due.greaterThan(0)) return slips;
  return policies.createInstallments(ctx, {
    proposalId: policy.proposalId,
    endorsement: { id: row.id, policyId: policy.id },
    items: [
      {
        number: 1,
        dueDate: onOrAfterBusinessDay(addDays(currentDay(), EXTRA_PREMIUM_DUE_DAYS)),
        amount: due.toFixed(2),
      },
    ],
    slip: slipOf(row, policy),
  });
};

/**
 * After approval (the documents job, or the first download): the endorsement PDF, with the
 * boleto lines of its extra premium, stored with its SHA-256 (the boletos' PDFs are rendered on
 * their first download, slipDocument, as an issuance's are). The
 * endorsement's PDF is rendered before its row is locked (calls on it wait only while it is
 * stored); then the row is locked (FOR UPDATE) and read again, so the job and a download racing
 * it store one PDF (the later one drops its render). Idempotent: what exists is kept.
 */
export const ensureEndorsementDocuments = async (
  ctx: Ctx,
  row: Row,
  policy: Policy,
  changeLabels: Record<string, string>,
) => {
  const render = async (r: Row, slips: Awaited<ReturnType<typeof policies.installmentsOfEndorsements>>) =>
    policies.renderEndorsementDocument({
      ...endorsementDocumentData(
        await insurerAsIssued(ctx, r.issuedInsurer, policy.branchCode),
        r,
        policy,
        slips,
        changeLabels,
      ),
      verificationUrl: await policies.verificationUrl(ctx, policy),
    });
  const early = row.documentArchiveId
    ? undefined
    : await render(row, await policies.installmentsOfEndorsements(ctx, [row.id]));
  const locked = (await repo.lockById(ctx.db, ctx.company.id, row.id)) ?? row;
  if (locked.documentArchiveId) return locked;
  const current = early && locked.updatedAt.getTime() === row.updatedAt.getTime();
  const stored = await files.storeGeneratedFile(ctx, {
    name: policies.endorsementFileName(policy.number, locked.number),
    extension: 'pdf',
    contentType: 'application/pdf',
    data: current ? early : await render(locked, await policies.installmentsOfEndorsements(ctx, [locked.id])),
  });
  return repo.updateEndorsement(ctx.db, ctx.company.id, locked.id, {
    documentArchiveId: stored.id,
    documentSha256: stored.sha256,
  });
};

/** The boleto PDF of an endorsement's installment (rendered on its first download). */
export const slipDocument = async (ctx: Ctx, row: Row, policy: Policy, number: number) => {
  // Another download may be rendering it: wait for it (one stored PDF per boleto).
  await repo.lockById(ctx.db, ctx.company.id, row.id);
  const slips = await policies.installmentsOfEndorsements(ctx, [row.id]);
  const slip = slips.find((s) => s.number === number);
  if (!slip) return undefined;
  return policies.ensureSlipDocument(ctx, slip, slipOf(row, policy), slips.length);
};
