import {
  CardType,
  type CardTypeValue,
  cessionPlan,
  checkRetroactivity,
  EngineExecutionType,
  formatMoney,
  toDec,
} from '@aval/domain';
import type { UserContext } from '../../context.js';
import { currentDay } from '../../lib/clock.js';
import * as brokers from '../brokers/index.js';
import * as insureds from '../insureds/index.js';
import * as pep from '../pep/index.js';
import * as policyHolders from '../policy-holders/index.js';
import * as arepo from './proposals.analysis.repository.js';
import { registrationGaps } from './proposals.approvability.js';
import { modalityOf } from './proposals.modality.js';
import type * as repo from './proposals.repository.js';

/**
 * The five validations of a proposal's automatic analysis (spec §4, domain.md §3), in their order:
 * PEP → credit → registration → subscription → reinsurance. Each reads the proposal and its
 * parties and says whether it passes, with its inputs for the engine log, or which card a person
 * works; the chain that runs them is proposals.analysis.ts.
 */
export const VALIDATIONS = [
  EngineExecutionType.PEP,
  EngineExecutionType.CREDIT_RULES,
  EngineExecutionType.REGISTRATION,
  EngineExecutionType.SUBSCRIPTION,
  EngineExecutionType.REINSURANCE,
] as const;
export type Validation = (typeof VALIDATIONS)[number];

/** What one validation found: passed or not, why, its inputs, and the card a person works. */
export type Outcome = {
  approved: boolean;
  message: string;
  inputs: Record<string, unknown>;
  /** Not approved: the card a person works (its ref: the proposal's UniqueId unless given). */
  card?: { type: CardTypeValue; ref?: string };
  /** Property proposals that need an inspection go to 9 Em Inspeção. */
  inspection?: boolean;
  cessionPlan?: Record<string, unknown>;
};

type Row = repo.ProposalRow;
const today = () => currentDay();

/** PEP: no partner of the holder or the insured, nor a responsible of the broker, on the PEP list. */
const pepValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const holderQsa = await pep.partnersOf(ctx, 'PolicyHolder', row.policyHolderId);
  const insuredQsa = row.insuredId ? await pep.partnersOf(ctx, 'Insured', row.insuredId) : [];
  const brokerPeople = await brokers.responsiblePeopleOf(ctx, row.brokerId);
  const on = today();
  const h = await pep.screen(ctx, holderQsa, on);
  const i = await pep.screen(ctx, insuredQsa, on);
  const b = await pep.screen(ctx, brokerPeople, on);
  const inputs = {
    Date: on,
    PolicyHolderPartners: holderQsa.length,
    InsuredPartners: insuredQsa.length,
    BrokerResponsibles: brokerPeople.length,
    Matches: [...h, ...i, ...b].map((m) => ({
      Name: m.name,
      Role: m.role,
      Organ: m.organ,
      EndDate: m.endDate,
    })),
  };
  const names = (l: pep.PepHit[]) => l.map((m) => `${m.name} (${m.role || 'PEP'})`).join(', ');
  if (h.length)
    return {
      approved: false,
      message: `Sócio do tomador na lista de PEP: ${names(h)}.`,
      inputs,
      card: { type: CardType.TOMADOR_QSA_PEP, ref: row.policyHolderUniqueId },
    };
  if (i.length)
    return {
      approved: false,
      message: `Sócio do segurado na lista de PEP: ${names(i)}.`,
      inputs,
      card: { type: CardType.SEGURADO_QSA_PEP },
    };
  if (b.length)
    return {
      approved: false,
      message: `Responsável da corretora na lista de PEP: ${names(b)}.`,
      inputs,
      card: { type: CardType.CORRETORA_PEP, ref: row.brokerUniqueId },
    };
  return { approved: true, message: 'Nenhuma pessoa politicamente exposta encontrada.', inputs };
};

/** Credit: the insured amount within the holder's (and its group's) available limit, with a rate. */
const creditValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const is = toDec(row.insuredAmount ?? '0');
  // Property insurance has no tomador whose credit backs a guarantee: its risk is rated by the
  // CNAE and weighed by subscription (inspection), not against a surety limit.
  if (row.kind === 'property')
    return {
      approved: true,
      message: 'Seguro patrimonial: sem limite de crédito de tomador a verificar (risco taxado pelo CNAE).',
      inputs: { InsuredAmount: is.toFixed(2), Property: true },
    };
  const credit = await policyHolders.creditForProposal(ctx, row.policyHolderId, row.modalityId);
  const own = toDec(await policyHolders.proposalReserved(ctx, row.id));
  const l = credit?.limits;
  const available = toDec(l?.Global.Available ?? '0').add(own);
  const group = l?.EconomicGroup ?? null;
  const groupAvailable = group ? toDec(group.Available).add(own) : null;
  const inputs = {
    InsuredAmount: is.toFixed(2),
    Limit: l?.Global.Limit ?? '0.00',
    Used: l?.Global.Used ?? '0.00',
    Available: available.toFixed(2),
    EconomicGroup: group
      ? { Name: group.Name, Limit: group.Limit, Available: groupAvailable!.toFixed(2) }
      : null,
    Rate: credit?.rate ?? null,
  };
  if (is.greaterThan(available))
    return {
      approved: false,
      message: `Importância segurada de ${formatMoney(is)} acima do limite disponível do tomador (${formatMoney(available)}).`,
      inputs,
      card: { type: CardType.REQUEST_LIMIT },
    };
  if (groupAvailable && is.greaterThan(groupAvailable))
    return {
      approved: false,
      message: `Importância segurada de ${formatMoney(is)} acima do limite disponível do grupo econômico ${group!.Name} (${formatMoney(groupAvailable)}).`,
      inputs,
      card: { type: CardType.GRUPO_ECONOMICO },
    };
  if (!credit?.rate)
    return {
      approved: false,
      message: 'O tomador não tem taxa para esta modalidade.',
      inputs,
      card: { type: CardType.REQUEST_LIMIT },
    };
  return { approved: true, message: `Dentro do limite disponível (${formatMoney(available)}).`, inputs };
};

