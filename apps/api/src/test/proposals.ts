import {
  getProposalByUniqueId,
  insertContractualTerm,
  updateCalculateFinancialData,
  updateProposal,
} from '@aval/contracts';
import { addDays, Permission, todayInBrazil, UserType } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { modalities } from '../modules/parameterisation/parameterisation.table.js';
import {
  policyHolderCcgs,
  policyHolderLimits,
  policyHolderNominations,
} from '../modules/policy-holders/policy-holders.table.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { users } from '../modules/users/users.table.js';
import type { Caller } from './call.js';
import { createInsured, createModality, createPolicyHolder } from './factories.js';
import { demoUser, type TestApp } from './harness.js';

/** Brasília's calendar day, as the server's (a UTC date runs ahead after 21:00 there). */
export const today = () => todayInBrazil();
export const inDays = (n: number) => addDays(today(), n);

/** brokers.id of a demo broker user of company 54. */
export const demoBrokerId = async (
  t: TestApp,
  local: 'corretor' | 'corretor2' = 'corretor',
  company = 54,
) => {
  const [u] = await t.database.db
    .select({ brokerId: users.brokerId })
    .from(users)
    .where(and(eq(users.companyId, company), eq(users.username, demoUser(local, company))));
  if (!u?.brokerId) throw new Error(`${local} has no brokerage`);
  return u.brokerId;
};

/**
 * What a quote needs: a 0776 modality (commission 0-30 %) with its special conditions (a policy is
 * not issued without conditions), a policy holder with a 2 % rate for it, a global limit of
 * R$ 5.000.000,00 and an approved nomination of the demo broker, and an insured. In company 54
 * unless `companyId` (a demo company or one a test installed, with its `brokerId`).
 */
export const quoteSetup = async (
  t: TestApp,
  options: {
    modality?: Partial<typeof modalities.$inferInsert>;
    rate?: string | null;
    /** The modality's branch (default 0776; NamedRisk for a property quote). */
    branchCode?: string;
    companyId?: number;
    /** The nominated brokerage (default: the demo broker's of company 54). */
    brokerId?: number;
  } = {},
) => {
  const companyId = options.companyId ?? 54;
  const modality = await createModality(t, {
    companyId,
    ...(options.branchCode ? { branchCode: options.branchCode } : {}),
  });
  await t.database.db
    .update(modalities)
    .set({
      futureDays: 30,
      retroactiveDays: 0,
      minCommissionPercentage: '0',
      maxCommissionPercentage: '30',
      ...options.modality,
    })
    .where(eq(modalities.id, modality.Id));
  await t.data(insertContractualTerm, {
    as: { cid: companyId, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] },
    body: {
      TermType: 2,
      ModalityId: modality.Id,
      Title: 'Condições Especiais - Modalidade de teste',
      Text: '<p>A [SEGURADORA] garante ao [SEGURADO] as obrigações do [TOMADOR] até [VALOR_IS].</p>',
    },
  });
  const holder = await createPolicyHolder(t, { companyId });
  await t.database.db
    .insert(policyHolderLimits)
    .values([
      { companyId, policyHolderId: holder.id, modalityId: null, limitAmount: '5000000.00', rating: 'A' },
      ...(options.rate === null
        ? []
        : [{ companyId, policyHolderId: holder.id, modalityId: modality.Id, rate: options.rate ?? '2' }]),
    ]);
  const brokerId = options.brokerId ?? (await demoBrokerId(t));
  await t.database.db
    .insert(policyHolderNominations)
    .values({ companyId, policyHolderId: holder.id, brokerId, statusId: 2, decidedAt: new Date() });
  const insured = await createInsured(
    t,
    companyId === 54
      ? {}
      : { as: { cid: companyId, utp: UserType.INSURANCE, prm: [Permission.GERENCIAR_SEGURADOS] } },
  );
  return { modality, holder, insured, brokerId };
};

export type QuoteSetup = Awaited<ReturnType<typeof quoteSetup>>;

/** A draft (status 8) by the demo broker: IS R$ 100.000,00 for 365 days from today. */
export const createDraft = async (t: TestApp, s: QuoteSetup, as: Caller = 'corretor', extra = {}) =>
  t.data(updateProposal, {
    as,
    body: {
      ProductId: s.modality.Id,
      PolicyHolderUniqueId: s.holder.uniqueId,
      InsuredId: s.insured.Id,
      StartDate: today(),
      EndDate: inDays(365),
      InsuredAmountValue: '100000.00',
      ProposalObjects: [{ Description: 'Execução das obras do contrato 12/2026' }],
      ...extra,
    },
  });

/** Prices a proposal as the demo broker at 20 % commission (the engine's worked example); the result. */
export const priceAt20 = (t: TestApp, uniqueId: string) =>
  t.data(updateCalculateFinancialData, {
    as: 'corretor',
    body: { ProposalUniqueId: uniqueId, ComissionPercentage: '20' },
  });

/** The broker sends a proposal to analysis at its current version (commission disclosed): the reply. */
export const sendToAnalysis = async (t: TestApp, uniqueId: string) => {
  const { Version } = await t.data(getProposalByUniqueId, {
    as: 'corretor',
    query: { ProposalUniqueId: uniqueId },
  });
  return t.call(updateProposal, {
    as: 'corretor',
    body: { UniqueId: uniqueId, Version, Action: 'SendToAnalysis', CommissionDisclosureConfirmed: true },
  });
};

/** A proposal priced at 20 % and sent to analysis by the demo broker (a new draft unless `existing`). */
export const sentToAnalysis = async (
  t: TestApp,
  s: QuoteSetup,
  draft: Record<string, unknown> = {},
  existing?: string,
) => {
  const uniqueId = existing ?? (await createDraft(t, s, 'corretor', draft)).UniqueId;
  await priceAt20(t, uniqueId);
  return (await sendToAnalysis(t, uniqueId)).data;
};

/** Signs the policy holder's CCG (status 4 Assinado), as the credit pipe would. */
export const signCcg = (t: TestApp, policyHolderId: number, companyId = 54) =>
  t.database.db
    .insert(policyHolderCcgs)
    .values({ companyId, policyHolderId, statusId: 4, signedAt: new Date() });

/**
 * A priced proposal put in 7 Aprovada directly (the automatic validations are another module's):
 * draft, premium calculated with 20 % commission and `installments`, status set to 7.
 */
export const approvedProposal = async (
  t: TestApp,
  s: QuoteSetup,
  options: { installments?: number; extra?: Record<string, unknown> } = {},
) => {
  const draft = await createDraft(t, s, 'corretor', options.extra);
  await priceAt20(t, draft.UniqueId);
  const [row] = await t.database.db
    .update(proposals)
    .set({ statusId: 7, analysisStartedAt: new Date(), numberOfInstallment: options.installments ?? 1 })
    .where(eq(proposals.uniqueId, draft.UniqueId))
    .returning();
  return row!;
};
