import type { ImportPortfolioItem } from '@aval/contracts';
import {
  brazilNoon,
  deadlineDays,
  formatDate,
  formatMoney,
  PolicyStatus,
  ProposalStatus,
  parsePolicyNumber,
  TimelineGroup,
  TimelineSituation,
  TimelineStatus,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import { AppError, type FieldError, invalidFields } from '../../lib/errors.js';
import { resolveBroker } from '../brokers/index.js';
import * as insureds from '../insureds/index.js';
import { getBranchOr404 } from '../parameterisation/index.js';
import * as policies from '../policies/index.js';
import * as policyHolders from '../policy-holders/index.js';
import { policyPartiesOf } from './issue-proposal.js';
import { recordTimeline } from './proposals.lifecycle.js';
import { modalityOf } from './proposals.modality.js';
import * as repo from './proposals.repository.js';

/**
 * ImportPortfolio (domain.md, "Importação de carteira"): the proposals and policies of the
 * insurer's earlier system, each proposal created in its final situation (it lived its life
 * elsewhere: no transition is replayed here) with one timeline entry that says so, each policy
 * as it was issued (policies.importPolicy), and the limit in use of the policies still in force
 * booked on their holders. All or nothing: every problem of every item is reported together.
 */

type Parties = {
  modality: Awaited<ReturnType<typeof modalityOf>>;
  branch: Awaited<ReturnType<typeof getBranchOr404>>;
  holder: Awaited<ReturnType<typeof policyHolders.getVisible>>;
  insured: Awaited<ReturnType<typeof insureds.getByUniqueId>>;
  broker: Awaited<ReturnType<typeof resolveBroker>>;
};

const statusOf = {
  Emitida: ProposalStatus.EMITIDA,
  Recusada: ProposalStatus.RECUSADA,
  Cancelada: ProposalStatus.CANCELADA,
} as const;

/** The lookup's record, or a field error (404 → "não encontrado") for the item. */
const found = async <T>(lookup: () => Promise<T>, errors: FieldError[], field: string) => {
  try {
    return await lookup();
  } catch (e) {
    if (e instanceof AppError && e.status === 404) {
      errors.push({ Field: field, Message: String(e.message) });
      return undefined;
    }
    throw e;
  }
};

const partiesOf = async (ctx: UserContext, item: ImportPortfolioItem, at: string, errors: FieldError[]) => {
  const modality = await found(() => modalityOf(ctx, item.ProductId), errors, `${at}.ProductId`);
  const branch = modality ? await getBranchOr404(ctx, modality.BranchId) : undefined;
  const holder = await found(
    () => policyHolders.getVisible(ctx, item.PolicyHolderUniqueId),
    errors,
    `${at}.PolicyHolderUniqueId`,
  );
  const insured = await found(
    () => insureds.getByUniqueId(ctx, item.InsuredUniqueId),
    errors,
    `${at}.InsuredUniqueId`,
  );
  const broker = await found(
    () => resolveBroker(ctx, { uniqueId: item.BrokerUniqueId }),
    errors,
    `${at}.BrokerUniqueId`,
  );
  return modality && branch && holder && insured && broker
    ? ({ modality, branch, holder, insured, broker } satisfies Parties)
    : undefined;
};

/** The item's own rules: dates in order, a policy exactly when issued, its number of its branch. */
const itemProblems = (item: ImportPortfolioItem, branchCode: string | undefined, today: string) => {
  const problems: [string, string][] = [];
  if (item.EndDate <= item.StartDate)
    problems.push(['EndDate', 'O fim de vigência deve ser depois do início.']);
  if (item.ProposalDate > today) problems.push(['ProposalDate', 'A data da proposta não pode ser futura.']);
  const p = item.Policy;
  if (item.Situation !== 'Emitida') {
    if (p) problems.push(['Policy', 'Só uma proposta emitida traz apólice.']);
    return problems;
  }
  if (!p) return [...problems, ['Policy', 'Informe a apólice da proposta emitida.'] as [string, string]];
  const parts = parsePolicyNumber(p.Number);
  if (!parts)
    problems.push([
      'Policy.Number',
      'Número de apólice inválido: ramo.ano.sequência-dígito (0776.2026.0000001-9).',
    ]);
  else if (branchCode && parts.branchCode !== branchCode)
    problems.push([
      'Policy.Number',
      `O ramo do número (${parts.branchCode}) não é o da modalidade (${branchCode}).`,
    ]);
  if (p.IssuedAt > today) problems.push(['Policy.IssuedAt', 'A data de emissão não pode ser futura.']);
  if (p.IssuedAt < item.ProposalDate)
    problems.push(['Policy.IssuedAt', 'A apólice não pode ser emitida antes da proposta.']);
  if (p.SroRegisteredAt && !p.SroProtocol)
    problems.push(['Policy.SroProtocol', 'Informe o protocolo do registro no SRO.']);
  if (p.CancelledAt) {
    if (p.CancelledAt < p.IssuedAt)
      problems.push(['Policy.CancelledAt', 'O cancelamento não pode ser anterior à emissão.']);
    if (!p.CancelReason) problems.push(['Policy.CancelReason', 'Informe o motivo do cancelamento.']);
    if (p.CancelRestitution && toDec(p.CancelRestitution).greaterThan(toDec(item.InsurancePremium)))
      problems.push([
        'Policy.CancelRestitution',
        `A restituição não pode passar do prêmio (${formatMoney(item.InsurancePremium)}).`,
      ]);
  } else if (p.CancelReason || p.CancelRestitution)
    problems.push(['Policy.CancelledAt', 'Informe a data do cancelamento.']);
  return problems;
};

/** Every item's parties, or all the problems found (numbers taken or repeated included). */
const validate = async (ctx: UserContext, items: ImportPortfolioItem[]) => {
  const errors: FieldError[] = [];
  const today = currentDay();
  const parties: (Parties | undefined)[] = [];
  for (const [i, item] of items.entries()) {
    const at = `Items[${i}]`;
    const itemParties = await partiesOf(ctx, item, at, errors);
    parties.push(itemParties);
    for (const [field, message] of itemProblems(item, itemParties?.branch.code, today))
      errors.push({ Field: `${at}.${field}`, Message: message });
  }
  const numbers = items.flatMap((item) => (item.Policy ? [item.Policy.Number] : []));
  const taken = new Set(await policies.takenPolicyNumbers(ctx, numbers));
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const n = item.Policy?.Number;
    if (!n) continue;
    if (taken.has(n) || seen.has(n))
      errors.push({ Field: `Items[${i}].Policy.Number`, Message: `A apólice nº ${n} já existe.` });
    seen.add(n);
  }
  if (errors.length) throw invalidFields(422, errors);
  return parties as Parties[];
};

