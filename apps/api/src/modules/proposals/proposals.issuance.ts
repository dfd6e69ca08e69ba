import type { IssuanceView } from '@aval/contracts';
import {
  addDays,
  engineExecutionTypeLabels,
  htmlToText,
  InstallmentStatus,
  isInsurance,
  Permission as P,
  splitInstallments,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  timelineSituationLabels,
  timelineStatusLabels,
  toDec,
  todayInBrazil,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, invalidFields, notFound, unprocessable } from '../../lib/errors.js';
import { hasAny } from '../../lib/permissions.js';
import * as brokers from '../brokers/index.js';
import * as history from '../change-history/index.js';
import * as documents from '../documents/index.js';
import * as insureds from '../insureds/index.js';
import { getModality } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as users from '../users/index.js';
import {
  assertCanWrite,
  assertVersion,
  isMainBroker,
  load,
  ownerOfRow,
  proposalHistory,
} from './proposals.access.js';
import { transitionProposal } from './proposals.lifecycle.js';
import * as repo from './proposals.repository.js';
import { statusName } from './proposals.view.js';
import { renderedTermsOf } from './proposals.workflow.js';

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
const notConforme = async (ctx: UserContext, row: repo.ProposalRow) =>
  (await documents.listDocuments(ctx, ownerOfRow(row))).filter(
    (d) => d.IsRequired && !d.IsDeleted && d.StatusId !== 1,
  );

/** Every issuance transition: timeline entry (group Emissão) and an e-mail to the main broker. */
const transition = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  to: 3 | 4 | 5 | 99,
  entry: { status: number; description: string; subject: string; body: string },
) => {
  const saved = await transitionProposal(ctx, row, to, {
    group: TimelineGroup.EMISSAO,
    situation: TimelineSituation.EMISSAO,
    status: entry.status,
    text: entry.description,
  });
  await notifyBroker(ctx, saved, entry.subject, entry.body);
  return saved;
};

const notifyBroker = async (ctx: UserContext, row: repo.ProposalRow, subject: string, body: string) => {
  if (!ctx.platform?.jobs) return; // the demo seed runs without a platform: no e-mail
  const broker = await brokers.findBroker(ctx, row.brokerId);
  if (!broker?.broker.email) return;
  await ctx.platform.jobs.send(
    ctx.platform.queues.sendMail,
    {
      to: broker.broker.email,
      subject: `${ctx.company.name} – proposta nº ${row.number}: ${subject}`,
      text: `Olá, ${broker.name}.\n\n${body}\n\nProposta nº ${row.number} – ${row.modalityName}\nTomador: ${row.policyHolderName}\nSegurado: ${row.insuredName ?? '—'}\nSituação: ${statusName(row)}\n\n${ctx.company.name}`,
    },
    { tx: ctx.db },
  );
};

// ---------------------------------------------------------------- view

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

export const getIssuance = async (ctx: UserContext, uniqueId: string) =>
  issuanceView(ctx, await load(ctx, uniqueId));

// ---------------------------------------------------------------- 7 → 3

export const requestIssuance = async (
  ctx: UserContext,
  b: {
    ProposalUniqueId: string;
    Version?: number;
    IgnoreCCGSignature?: boolean;
    CcgWaiverJustification?: string;
  },
) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, b.Version);
  if (row.statusId !== 7) throw unprocessable('Só uma proposta aprovada pode ser enviada à emissão.');
  const ccg = await policyHolders.ccgSignatureState(ctx, row.policyHolderId);
  let ignoredNow = false;
  if (!ccg.signed && !ccg.ignored) {
    if (!b.IgnoreCCGSignature) throw unprocessable('O CCG do tomador ainda não foi assinado.');
    if (!isInsurance(ctx.user.userType) || !hasAny(ctx, P.IGNORAR_ASSINATURA_DE_CCG))
      throw forbidden('Só quem tem a permissão de ignorar a assinatura do CCG pode dispensá-la.');
    if (!b.CcgWaiverJustification?.trim())
      throw invalidFields(422, [
        { Field: 'CcgWaiverJustification', Message: 'Justifique a dispensa da assinatura do CCG.' },
      ]);
    ignoredNow = true;
  }
  const pending = await notConforme(ctx, row);
  if (pending.length)
    throw unprocessable(
      `Há documentos obrigatórios da proposta que não estão conformes: ${pending.map((d) => d.Name).join(', ')}.`,
    );
  const ccgText = ccg.signed
    ? 'CCG assinado'
    : ccg.ignored
      ? 'assinatura do CCG dispensada no tomador'
      : `assinatura do CCG dispensada (permissão 17): “${b.CcgWaiverJustification!.trim()}”`;
  const saved = await transition(ctx, row, 3, {
    status: ignoredNow ? TimelineStatus.SEGURADORA : TimelineStatus.APROVADO,
    description: `Enviada à emissão: ${ccgText} e documentos obrigatórios conformes.`,
    subject: 'enviada à emissão',
    body: `A proposta foi enviada à emissão (${ccgText}). ${issueBeforePaymentReason(row) ?? 'A apólice é emitida após o pagamento do boleto.'}`,
  });
  return issuanceView(ctx, saved);
};

