import { formatPolicyNumber } from '@aval/domain';
import { desc, eq } from 'drizzle-orm';
import { brokers } from '../modules/brokers/brokers.table.js';
import { modalities } from '../modules/parameterisation/parameterisation.table.js';
import { policies } from '../modules/policies/policies.table.js';
import { proposals } from '../modules/proposals/proposals.table.js';
import type { Caller } from './call.js';
import type { TestApp } from './harness.js';
import { createDraft, inDays, type QuoteSetup, today } from './proposals.js';

/** Policy dates, days to the end and cancellation windows count Brasília's days (test/proposals). */
export { inDays, today };

let sequence = Math.floor(Math.random() * 1_000_000);

export type PolicyInsert = typeof policies.$inferInsert;

/**
 * An issued policy as issuance writes it (status 2 Emitida): a draft proposal of `s` by the demo
 * broker, then the policy row copied from it. `values` overrides any column (dates, status, flags).
 */
export const createPolicy = async (
  t: TestApp,
  s: QuoteSetup,
  values: Partial<PolicyInsert> = {},
  as: Caller = 'corretor',
) => {
  await createDraft(t, s, as);
  const db = t.database.db;
  const [p] = await db
    .select()
    .from(proposals)
    .where(eq(proposals.policyHolderId, s.holder.id))
    .orderBy(desc(proposals.id))
    .limit(1);
  const [m] = await db.select().from(modalities).where(eq(modalities.id, s.modality.Id));
  const [b] = await db.select().from(brokers).where(eq(brokers.id, p!.brokerId!));
  sequence += 1;
  const number = formatPolicyNumber({ branchCode: '0776', year: 2026, sequence });
  const [row] = await db
    .insert(policies)
    .values({
      companyId: 54,
      number,
      branchCode: '0776',
      sequence,
      statusId: 2,
      proposalId: p!.id,
      proposalUniqueId: p!.uniqueId,
      proposalNumber: p!.number,
      branchId: m!.branchId,
      modalityId: m!.id,
      modalityName: m!.name,
      modalityGroupName: 'Grupo',
      policyHolderId: s.holder.id,
      policyHolderUniqueId: s.holder.uniqueId,
      policyHolderName: s.holder.name,
      policyHolderDocument: s.holder.document,
      insuredId: s.insured.Id,
      insuredUniqueId: s.insured.UniqueId,
      insuredName: s.insured.InsuredName,
      insuredDocument: s.insured.InsuredDocument,
      brokerId: b!.id,
      brokerName: 'Corretora Demo',
      brokerDocument: b!.cnpj,
      brokerSusep: '123456',
      objectText: 'Execução das obras do contrato 12/2026',
      startDate: today(),
      endDate: inDays(365),
      deadlineDays: 365,
      insuredAmount: '100000.00',
      netPremium: '1600.00',
      insurancePremium: '2000.00',
      comissionPercentage: '20',
      comissionValue: '400.00',
      iofValue: '147.60',
      totalPremium: '2147.60',
      sroDeadline: inDays(2),
      ...values,
    })
    .returning();
  return row!;
};