/** The premium's split: net of the commission, and the commission's value. */
const premiumOf = (item: ImportPortfolioItem) => {
  const premium = toDec(item.InsurancePremium);
  const commission = premium.times(item.ComissionPercentage).dividedBy(100);
  return {
    premium: premium.toFixed(2),
    net: premium.minus(commission).toFixed(2),
    commission: commission.toFixed(2),
  };
};

/** The proposal as it ended in the earlier system, numbered by this company's counter. */
const proposalRow = async (
  ctx: UserContext,
  item: ImportPortfolioItem,
  p: Parties,
): Promise<repo.ProposalInsert> => {
  const money = premiumOf(item);
  const closedOn = item.Policy?.IssuedAt ?? item.StartDate;
  const analysed = item.Situation !== 'Cancelada';
  return {
    companyId: ctx.company.id,
    number: await repo.nextNumber(ctx.db, ctx.company.id),
    statusId: statusOf[item.Situation],
    kind: p.branch.kind === 'property' ? 'property' : 'surety',
    brokerId: p.broker.broker.id,
    brokerUniqueId: p.broker.broker.uniqueId,
    brokerName: p.broker.name,
    brokerDocument: p.broker.broker.cnpj,
    brokerSusep: p.broker.broker.susepProtocol,
    createdByUserId: ctx.user.userId,
    policyHolderId: p.holder.id,
    policyHolderUniqueId: p.holder.uniqueId,
    policyHolderName: p.holder.name,
    policyHolderDocument: p.holder.document,
    insuredId: p.insured.Id,
    insuredUniqueId: p.insured.UniqueId,
    insuredName: p.insured.Name,
    insuredDocument: p.insured.InsuredDocument,
    insuredLocationId: p.insured.Locations[0]?.Id ?? null,
    branchId: p.branch.id,
    branchCode: p.branch.code,
    modalityId: p.modality.Id,
    modalityName: p.modality.Name,
    modalityGroupId: p.modality.ModalityGroupId,
    modalityGroupName: p.modality.ModalityGroupName,
    startDate: item.StartDate,
    endDate: item.EndDate,
    deadlineDays: deadlineDays(item.StartDate, item.EndDate),
    insuredAmount: toDec(item.InsuredAmount).toFixed(2),
    insurancePremium: money.premium,
    totalPremium: money.premium,
    netPremium: money.net,
    comissionPercentage: item.ComissionPercentage,
    comissionValue: money.commission,
    firstComissionPercentage: item.ComissionPercentage,
    firstComissionValue: money.commission,
    iofValue: '0.00',
    numberOfInstallment: 1,
    analysisStartedAt: analysed ? brazilNoon(item.ProposalDate) : null,
    clockStoppedAt: brazilNoon(closedOn),
    createdAt: brazilNoon(item.ProposalDate),
    updatedAt: brazilNoon(closedOn),
  };
};