// ---------------------------------------------------------------- 3 → 4 / 5

/** Due dates: the first after the grace period (at least 5 days), then every 30 days. */
const schedule = (row: repo.ProposalRow, today: string) => {
  const total = row.totalPremium ?? row.insurancePremium;
  if (!total) throw unprocessable('Calcule o prêmio antes de emitir a proposta.');
  const first = Math.max(5, row.gracePeriod ?? 0);
  return splitInstallments(total, Math.max(1, row.numberOfInstallment ?? 1)).map((i) => ({
    number: i.Number,
    amount: i.Value,
    dueDate: addDays(today, first + 30 * (i.Number - 1)),
  }));
};

const slipFor = (ctx: UserContext, row: repo.ProposalRow) => ({
  beneficiary: policies.insurerProfile(ctx.company),
  payer: { name: row.policyHolderName, document: row.policyHolderDocument },
  proposalNumber: row.number,
  description: `Seguro garantia – ${row.modalityName}`,
});

export const issueProposal = async (ctx: UserContext, b: { ProposalUniqueId: string; Version?: number }) => {
  const row = await load(ctx, b.ProposalUniqueId);
  await assertCanWrite(ctx, row);
  assertVersion(row, b.Version);
  if (row.statusId !== 3) throw unprocessable('Só uma proposta aguardando emissão pode ser emitida.');
  if (!row.startDate || !row.endDate || !row.insuredAmount || !row.deadlineDays)
    throw unprocessable('A proposta não tem vigência e importância segurada completas.');
  const items = schedule(row, todayInBrazil());
  if ((await policies.installmentsOf(ctx, row.id)).length === 0)
    await policies.createInstallments(ctx, {
      proposalId: row.id,
      items,
      slip: slipFor(ctx, row),
      render: Boolean(ctx.platform?.blobs),
    });
  const reason = issueBeforePaymentReason(row);
  if (reason) return issuanceView(ctx, await issueNow(ctx, row, reason));
  const first = items[0]!;
  const saved = await transition(ctx, row, 4, {
    status: TimelineStatus.CORRETOR,
    description: `Boletos gerados (${items.length} parcela${items.length > 1 ? 's' : ''}); a apólice é emitida com o pagamento da primeira, vencimento ${first.dueDate.split('-').reverse().join('/')}.`,
    subject: 'aguardando pagamento do boleto',
    body: `Os boletos da proposta foram gerados. A apólice é emitida quando o pagamento da primeira parcela (vencimento ${first.dueDate.split('-').reverse().join('/')}) for confirmado. Baixe os boletos no detalhe da proposta.`,
  });
  return issuanceView(ctx, saved);
};

