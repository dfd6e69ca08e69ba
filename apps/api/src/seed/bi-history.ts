import type { ImportPortfolioItem } from '@aval/contracts';
import * as calls from '@aval/contracts';
import { addDays, formatPolicyNumber, todayInBrazil } from '@aval/domain';
import { and, asc, between, count, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { policies } from '../modules/policies/policies.table.js';
import { importPortfolio } from '../modules/proposals/import-portfolio.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import { demoCompanies } from './companies.js';
import { demoActors, perform } from './context.js';
import { DEMO_POLICY_OBJECT } from './policies.js';

/** Sequences of the history policies (issuance counts from 1). */
const FIRST = 800_001;

/** A small deterministic pseudo-random sequence (the same demo on every machine). */
const sequence = (seed: number) => {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
};

/** The first day of the month `back` months before `day` (YYYY-MM-DD). */
const monthStart = (day: string, back: number) => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
};

const money = (v: number) => v.toFixed(2);

/**
 * Twelve months of production for the BI dashboard (issue 17) in every demo company: issued
 * policies already ended (Vencida, so no limit is used), a few cancelled with a restitution, one
 * SRO registration late, and quotes refused or cancelled along the way, so the funnel, the monthly
 * premium and the commission flex are not flat. It is the portfolio the insurer brought from its
 * earlier system, imported as an insurer's administrator imports one (ImportPortfolio: the same
 * parties and modalities as the portal demo's policies, both demo brokers). Idempotent: a company
 * with policies numbered 8xxxxx is left as it is. Runs after the policies seed.
 */
export const seedBiHistory = async (db: Db) => {
  const today = todayInBrazil();
  for (const company of demoCompanies) {
    const [done] = await db
      .select({ n: count() })
      .from(policies)
      .where(and(eq(policies.companyId, company.id), between(policies.sequence, FIRST, FIRST + 99_999)));
    if ((done?.n ?? 0) > 0) continue;
    const actors = await demoActors(db, company);
    if (!actors) continue;
    const templates = await db
      .select({
        modalityId: proposals.modalityId,
        branchCode: proposals.branchCode,
        policyHolderUniqueId: proposals.policyHolderUniqueId,
        insuredUniqueId: proposals.insuredUniqueId,
      })
      .from(policies)
      .innerJoin(proposals, eq(proposals.id, policies.proposalId))
      .where(and(eq(policies.companyId, company.id), like(policies.objectText, `%${DEMO_POLICY_OBJECT}%`)))
      .orderBy(asc(proposals.id));
    if (templates.length === 0) continue;
    // Both demo brokerages share the production.
    const brokers = await db
      .selectDistinctOn([proposals.brokerId], { brokerUniqueId: proposals.brokerUniqueId })
      .from(proposals)
      .where(eq(proposals.companyId, company.id))
      .orderBy(proposals.brokerId);
    const random = sequence(company.id);
    const items: ImportPortfolioItem[] = [];
    for (let back = 12; back >= 1; back--) {
      const first = monthStart(today, back);
      const issued = 1 + ((back + company.id) % 3);
      const lost = 1;
      for (let j = 0; j < issued + lost; j++) {
        const template = templates[(back + j) % templates.length]!;
        const broker = brokers[(back + j) % brokers.length]!;
        const start = addDays(first, 2 + Math.floor(random() * 24));
        const end = [addDays(start, 60 + Math.floor(random() * 60)), addDays(today, -2)].sort()[0]!;
        const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
        const is = Math.round((80_000 + random() * 1_900_000) / 1000) * 1000;
        // Priced like the demo's one-year policies (their rate over a longer period), so months compare.
        const premium = Math.max(300, (is * 0.016 * (days + 180)) / 365);
        const commission = random() < 0.4 ? 15 + Math.floor(random() * 5) : 20;
        const isIssued = j < issued;
        const cancelled = (back + j) % 9 === 0 && back > 2;
        const late = back === 1 && j === 0;
        const sequenceNumber = FIRST + items.length;
        items.push({
          Situation: isIssued ? 'Emitida' : j % 2 === 0 ? 'Recusada' : 'Cancelada',
          ProductId: template.modalityId,
          PolicyHolderUniqueId: template.policyHolderUniqueId,
          InsuredUniqueId: template.insuredUniqueId!,
          BrokerUniqueId: broker.brokerUniqueId,
          ProposalDate: addDays(start, -3),
          StartDate: start,
          EndDate: end,
          InsuredAmount: money(is),
          InsurancePremium: money(premium),
          ComissionPercentage: String(commission),
          ObjectText: 'Garantia de contrato (histórico de produção da demonstração).',
          Policy: isIssued
            ? {
                Number: formatPolicyNumber({
                  branchCode: template.branchCode,
                  year: Number(start.slice(0, 4)),
                  sequence: sequenceNumber,
                }),
                IssuedAt: start,
                SroProtocol: late ? null : `SRO-${company.id}-H${start.replaceAll('-', '')}${j}`,
                SroRegisteredAt: late ? undefined : addDays(start, 1),
                CancelledAt: cancelled ? addDays(start, 20) : undefined,
                CancelReason: cancelled
                  ? 'Rescisão do contrato garantido (histórico da demonstração).'
                  : null,
                CancelRestitution: cancelled ? money(premium * 0.6) : undefined,
              }
            : undefined,
        });
      }
    }
    await perform(actors.admin, calls.importPortfolio, () => importPortfolio(actors.admin, { Items: items }));
  }
};
