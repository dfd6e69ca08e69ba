import { getPolicyShortBrief, type ImportPortfolioItem, importPortfolio } from '@aval/contracts';
import { addDays, formatPolicyNumber } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { inDays, type QuoteSetup, quoteSetup, today } from '../../test/proposals.js';
import { brokers } from '../brokers/brokers.table.js';
import { policies, policyCounters } from '../policies/policies.table.js';
import { policyHolderExposures } from '../policy-holders/policy-holders.table.js';
import { proposals, proposalTimeline } from './proposals.table.js';

let t: TestApp;
let s: QuoteSetup;
let brokerUniqueId: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
  const [b] = await t.database.db.select().from(brokers).where(eq(brokers.id, s.brokerId));
  brokerUniqueId = b!.uniqueId;
});
afterAll(() => t.close());

/** Sequences above every seeded one of branch 0776 (the demo's history is 800001…). */
let next = 900_000 + Math.floor(Math.random() * 90_000);
const numberOn = (day: string) =>
  formatPolicyNumber({ branchCode: '0776', year: Number(day.slice(0, 4)), sequence: next++ });

const item = (extra: Partial<ImportPortfolioItem> = {}) => ({
  Situation: 'Emitida' as 'Emitida' | 'Recusada' | 'Cancelada',
  ProductId: s.modality.Id,
  PolicyHolderUniqueId: s.holder.uniqueId,
  InsuredUniqueId: s.insured.UniqueId,
  BrokerUniqueId: brokerUniqueId,
  ProposalDate: addDays(today(), -200),
  StartDate: addDays(today(), -195),
  EndDate: addDays(today(), -10),
  InsuredAmount: '250000.00',
  InsurancePremium: '3000.00',
  ComissionPercentage: '20',
  ObjectText: 'Garantia do contrato 12/2025 (carteira anterior).',
  ...extra,
});

const policyOf = async (number: string) =>
  (
    await t.database.db
      .select()
      .from(policies)
      .where(and(eq(policies.companyId, 54), eq(policies.number, number)))
  )[0];