/** The policy's contract data (also the minuta's, without number). */
const contractData = async (
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
      ? {
          name: insured.Name,
          document: insured.InsuredDocument,
          address: location
            ? {
                street: location.AddressName,
                number: location.Number,
                district: location.Neighborhood,
                city: location.CityName,
                state: location.StateCode,
                zipCode: location.ZipCode,
              }
            : null,
        }
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

/** 3/4 → 5: the policy is born (number, PDF, SRO deadline), the ledger books its IS. */
const issueNow = async (
  ctx: UserContext,
  row: repo.ProposalRow,
  how: string,
  render = Boolean(ctx.platform?.blobs),
) => {
  const existing = await policies.policyOfProposal(ctx, row.id);
  if (existing) throw unprocessable('A proposta já tem apólice emitida.');
  const children = await repo.childrenOf(ctx.db, row.id);
  const policy = await policies.createPolicy(ctx, {
    proposalId: row.id,
    proposalUniqueId: row.uniqueId,
    proposalNumber: row.number,
    branchCode: row.branchCode,
    branchId: row.branchId,
    modalityId: row.modalityId,
    modalityName: row.modalityName,
    modalityGroupName: row.modalityGroupName,
    policyHolderId: row.policyHolderId,
    policyHolderUniqueId: row.policyHolderUniqueId,
    policyHolderName: row.policyHolderName,
    policyHolderDocument: row.policyHolderDocument,
    insuredId: row.insuredId,
    insuredUniqueId: row.insuredUniqueId,
    insuredName: row.insuredName,
    insuredDocument: row.insuredDocument,
    brokerId: row.brokerId,
    brokerName: row.brokerName,
    brokerDocument: row.brokerDocument,
    brokerSusep: row.brokerSusep,
    coBrokers: children.coBrokers.map((c) => ({
      BrokerId: c.brokerId,
      Name: c.name,
      Document: c.document,
      SUSEP: c.susep,
      Leader: c.leader,
      Participation: c.participation,
    })),
    objectText: children.objects.map((o) => o.description).join('\n'),
    startDate: row.startDate!,
    endDate: row.endDate!,
    deadlineDays: row.deadlineDays!,
    insuredAmount: row.insuredAmount!,
    netPremium: row.netPremium,
    insurancePremium: row.insurancePremium ?? row.totalPremium ?? '0',
    comissionPercentage: row.comissionPercentage,
    comissionValue: row.comissionValue,
    tax: row.tax,
    iofValue: row.iofValue,
    totalPremium: row.totalPremium ?? row.insurancePremium ?? '0',
    numberOfInstallments: Math.max(1, row.numberOfInstallment ?? 1),
    issuedByUserId: ctx.user.userId || null,
  });
  const withDoc = render
    ? await policies.attachPolicyDocument(
        ctx,
        policy,
        await policies.renderContractDocument(await contractData(ctx, row, policy)),
      )
    : policy;
  await policyHolders.convertToPolicy(ctx, {
    proposalId: row.id,
    policyId: policy.id,
    policyHolderId: row.policyHolderId,
    modalityId: row.modalityId,
    amount: row.insuredAmount!,
  });
  return transition(ctx, row, 5, {
    status: TimelineStatus.APROVADO,
    description: `Apólice nº ${withDoc.number} emitida (${how}). Registro no SRO até ${withDoc.sroDeadline.split('-').reverse().join('/')}.`,
    subject: `apólice nº ${withDoc.number} emitida`,
    body: `A apólice nº ${withDoc.number} foi emitida (${how}). O PDF da apólice está no detalhe da proposta.`,
  });
};

// ---------------------------------------------------------------- payments

const paidOn = (day: string | undefined) => (day ? new Date(`${day}T12:00:00-03:00`) : new Date());

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

// ---------------------------------------------------------------- automatic cancel (99)

/**
 * Proposals in 4 whose first boleto is unpaid more than the modality's DaysAfterDueDate after its
 * due date (modalities with AutomaticCancel) are cancelled (99): installments cancelled, the ledger
 * reservation released, timeline and e-mail. Runs daily (issuance.jobs.ts) for each company.
 */
export const cancelUnpaid = async (ctx: UserContext, today = todayInBrazil()) => {
  const cancelled: number[] = [];
  for (const installment of await policies.overdueFirstInstallments(ctx, today)) {
    const row = await repo.findProposal(
      ctx.db,
      ctx.company.id,
      { id: installment.proposalId },
      { all: true },
    );
    if (row?.statusId !== 4) continue;
    const modality = await getModality(ctx, row.modalityId);
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

// ---------------------------------------------------------------- documents

const assertPriced = (row: repo.ProposalRow) => {
  if (!row.startDate || !row.endDate || !row.insuredAmount || !row.deadlineDays || !row.insurancePremium)
    throw unprocessable(
      'Calcule o prêmio da proposta (vigência e importância segurada) antes de gerar a minuta.',
    );
};

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

export const downloadBankSlips = async (ctx: UserContext, uniqueId: string) => {
  const row = await load(ctx, uniqueId);
  const installments = await policies.installmentsOf(ctx, row.id);
  if (installments.length === 0) throw notFound('A proposta ainda não tem boletos.');
  const LinksToDownload = [];
  for (const i of installments) {
    const archiveId = await policies.ensureSlipDocument(ctx, i, slipFor(ctx, row), installments.length);
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
    insurer: policies.insurerProfile(ctx.company),
    proposalNumber: visible.number,
    statusLabel: statusName(visible),
    policyNumber: policy?.number ?? null,
    modality: visible.modalityName,
    policyHolder: visible.policyHolderName,
    insured: visible.insuredName,
    broker: visible.brokerName,
    insuredAmount: visible.insuredAmount,
    premium: visible.insurancePremium,
    generatedAt: new Date(),
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
 * The PDF of an issued policy from its proposal (the policies module's renderer, wiring.ts:
 * a policy without its PDF, e.g. a seeded one, gets it on first download or authenticity check).
 */
export const renderPolicyDocument = async (ctx: UserContext, policy: policies.PolicyRow) => {
  const row = await repo.findProposal(ctx.db, ctx.company.id, { id: policy.proposalId }, { all: true });
  if (!row) throw notFound('Proposta da apólice não encontrada.');
  return policies.renderContractDocument(await contractData(ctx, row, policy));
};