/** The policy of an issued item, as its earlier system issued it. */
const importedPolicy = (
  item: ImportPortfolioItem,
  row: repo.ProposalRow,
  policy: NonNullable<ImportPortfolioItem['Policy']>,
): policies.ImportedPolicy => ({
  number: policy.Number,
  parts: parsePolicyNumber(policy.Number)!,
  issuedOn: policy.IssuedAt,
  sroProtocol: policy.SroProtocol ?? null,
  sroRegisteredOn: policy.SroRegisteredAt ?? null,
  cancellation: policy.CancelledAt
    ? {
        on: policy.CancelledAt,
        reason: policy.CancelReason ?? null,
        restitution: policy.CancelRestitution ? toDec(policy.CancelRestitution).toFixed(2) : null,
      }
    : null,
  ...policyPartiesOf(row),
  coBrokers: [],
  objectText: item.ObjectText,
  startDate: item.StartDate,
  endDate: item.EndDate,
  deadlineDays: row.deadlineDays!,
  insuredAmount: row.insuredAmount!,
  netPremium: row.netPremium,
  insurancePremium: row.insurancePremium!,
  comissionPercentage: row.comissionPercentage,
  comissionValue: row.comissionValue,
  tax: row.tax,
  iofValue: row.iofValue,
  totalPremium: row.totalPremium!,
  numberOfInstallments: 1,
  issuedByUserId: null,
});

const importedText = (item: ImportPortfolioItem, policyNumber: string | null) =>
  `Importada do sistema anterior da seguradora: ${item.Situation.toLowerCase()}${
    policyNumber ? `, apólice nº ${policyNumber} emitida em ${formatDate(item.Policy!.IssuedAt)}` : ''
  }.`;

export const importPortfolio = async (ctx: UserContext, b: { Items: ImportPortfolioItem[] }) => {
  const parties = await validate(ctx, b.Items);
  const out: { ProposalNumber: number; PolicyNumber: string | null }[] = [];
  for (const [i, item] of b.Items.entries()) {
    const row = await repo.insertProposal(ctx.db, await proposalRow(ctx, item, parties[i]!));
    const policy = item.Policy
      ? await policies.importPolicy(ctx, importedPolicy(item, row, item.Policy))
      : undefined;
    // A policy still in force uses its holder's limit, as one issued here would.
    if (policy && policy.statusId === PolicyStatus.EMITIDA)
      await policyHolders.convertToPolicy(ctx, {
        proposalId: row.id,
        policyId: policy.id,
        policyHolderId: row.policyHolderId,
        modalityId: row.modalityId,
        amount: row.insuredAmount!,
      });
    await recordTimeline(ctx, row, {
      group: item.Policy ? TimelineGroup.EMISSAO : TimelineGroup.PROPOSTA,
      situation: item.Policy ? TimelineSituation.EMISSAO : TimelineSituation.COTACAO,
      status:
        item.Situation === 'Emitida'
          ? TimelineStatus.APROVADO
          : item.Situation === 'Recusada'
            ? TimelineStatus.RECUSADO
            : TimelineStatus.CANCELADO,
      text: importedText(item, policy?.number ?? null),
    });
    out.push({ ProposalNumber: row.number, PolicyNumber: policy?.number ?? null });
  }
  return { Proposals: out.length, Policies: out.filter((o) => o.PolicyNumber).length, Items: out };
};
