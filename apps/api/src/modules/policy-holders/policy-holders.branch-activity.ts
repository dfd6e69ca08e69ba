import type { BranchActivityCardInfo, KanbanDecision } from '@aval/contracts';
import {
  BranchActivityStatus,
  type BranchActivityStatusId,
  branchActivities,
  branchActivityStatusLabels,
  CardType,
  findBranchActivity,
  isInsurance,
  maskCnae,
  maskCpfCnpj,
  Permission,
} from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { currentTime } from '../../lib/clock.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import * as kanban from '../kanban/index.js';
import * as users from '../users/index.js';
import { record } from './policy-holders.history.js';
import * as repo from './policy-holders.repository.js';

/**
 * The policy holder's branch activity (CNAE) analysis: the RAMO_ATIVIDADE card of the cadastro
 * pipe, whose ref is the holder's UniqueId. The holder keeps the decision and the CNAE it was about;
 * a new CNAE needs a new analysis.
 */
const card = (holderUniqueId: string) => ({ cardType: CardType.RAMO_ATIVIDADE, cardRef: holderUniqueId });
const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

const isAccepted = (h: repo.PolicyHolderRow) =>
  h.branchActivityStatusId === BranchActivityStatus.ACEITO &&
  !!h.cnae &&
  digits(h.branchActivityCnae) === digits(h.cnae);

/** Whether the holder's current branch activity (CNAE) was accepted by the insurer. */
export const branchActivityAccepted = async (
  ctx: Pick<TenantContext, 'db' | 'company'>,
  policyHolderId: number,
) => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  return holder ? isAccepted(holder) : false;
};

export type BranchActivityState = { accepted: boolean; statusId: BranchActivityStatusId | null };

/**
 * For the registration validation: a holder whose CNAE is not accepted gets its analysis pending and
 * its RAMO_ATIVIDADE card opened (idempotent). A refusal of the same CNAE stands (nothing reopens).
 */
export const requestBranchActivityAnalysis = async (
  ctx: TenantContext,
  policyHolderId: number,
): Promise<BranchActivityState> => {
  const holder = await repo.findById(ctx.db, ctx.company.id, policyHolderId);
  if (!holder) throw notFound('Tomador não encontrado.');
  if (isAccepted(holder)) return { accepted: true, statusId: BranchActivityStatus.ACEITO };
  const sameCnae = digits(holder.branchActivityCnae) === digits(holder.cnae);
  if (sameCnae && holder.branchActivityStatusId === BranchActivityStatus.RECUSADO) {
    return { accepted: false, statusId: BranchActivityStatus.RECUSADO };
  }
  if (!(sameCnae && holder.branchActivityStatusId === BranchActivityStatus.PENDENTE)) {
    await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, {
      branchActivityStatusId: BranchActivityStatus.PENDENTE,
      branchActivityCnae: holder.cnae,
      branchActivityJustification: null,
      branchActivityDecidedAt: null,
      branchActivityDecidedByUserId: null,
    });
  }
  await kanban.openCard(ctx, {
    ...card(holder.uniqueId),
    cpfCnpj: holder.document,
    cardData: {
      header: holder.name,
      body: `Ramo de atividade a confirmar: ${holder.cnae ? `${maskCnae(holder.cnae)} ${holder.cnaeDescription ?? ''}`.trim() : 'CNAE não informado'} · CNPJ ${maskCpfCnpj(holder.document)}`,
      footer: null,
    },
  });
  return { accepted: false, statusId: BranchActivityStatus.PENDENTE };
};

export const listBranchActivities = () =>
  branchActivities.map((a) => ({
    Code: maskCnae(a.code),
    Description: a.description,
    Restricted: a.restricted,
  }));

const findHolder = async (ctx: UserContext, uniqueId: string) => {
  const holder = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  if (!holder) throw notFound('Tomador não encontrado.');
  return holder;
};

const toInfo = async (ctx: UserContext, h: repo.PolicyHolderRow): Promise<BranchActivityCardInfo> => {
  const names = await users.userNames(ctx, [h.branchActivityDecidedByUserId]);
  const status = h.branchActivityStatusId as BranchActivityStatusId | null;
  return {
    PolicyHolder: {
      Id: h.id,
      UniqueId: h.uniqueId,
      Name: h.name,
      TradeName: h.tradeName,
      Document: maskCpfCnpj(h.document),
      Cnae: h.cnae ? maskCnae(h.cnae) : null,
      CnaeDescription: h.cnaeDescription,
    },
    StatusId: status,
    StatusName: status ? branchActivityStatusLabels[status] : 'Não analisado',
    AnalysedCnae: h.branchActivityCnae ? maskCnae(h.branchActivityCnae) : null,
    Accepted: isAccepted(h),
    Restricted: findBranchActivity(h.cnae ?? '')?.restricted ?? false,
    Justification: h.branchActivityJustification,
    DecidedByName: (h.branchActivityDecidedByUserId && names.get(h.branchActivityDecidedByUserId)) || null,
    DecidedAt: h.branchActivityDecidedAt?.toISOString() ?? null,
    Observations: await kanban.cardObservations(ctx, CardType.RAMO_ATIVIDADE, h.uniqueId),
  };
};

