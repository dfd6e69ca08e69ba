import * as calls from '@aval/contracts';
import { financialPayload, updateProposalBody } from '@aval/contracts';
import { addDays, todayInBrazil } from '@aval/domain';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import * as documents from '../modules/documents/index.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import { cnaeRates, modalities, paramBranches } from '../modules/parameterisation/parameterisation.table.js';
import {
  policyHolderLimits,
  policyHolderNominations,
  policyHolders,
} from '../modules/policy-holders/policy-holders.table.js';
import { updateCalculateFinancialData } from '../modules/proposals/proposals.finance.js';
import { updateProposal } from '../modules/proposals/proposals.service.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { users } from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';
import { actorContext, demoActors, perform } from './context.js';
import { reviewAllConforme, uploadDemoFiles } from './files.js';

type Company = (typeof demoCompanies)[number];

/** The services take parsed bodies: the seed's bodies go through the contract like a request's. */
export const save = (ctx: UserContext, body: z.input<typeof updateProposalBody>) =>
  perform(ctx, calls.updateProposal, () => updateProposal(ctx, updateProposalBody.parse(body)));
type Target = 8 | 1 | 2;

/** A plausible object for the modality (by its name), numbered so the demo rows differ. */
export const objectFor = (modality: string, i: number) => {
  const n = String(101 + i * 37);
  if (/trabalhista|recursal/i.test(modality))
    return `Garantia do recurso na reclamação trabalhista nº 1000${n}-45.2026.5.02.0001.`;
  if (/judicial|fiscal/i.test(modality))
    return `Garantia do juízo na execução nº 5000${n}-12.2026.4.03.6100.`;
  if (/licitante/i.test(modality)) return `Participação no pregão eletrônico nº ${n}/2026.`;
  if (/aduaneiro/i.test(modality))
    return `Regime aduaneiro especial de admissão temporária, processo nº ${n}/2026.`;
  if (/fornecedor/i.test(modality))
    return `Fornecimento de equipamentos hospitalares, conforme contrato nº ${n}/2026.`;
  if (/servi/i.test(modality))
    return `Prestação de serviços de manutenção predial, conforme contrato nº ${n}/2026.`;
  return `Execução das obras de pavimentação e drenagem, conforme contrato administrativo nº ${n}/2026.`;
};

/**
 * Demo proposals of every demo company: drafts (8), quotes (1) and proposals in analysis (2) of
 * both demo brokers, over several holders and modalities, one co-brokered and one property quote.
 * Written through the proposals services (the real engine prices them). Idempotent: a company that
 * has proposals is left as it is.
 */
export const seedProposals = async (db: Db) => {
  for (const company of demoCompanies) {
    const [existing] = await db
      .select({ n: count() })
      .from(proposals)
      .where(eq(proposals.companyId, company.id));
    if ((existing?.n ?? 0) > 0) continue;
    const slug = company.hosts[0].split('.')[0];
    const brokerUsers = await db
      .select({ id: users.id, username: users.username, brokerId: users.brokerId })
      .from(users)
      .where(
        and(
          eq(users.companyId, company.id),
          isNotNull(users.brokerId),
          inArray(users.username, [`corretor@${slug}.demo`, `corretor2@${slug}.demo`]),
        ),
      )
      .orderBy(asc(users.username));
    const main = brokerUsers.find((u) => u.username.startsWith('corretor@'));
    const second = brokerUsers.find((u) => u.username.startsWith('corretor2@'));
    if (!main || !second) continue;
    const obligees = await db
      .select({ id: insureds.id })
      .from(insureds)
      .where(eq(insureds.companyId, company.id))
      .orderBy(asc(insureds.id))
      .limit(6);
    if (obligees.length === 0) continue;

    /** Holders nominated to a broker with a rate, each with a different surety modality where possible. */
    const ratedPairs = async (brokerId: number) => {
      const rows = await db
        .select({
          holderId: policyHolderLimits.policyHolderId,
          modalityId: policyHolderLimits.modalityId,
          maxIs: modalities.maxInsuredAmount,
          modalityName: modalities.name,
        })
        .from(policyHolderLimits)
        .innerJoin(
          policyHolderNominations,
          and(
            eq(policyHolderNominations.policyHolderId, policyHolderLimits.policyHolderId),
            eq(policyHolderNominations.brokerId, brokerId),
            eq(policyHolderNominations.statusId, 2),
          ),
        )
        .innerJoin(modalities, eq(modalities.id, policyHolderLimits.modalityId))
        .where(
          and(
            eq(policyHolderLimits.companyId, company.id),
            isNotNull(policyHolderLimits.rate),
            eq(modalities.isActive, true),
            eq(modalities.isComplementary, false),
          ),
        )
        .orderBy(asc(policyHolderLimits.policyHolderId), asc(policyHolderLimits.modalityId));
      const holders = [...new Set(rows.map((r) => r.holderId))];
      return holders.flatMap((h, i) => {
        const own = rows.filter((r) => r.holderId === h);
        const pick = own[i % own.length];
        return pick ? [pick] : [];
      });
    };
    const plan: { user: typeof main; pairIndex: number; target: Target; coBroker?: boolean }[] = [
      { user: main, pairIndex: 0, target: 8 },
      { user: main, pairIndex: 1, target: 1 },
      { user: main, pairIndex: 2, target: 2 },
      { user: main, pairIndex: 3, target: 1, coBroker: true },
      { user: main, pairIndex: 4, target: 2 },
      { user: second, pairIndex: 0, target: 1 },
      { user: second, pairIndex: 1, target: 2 },
      { user: second, pairIndex: 2, target: 8 },
    ];
    const pairsOf = new Map<number, Awaited<ReturnType<typeof ratedPairs>>>();
    const actors = await demoActors(db, company);
    if (!actors) continue;
    const { analyst } = actors;
    const start = todayInBrazil();
    for (const [i, step] of plan.entries()) {
      const brokerId = step.user.brokerId!;
      if (!pairsOf.has(brokerId)) pairsOf.set(brokerId, await ratedPairs(brokerId));
      const pair = pairsOf.get(brokerId)![step.pairIndex];
      if (!pair) continue;
      const ctx = await actorContext(db, company, step.user.id);
      if (!ctx) continue;
      const max = pair.maxIs ? Number(pair.maxIs) : 5_000_000;
      const amount = Math.min(max, [250_000, 480_000, 1_200_000, 95_000, 730_000][i % 5]!).toFixed(2);
      const holder = await holderUniqueId(db, pair.holderId);
      const created = await save(ctx, {
        ProductId: pair.modalityId!,
        PolicyHolderUniqueId: holder,
        InsuredId: obligees[i % obligees.length]!.id,
        StartDate: start,
        EndDate: addDays(start, [365, 540, 730, 180, 1095][i % 5]!),
        InsuredAmountValue: amount,
        ProposalObjects: [{ Description: objectFor(pair.modalityName, i) }],
        ...(step.coBroker
          ? {
              CoBrokers: [
                { CommissionTypeId: 2 as const, Leader: true, Participation: '60' },
                { CoBrokerId: second.brokerId!, CommissionTypeId: 2 as const, Participation: '40' },
              ],
            }
          : {}),
      });
      await advanceTo(ctx, created.UniqueId, step.target, analyst);
    }
    await seedPropertyQuote(db, company, main, obligees[0]!.id, start);
  }
};