/** ImportPortfolio: an insurer's earlier portfolio, brought in as it was (domain.md). */
describe('importing a portfolio', () => {
  it('should keep each policy as it was issued: number, days, SRO, cancellation, and the limit of those in force', async () => {
    const ended = numberOn(addDays(today(), -195));
    const cancelled = numberOn(addDays(today(), -195));
    const inForce = numberOn(addDays(today(), -30));
    const reply = await t.data(importPortfolio, {
      as: 'admin',
      body: {
        Items: [
          item({
            Policy: {
              Number: ended,
              IssuedAt: addDays(today(), -195),
              SroProtocol: 'SRO-LEGADO-1',
              SroRegisteredAt: addDays(today(), -194),
            },
          }),
          item({
            Policy: {
              Number: cancelled,
              IssuedAt: addDays(today(), -195),
              CancelledAt: addDays(today(), -100),
              CancelReason: 'Rescisão do contrato garantido.',
              CancelRestitution: '1200.00',
            },
          }),
          item({
            StartDate: addDays(today(), -30),
            EndDate: inDays(335),
            ProposalDate: addDays(today(), -32),
            InsuredAmount: '400000.00',
            Policy: { Number: inForce, IssuedAt: addDays(today(), -30) },
          }),
          item({ Situation: 'Recusada' }),
        ],
      },
    });
    expect(reply).toMatchObject({ Proposals: 4, Policies: 3 });
    expect(reply.Items.map((i) => i.PolicyNumber)).toEqual([ended, cancelled, inForce, null]);

    const [a, b, c] = [await policyOf(ended), await policyOf(cancelled), await policyOf(inForce)];
    expect(a).toMatchObject({
      statusId: 4,
      sroStatusId: 2,
      sroProtocol: 'SRO-LEGADO-1',
      netPremium: '2400.00',
    });
    expect(a!.issuedAt.toISOString()).toBe(`${addDays(today(), -195)}T15:00:00.000Z`);
    expect(b).toMatchObject({
      statusId: 3,
      cancelReason: 'Rescisão do contrato garantido.',
      cancelRestitution: '1200.00',
    });
    expect(c).toMatchObject({ statusId: 2, sroStatusId: 1, insuredAmount: '400000.00' });

    // Only the policy in force uses the holder's limit.
    const exposures = await t.database.db
      .select()
      .from(policyHolderExposures)
      .where(eq(policyHolderExposures.policyHolderId, s.holder.id));
    expect(exposures.map((e) => [e.policyId, e.kind, e.amount])).toEqual([[c!.id, 'APOLICE', '400000.00']]);

    // The proposals ended as they ended, each saying where it came from.
    const refused = reply.Items[3]!.ProposalNumber;
    const [proposal] = await t.database.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.companyId, 54), eq(proposals.number, refused)));
    expect(proposal).toMatchObject({ statusId: 98, policyHolderId: s.holder.id, brokerId: s.brokerId });
    const timeline = await t.database.db
      .select()
      .from(proposalTimeline)
      .where(eq(proposalTimeline.proposalId, c!.proposalId));
    expect(timeline.map((e) => e.description)).toEqual([
      `Importada do sistema anterior da seguradora: emitida, apólice nº ${inForce} emitida em ${addDays(today(), -30).split('-').reverse().join('/')}.`,
    ]);

    // The policy reads like any other, and the branch's numbers continue after the imported ones.
    const brief = await t.data(getPolicyShortBrief, { as: 'admin', query: { policyUniqueId: c!.uniqueId } });
    expect(brief).toMatchObject({ PolicyNumber: inForce, StatusId: 2 });
    const [counter] = await t.database.db
      .select()
      .from(policyCounters)
      .where(and(eq(policyCounters.companyId, 54), eq(policyCounters.branchCode, '0776')));
    expect(counter!.lastSequence).toBe(c!.sequence);
  });

  it('should refuse the whole batch, naming each item’s problem, and write nothing', async () => {
    const good = numberOn(addDays(today(), -195));
    const r = await t.call(importPortfolio, {
      as: 'admin',
      body: {
        Items: [
          item({ Policy: { Number: good, IssuedAt: addDays(today(), -195) } }),
          item({ Policy: { Number: good, IssuedAt: addDays(today(), -195) } }),
          item({
            EndDate: addDays(today(), -300),
            Policy: { Number: '0776.2025.0000001-0', IssuedAt: today() },
          }),
          item({ Situation: 'Cancelada', Policy: { Number: numberOn(today()), IssuedAt: today() } }),
          item({ PolicyHolderUniqueId: '00000000-0000-4000-8000-000000000000' }),
        ],
      },
    });
    expect(r.status).toBe(422);
    const fields = (r.body as { Fields?: { Field: string; Message: string }[] }).Fields ?? [];
    const text = JSON.stringify(r.body);
    expect(text).toContain(`A apólice nº ${good} já existe.`);
    expect(text).toContain('O fim de vigência deve ser depois do início.');
    expect(text).toContain('Número de apólice inválido');
    expect(text).toContain('Só uma proposta emitida traz apólice.');
    expect(text).toContain('Tomador não encontrado.');
    expect(text).toContain('Informe a apólice da proposta emitida.');
    expect(fields).toContainEqual({
      Field: 'Items[4].PolicyHolderUniqueId',
      Message: 'Tomador não encontrado.',
    });
    expect(fields).toContainEqual({
      Field: 'Items[2].EndDate',
      Message: 'O fim de vigência deve ser depois do início.',
    });
    expect(await policyOf(good)).toBeUndefined();
  });

  it('should be refused to the analyst and to brokers (permission 26, insurer only)', async () => {
    const body = { Items: [item({ Policy: { Number: numberOn(today()), IssuedAt: today() } })] };
    expect((await t.call(importPortfolio, { as: 'analista', body })).status).toBe(403);
    expect((await t.call(importPortfolio, { as: 'corretor', body })).status).toBe(403);
  });
});
