import { addDays, formatPolicyNumber, todayInBrazil } from '@aval/domain';
import { and, asc, between, count, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { policies } from '../modules/policies/policies.table.js';
import { proposalCounters, proposals } from '../modules/proposals/proposals.table.js';
import { demoCompanies } from './companies.js';
import { DEMO_POLICY_OBJECT } from './policies.js';

type ProposalRow = typeof proposals.$inferSelect;

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
 * premium and the commission flex are not flat. Copies of the portal demo's proposals (same
 * parties and modalities, both demo brokers), written with two inserts per company. Idempotent: a
 * company with policies numbered 8xxxxx is left as it is. Runs after the policies seed.
 */
export const seedBiHistory = async (db: Db) => {
  const today = todayInBrazil();
  for (const company of demoCompanies) {
    const [done] = await db
      .select({ n: count() })
      .from(policies)
      .where(and(eq(policies.companyId, company.id), between(policies.sequence, FIRST, FIRST + 99_999)));
    if ((done?.n ?? 0) > 0) continue;
    const demo = await db
      .select({ proposalId: policies.proposalId, modalityGroupName: policies.modalityGroupName })
      .from(policies)
      .where(and(eq(policies.companyId, company.id), like(policies.objectText, `%${DEMO_POLICY_OBJECT}%`)))
      .orderBy(asc(policies.sequence));
    if (demo.length === 0) continue;
    const templates = await db
      .select()
      .from(proposals)
      .where(
        inArray(
          proposals.id,
          demo.map((d) => d.proposalId),
        ),
      )
      .orderBy(asc(proposals.id));
    // The second demo broker's parties, to split production between two brokerages.
    const brokers = await db
      .selectDistinctOn([proposals.brokerId], {
        brokerId: proposals.brokerId,
        brokerUniqueId: proposals.brokerUniqueId,
        brokerName: proposals.brokerName,
        brokerDocument: proposals.brokerDocument,
        brokerSusep: proposals.brokerSusep,
      })
      .from(proposals)
      .where(eq(proposals.companyId, company.id))
      .orderBy(proposals.brokerId);
    const random = sequence(company.id);
    type Planned = { proposal: ProposalRow; policy?: Omit<typeof policies.$inferInsert, 'proposalId'> };
    const planned: Planned[] = [];
    for (let back = 12; back >= 1; back--) {
      const first = monthStart(today, back);
      const issued = 1 + ((back + company.id) % 3);
      const lost = 1;
      for (let j = 0; j < issued + lost; j++) {
        const template = templates[(back + j) % templates.length]!;
        const broker = brokers[(back + j) % brokers.length]!;
        const start = addDays(first, 2 + Math.floor(random() * 24));
        const created = addDays(start, -3);
        const end = [addDays(start, 60 + Math.floor(random() * 60)), addDays(today, -2)].sort()[0]!;
        const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000);
        const is = Math.round((80_000 + random() * 1_900_000) / 1000) * 1000;
        // Priced like the demo's one-year policies (their rate over a longer period), so months compare.
        const premium = Math.max(300, (is * 0.016 * (days + 180)) / 365);
        const firstCommission = 20;
        const commission = random() < 0.4 ? 15 + Math.floor(random() * 5) : firstCommission;
        const isIssued = j < issued;
        const proposal: ProposalRow = {
          ...template,
          ...broker,
          statusId: isIssued ? 5 : j % 2 === 0 ? 98 : 99,
          startDate: start,
          endDate: end,
          deadlineDays: days,
          insuredAmount: money(is),
          insurancePremium: money(premium),
          totalPremium: money(premium),
          netPremium: money(premium * (1 - commission / 100)),
          comissionPercentage: String(commission),
          comissionValue: money((premium * commission) / 100),
          firstComissionPercentage: String(firstCommission),
          firstComissionValue: money((premium * firstCommission) / 100),
          analysisStartedAt: isIssued || j % 2 === 0 ? new Date(`${created}T14:00:00Z`) : null,
          // Issued or refused on the start day: the insurer's acceptance clock stopped there.
          clockStoppedAt: isIssued || j % 2 === 0 ? new Date(`${start}T12:00:00Z`) : null,
          createdAt: new Date(`${created}T13:00:00Z`),
          updatedAt: new Date(`${start}T13:00:00Z`),
        };
        if (!isIssued) {
          planned.push({ proposal });
          continue;
        }
        const cancelled = (back + j) % 9 === 0 && back > 2;
        const late = back === 1 && j === 0;
        planned.push({
          proposal,
          policy: {
            companyId: company.id,
            number: '',
            branchCode: template.branchCode,
            sequence: 0,
            statusId: cancelled ? 3 : 4,
            proposalUniqueId: '',
            proposalNumber: 0,
            branchId: template.branchId,
            modalityId: template.modalityId,
            modalityName: template.modalityName,
            modalityGroupName: template.modalityGroupName,
            policyHolderId: template.policyHolderId,
            policyHolderUniqueId: template.policyHolderUniqueId,
            policyHolderName: template.policyHolderName,
            policyHolderDocument: template.policyHolderDocument,
            insuredId: template.insuredId,
            insuredUniqueId: template.insuredUniqueId,
            insuredName: template.insuredName,
            insuredDocument: template.insuredDocument,
            brokerId: broker.brokerId,
            brokerName: broker.brokerName,
            brokerDocument: broker.brokerDocument,
            brokerSusep: broker.brokerSusep,
            objectText: 'Garantia de contrato (histórico de produção da demonstração).',
            startDate: start,
            endDate: end,
            deadlineDays: days,
            insuredAmount: proposal.insuredAmount!,
            netPremium: proposal.netPremium,
            insurancePremium: proposal.insurancePremium!,
            comissionPercentage: proposal.comissionPercentage,
            comissionValue: proposal.comissionValue,
            tax: template.tax,
            iofValue: '0.00',
            totalPremium: proposal.totalPremium!,
            issuedAt: new Date(`${start}T15:00:00Z`),
            sroDeadline: addDays(start, 2),
            sroStatusId: late ? 1 : 2,
            sroRegisteredAt: late ? null : new Date(`${addDays(start, 1)}T15:00:00Z`),
            sroProtocol: late ? null : `SRO-${company.id}-H${start.replaceAll('-', '')}${j}`,
            ...(cancelled
              ? {
                  cancelledAt: new Date(`${addDays(start, 20)}T15:00:00Z`),
                  cancelReason: 'Rescisão do contrato garantido (histórico da demonstração).',
                  cancelRestitution: money(premium * 0.6),
                }
              : {}),
          },
        });
      }
    }
    // Numbers from the company's counter, as the proposals service takes them.
    const [counter] = await db
      .update(proposalCounters)
      .set({ lastNumber: sql`${proposalCounters.lastNumber} + ${planned.length}` })
      .where(eq(proposalCounters.companyId, company.id))
      .returning();
    if (!counter) continue;
    const firstNumber = counter.lastNumber - planned.length + 1;
    const inserted = await db
      .insert(proposals)
      .values(
        planned.map(({ proposal: { id: _id, uniqueId: _u, ...p } }, i) => ({
          ...p,
          number: firstNumber + i,
        })),
      )
      .returning({ id: proposals.id, uniqueId: proposals.uniqueId, number: proposals.number });
    const rows = planned.flatMap((plan, i) => {
      if (!plan.policy) return [];
      const p = inserted[i]!;
      const seq = FIRST + i;
      return [
        {
          ...plan.policy,
          number: formatPolicyNumber({
            branchCode: plan.policy.branchCode,
            year: Number(String(plan.policy.startDate).slice(0, 4)),
            sequence: seq,
          }),
          sequence: seq,
          proposalId: p.id,
          proposalUniqueId: p.uniqueId,
          proposalNumber: p.number,
        },
      ];
    });
    if (rows.length > 0) await db.insert(policies).values(rows).onConflictDoNothing();
  }
};