const holderUniqueId = async (db: Db, holderId: number) => {
  const [row] = await db
    .select({ u: policyHolders.uniqueId })
    .from(policyHolders)
    .where(eq(policyHolders.id, holderId));
  return row!.u;
};

/**
 * Prices and quotes; for 2, the broker attaches a file to each required document and sends with the
 * disclosure, and the analyst reviews the documents Conforme (before any validation runs).
 */
export const advanceTo = async (
  ctx: UserContext,
  uniqueId: string,
  target: Target,
  analyst?: UserContext,
) => {
  if (target === 8) return;
  const priced = await perform(ctx, calls.updateCalculateFinancialData, () =>
    updateCalculateFinancialData(ctx, financialPayload.parse({ ProposalUniqueId: uniqueId })),
  );
  const quoted = await save(ctx, { UniqueId: uniqueId, Version: priced.Version!, Action: 'Quote' });
  if (target === 1) return;
  const owner = { type: 'proposal' as const, id: quoted.Id };
  for (const d of await documents.listDocuments(ctx, owner))
    if (d.IsRequired && d.Archives.length === 0) {
      const [file] = await uploadDemoFiles(ctx, [d.Name]);
      await perform(ctx, calls.saveProposalRequestDocument, () =>
        documents.attachArchives(ctx, owner, d.UniqueId, file!.ArchiveUniqueIds),
      );
    }
  const sent = await save(ctx, {
    UniqueId: uniqueId,
    Version: quoted.Version,
    Action: 'SendToAnalysis',
    CommissionDisclosureConfirmed: true,
  });
  if (!analyst) throw new Error('seed: a proposal sent to analysis needs the analyst who reviews it');
  await reviewAllConforme(analyst, { type: 'proposal', id: sent.Id });
};

/** A property quote (named risks, rated by CNAE) of the main demo broker. */
const seedPropertyQuote = async (
  db: Db,
  company: Company,
  user: { id: number; brokerId: number | null },
  insuredId: number,
  start: string,
) => {
  const [property] = await db
    .select({ id: modalities.id, min: modalities.minInsuredAmount, max: modalities.maxInsuredAmount })
    .from(modalities)
    .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
    .where(
      and(
        eq(modalities.companyId, company.id),
        eq(paramBranches.kind, 'property'),
        eq(modalities.isActive, true),
      ),
    )
    .orderBy(asc(modalities.id))
    .limit(1);
  if (!property) return;
  const [cnae] = await db
    .select({ id: cnaeRates.id })
    .from(cnaeRates)
    .where(and(eq(cnaeRates.modalityId, property.id), eq(cnaeRates.isActive, true)))
    .orderBy(asc(cnaeRates.id))
    .limit(1);
  const [nomination] = await db
    .select({ holderId: policyHolderNominations.policyHolderId })
    .from(policyHolderNominations)
    .where(
      and(
        eq(policyHolderNominations.companyId, company.id),
        eq(policyHolderNominations.brokerId, user.brokerId!),
        eq(policyHolderNominations.statusId, 2),
      ),
    )
    .orderBy(asc(policyHolderNominations.id))
    .limit(1);
  if (!cnae || !nomination) return;
  const ctx = await actorContext(db, company, user.id);
  if (!ctx) return;
  const created = await save(ctx, {
    ProductId: property.id,
    PolicyHolderUniqueId: await holderUniqueId(db, nomination.holderId),
    InsuredId: insuredId,
    StartDate: start,
    EndDate: addDays(start, 365),
    Property: {
      Building: '1800000.00',
      Content: '600000.00',
      MMU: '400000.00',
      MMP: '200000.00',
      LostProfit: '300000.00',
      LostProfitPeriod: 6,
      CNAERateId: cnae.id,
    },
  });
  await advanceTo(ctx, created.UniqueId, 1);
};