/** GetCardBranchActivityInfo: the holder (card ref) with its CNAE and the analysis. */
export const branchActivityCardInfo = async (ctx: UserContext, holderUniqueId: string) =>
  toInfo(ctx, await findHolder(ctx, holderUniqueId));

const decide = async (
  ctx: UserContext,
  holder: repo.PolicyHolderRow,
  d: { accept: boolean; cnae?: string; justification?: string | null },
) => {
  const justification = d.justification?.trim() || null;
  if (!d.accept && !justification) throw unprocessable('Informe a justificativa da recusa.');
  let cnae = holder.cnae;
  let description = holder.cnaeDescription;
  if (d.cnae && digits(d.cnae) !== digits(holder.cnae)) {
    const activity = findBranchActivity(d.cnae);
    if (!activity) throw unprocessable('CNAE não encontrado entre os ramos de atividade.');
    cnae = activity.code;
    description = activity.description;
    await record(ctx, holder.id, [
      {
        field: 'Cnae',
        old: holder.cnae ? maskCnae(holder.cnae) : null,
        new: `${maskCnae(activity.code)} ${activity.description}`,
      },
    ]);
  }
  if (!cnae) throw unprocessable('Informe o CNAE do tomador.');
  const statusId = d.accept ? BranchActivityStatus.ACEITO : BranchActivityStatus.RECUSADO;
  const updated = await repo.updatePolicyHolder(ctx.db, ctx.company.id, holder.id, {
    cnae,
    cnaeDescription: description,
    branchActivityStatusId: statusId,
    branchActivityCnae: cnae,
    branchActivityJustification: justification,
    branchActivityDecidedByUserId: ctx.user.userId,
    branchActivityDecidedAt: currentTime(),
  });
  await record(ctx, holder.id, [
    {
      field: 'BranchActivity',
      old: holder.branchActivityStatusId
        ? branchActivityStatusLabels[holder.branchActivityStatusId as BranchActivityStatusId]
        : null,
      new: `${branchActivityStatusLabels[statusId]} — ${maskCnae(cnae)}${justification ? `: ${justification}` : ''}`,
    },
  ]);
  return updated;
};

/**
 * KanbanSaveBranchActivity: the analyst accepts or refuses the holder's branch activity on its
 * card (optionally choosing the right CNAE first); the card goes to Aprovado or Recusado and closes.
 */
export const saveBranchActivity = async (
  ctx: UserContext,
  body: { PolicyHolderUniqueId: string; Cnae?: string; Accept: boolean; Justification?: string | null },
) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(Permission.GERENCIAR_ESTEIRA_CADASTRO)) {
    throw forbidden('Você não tem permissão para decidir cards da esteira Cadastro.');
  }
  const holder = await findHolder(ctx, body.PolicyHolderUniqueId);
  const updated = await decide(ctx, holder, {
    accept: body.Accept,
    cnae: body.Cnae,
    justification: body.Justification,
  });
  await kanban.closeCard(ctx, { ...card(holder.uniqueId), stepName: body.Accept ? 'Aprovado' : 'Recusado' });
  return toInfo(ctx, updated);
};

/** The decision taken on a RAMO_ATIVIDADE card by moving it (approve or refuse step). */
export const applyBranchActivityCardDecision = async (ctx: UserContext, decision: KanbanDecision) => {
  const holder = await repo.findByUniqueId(ctx.db, ctx.company.id, decision.cardRef);
  if (!holder) throw notFound('Tomador não encontrado.');
  await decide(ctx, holder, {
    accept: decision.decision === 'approve',
    justification: decision.justification,
  });
  await kanban.closeCard(ctx, card(holder.uniqueId));
};

/** Who hears about an observation on a policy holder's card (RAMO_ATIVIDADE, GRUPO_ECONOMICO, QSA PEP): the holder. */
export const holderCounterpart = async (ctx: UserContext, uniqueId: string) => {
  const holder = await repo.findByUniqueId(ctx.db, ctx.company.id, uniqueId);
  return holder && { email: holder.email };
};