/** Registration: the holder and the insured complete, documents conformes, branch activity accepted. */
const registrationValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const { holder, notConforme, missing } = await registrationGaps(ctx, row);
  const branchAccepted =
    !!holder && holder.branchActivityStatusId === 2 && holder.branchActivityCnae === holder.cnae;
  const inputs = {
    PolicyHolderComplete: !missing.some((m) => m.includes('tomador')),
    InsuredComplete: !missing.some((m) => m.includes('segurado')),
    RequiredDocumentsNotConforme: notConforme,
    BranchActivityCnae: holder?.cnae ?? null,
    BranchActivityStatusId: holder?.branchActivityStatusId ?? null,
  };
  if (missing.length)
    return {
      approved: false,
      message: `Cadastro pendente: ${missing.join('; ')}.`,
      inputs,
      card: { type: CardType.ANALISE_CCG },
    };
  if (!branchAccepted)
    return {
      approved: false,
      message: `Ramo de atividade (CNAE ${holder?.cnae ?? '-'}) do tomador ainda não aceito.`,
      inputs,
      card: { type: CardType.RAMO_ATIVIDADE, ref: row.policyHolderUniqueId },
    };
  return {
    approved: true,
    message: 'Cadastro do tomador e do segurado completo e documentos conformes.',
    inputs,
  };
};

/** Subscription: within the modality's automatic approval limit and retroactivity (property: inspection). */
const subscriptionValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const modality = await modalityOf(ctx, row.modalityId);
  const is = toDec(row.insuredAmount ?? '0');
  const limit = modality.AutomaticApprovalLimit ? toDec(modality.AutomaticApprovalLimit) : null;
  const retro = row.startDate
    ? checkRetroactivity({
        startDate: row.startDate,
        today: today(),
        retroactiveDays: modality.RetroactiveDays,
        futureDays: modality.FutureDays,
      })
    : undefined;
  const inputs = {
    InsuredAmount: is.toFixed(2),
    AutomaticApprovalLimit: limit?.toFixed(2) ?? null,
    StartDate: row.startDate,
    RetroactiveDays: retro?.retroactiveDays ?? 0,
    AllowedRetroactiveDays: modality.RetroactiveDays,
    Property: row.kind === 'property',
  };
  const overLimit = limit !== null && is.greaterThan(limit);
  if (overLimit && row.kind === 'property')
    return {
      approved: false,
      message: `Risco patrimonial de ${formatMoney(is)} acima do limite de aprovação automática (${formatMoney(limit!)}): vistoria necessária.`,
      inputs,
      card: { type: CardType.PROPOSTA_INSPECAO },
      inspection: true,
    };
  const reasons: string[] = [];
  if (overLimit)
    reasons.push(
      `importância segurada de ${formatMoney(is)} acima do limite de aprovação automática da modalidade (${formatMoney(limit!)})`,
    );
  if (retro?.message) reasons.push(retro.message.replace(/\.$/, ''));
  if (reasons.length)
    return {
      approved: false,
      message: `Subscrição manual: ${reasons.join('; ')}.`,
      inputs,
      card: { type: CardType.PROPOSTA_SUBSCRICAO },
    };
  return { approved: true, message: 'Dentro da alçada de aprovação automática da modalidade.', inputs };
};

/** Reinsurance: within the branch's retention, or the cession plan a person arranges. */
const reinsuranceValidation = async (ctx: UserContext, row: Row): Promise<Outcome> => {
  const retention = await arepo.retentionFor(ctx.db, ctx.company.id, row.branchId);
  const is = row.insuredAmount ?? '0';
  if (!retention)
    return {
      approved: true,
      message: 'Sem limite de retenção configurado para o ramo: risco retido.',
      inputs: { InsuredAmount: toDec(is).toFixed(2), Retention: null },
    };
  const plan = cessionPlan(is, retention);
  const inputs = { ...plan };
  if (plan.needsCession)
    return {
      approved: false,
      message: `Importância segurada acima da retenção (${formatMoney(plan.retention)}): cessão de ${formatMoney(plan.ceded)}, ao menos ${formatMoney(plan.localOffered)} oferecidos a resseguradores locais, no máximo ${formatMoney(plan.eventualMax)} a eventuais.`,
      inputs,
      card: { type: CardType.PROPOSTA },
      cessionPlan: plan,
    };
  return { approved: true, message: `Dentro da retenção (${formatMoney(plan.retention)}).`, inputs };
};

/** Each validation by its engine type. */
export const validators: Record<Validation, (ctx: UserContext, row: Row) => Promise<Outcome>> = {
  9: pepValidation,
  3: creditValidation,
  8: registrationValidation,
  6: subscriptionValidation,
  5: reinsuranceValidation,
};

/** A blocked or restrictive-blocked policy holder, or a blocked insured, rejects the proposal (97). */
export const blockingReason = async (ctx: UserContext, row: Row) => {
  const holder = await policyHolders.findHolderById(ctx, row.policyHolderId);
  if (holder?.isBlocked) return 'Tomador bloqueado.';
  if (holder?.isRestrictiveBlocked) return 'Tomador com bloqueio restritivo.';
  if (row.insuredId && (await insureds.getInsuredById(ctx, row.insuredId)).IsBlocked)
    return 'Segurado bloqueado.';
  return undefined;
};
