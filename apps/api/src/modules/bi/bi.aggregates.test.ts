import { getBiDashboard, internalCancelPolicy, Permission, UserType } from '@aval/contracts';
import { addDays, todayInBrazil } from '@aval/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../test/call.js';
import { createTestApp, demoUser, type TestApp } from '../../test/harness.js';
import { createPolicy } from '../../test/policies.js';
import { demoBrokerId, type QuoteSetup, quoteSetup } from '../../test/proposals.js';
import { until } from '../../test/wait.js';
import { endorsements } from '../endorsements/endorsements.table.js';
import { policies } from '../policies/policies.table.js';
import { users } from '../users/users.table.js';
import { biAggregatesQueue } from './bi.jobs.js';
import { monthStart, premiumPlan } from './bi.service.js';
import { biPremiumMonths, biRefreshes } from './bi.table.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp({ jobWorkers: true });
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const BI = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_BI] };
const canceller = {
  cid: 54,
  utp: UserType.INSURANCE,
  prm: [Permission.VISUALIZAR_APOLICES, Permission.CANCELAR_APOLICE_MANUALMENTE],
};
const dashboard = (query: Record<string, unknown> = {}, as: Caller = BI) =>
  t.data(getBiDashboard, { as, query });

const today = todayInBrazil();
/** Day `day` of the month `months` from today's (negative: before). */
const dayOf = (months: number, day: number) => addDays(monthStart(today, months), day - 1);
/** 12:00 in Brasília on that day. */
const noon = (day: string) => new Date(`${day}T15:00:00Z`);

/** The job, as the scheduler would run it, then its record for company 54. */
const refresh = async () => {
  const before = (await t.database.db.select().from(biRefreshes).where(eq(biRefreshes.companyId, 54)))[0];
  await t.platform.jobs.send(biAggregatesQueue(t.platform), {});
  await until(async () => {
    const [row] = await t.database.db.select().from(biRefreshes).where(eq(biRefreshes.companyId, 54));
    return row && row.refreshedAt.getTime() > (before?.refreshedAt.getTime() ?? 0);
  }, 'the aggregates of company 54 to be refreshed');
};

describe('BI premium aggregates (issue 17)', () => {
  it('should plan stored whole closed months and live edges', () => {
    // No rebuild yet: all live.
    expect(premiumPlan('2024-01-15', '2024-06-10', '2024-11-20', undefined)).toEqual({
      live: [{ from: '2024-01-15', to: '2024-06-10' }],
    });
    expect(premiumPlan('2024-01-15', '2024-06-10', '2024-11-20', '2024-10-01')).toEqual({
      live: [
        { from: '2024-01-15', to: '2024-01-31' },
        { from: '2024-06-01', to: '2024-06-10' },
      ],
      stored: { from: '2024-02-01', to: '2024-05-01' },
    });
    // Whole months to today: the current month and those closed since the rebuild stay live.
    expect(premiumPlan('2023-12-01', '2024-11-20', '2024-11-20', '2024-08-01')).toEqual({
      live: [{ from: '2024-09-01', to: '2024-11-20' }],
      stored: { from: '2023-12-01', to: '2024-08-01' },
    });
    // A period ending on the last day of a month takes that month whole; one inside a month, none.
    expect(premiumPlan('2024-02-01', '2024-02-29', '2024-11-20', '2024-10-01')).toEqual({
      live: [],
      stored: { from: '2024-02-01', to: '2024-02-01' },
    });
    expect(premiumPlan('2024-02-02', '2024-02-28', '2024-11-20', '2024-10-01')).toEqual({
      live: [{ from: '2024-02-02', to: '2024-02-28' }],
    });
  });

  it('should answer as the live computation on the seeded data, then show late and new policies', async () => {
    const otherBroker = await demoBrokerId(t, 'corretor2');
    // Production over the last sixteen months: two brokers, a policy issued at 23:30 in Brasília on
    // the last day of a month (UTC is already in the next one), an approved endorsement and a
    // cancellation with restitution in past months.
    const issued: Awaited<ReturnType<typeof createPolicy>>[] = [];
    for (const [i, months] of [-15, -13, -12, -7, -4, -3, -2, -1].entries()) {
      issued.push(
        await createPolicy(t, s, {
          issuedAt: noon(dayOf(months, 10)),
          insurancePremium: `${1000 + i * 111}.11`,
          ...(i % 2 ? { brokerId: otherBroker } : {}),
        }),
      );
    }
    const [broker] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('corretor'))));
    const asBroker = {
      cid: 54,
      sub: String(broker!.id),
      utp: UserType.BROKER,
      prm: [Permission.VISUALIZAR_BI],
    };
    const lastDay = addDays(monthStart(today, -5), -1);
    await createPolicy(t, s, {
      issuedAt: new Date(`${addDays(lastDay, 1)}T02:30:00Z`),
      insurancePremium: '555.55',
    });
    const cancelled = issued[3]!;
    await t.database.db
      .update(policies)
      .set({ statusId: 3, cancelledAt: noon(dayOf(-2, 20)), cancelRestitution: '321.09' })
      .where(eq(policies.id, cancelled.id));
    const terms = {
      InsuredAmountValue: '0',
      StartDate: '',
      EndDate: '',
      DeadlineDays: 0,
      Object: '',
      ParticularClausule: null,
      PolicyHolderName: '',
      InsuredName: null,
    };
    await t.database.db.insert(endorsements).values({
      companyId: 54,
      policyId: issued[4]!.id,
      number: 1,
      typeId: 1,
      reasonId: 1,
      statusId: 5,
      effectiveDate: dayOf(-3, 5),
      before: terms,
      after: terms,
      tax: '1',
      extraPremium: '200.50',
      restitution: '10.25',
      currentInsurancePremium: '1000.00',
      newInsurancePremium: '1200.00',
      decidedAt: noon(dayOf(-3, 5)),
    });

    const queries: [Record<string, unknown>, Caller][] = [
      [{}, BI],
      [{ StartDate: monthStart(today, -16), EndDate: today }, BI],
      [{ StartDate: dayOf(-13, 15), EndDate: dayOf(-2, 9) }, BI],
      [{ StartDate: monthStart(today, -14), EndDate: addDays(monthStart(today, -1), -1) }, BI],
      [{ StartDate: monthStart(today, -16), EndDate: today, BrokerId: otherBroker }, BI],
      [{ StartDate: monthStart(today, -16), EndDate: today, ModalityId: s.modality.Id }, BI],
      [{ StartDate: monthStart(today, -16), EndDate: today }, asBroker],
      [
        { StartDate: monthStart(today, -16), EndDate: today },
        { ...BI, cid: 325 },
      ],
    ];
    const answers = async () => Promise.all(queries.map(([q, as]) => dashboard(q, as)));
    // Before any rebuild the dashboard reads everything live: the numbers of the old computation.
    const live = await answers();
    expect(live[1]!.PremiumByMonth.length).toBeGreaterThan(8);

    await refresh();
    const [row] = await t.database.db.select().from(biRefreshes).where(eq(biRefreshes.companyId, 54));
    expect(row!.throughMonth).toBe(monthStart(today, -1));
    const stored = await t.database.db
      .select()
      .from(biPremiumMonths)
      .where(eq(biPremiumMonths.companyId, 54));
    expect(stored.length).toBeGreaterThan(8);
    expect(stored.every((r) => r.month < monthStart(today))).toBe(true);
    // Same answers, every chart, filter and caller, from the aggregates.
    expect(await answers()).toEqual(live);

    // A policy written late into a closed month is not in the stored month until the next rebuild.
    const month = (d: Awaited<ReturnType<typeof dashboard>>, m: string) =>
      d.PremiumByMonth.filter((r) => r.Month === m && r.ModalityId === s.modality.Id)[0];
    const m3 = monthStart(today, -3).slice(0, 7);
    const wide = { StartDate: monthStart(today, -16), EndDate: today };
    const beforeLate = month(await dashboard(wide), m3)!;
    await createPolicy(t, s, { issuedAt: noon(dayOf(-3, 12)), insurancePremium: '1000.00' });
    expect(month(await dashboard(wide), m3)).toEqual(beforeLate);
    await refresh();
    expect(month(await dashboard(wide), m3)!.Written).toBe((Number(beforeLate.Written) + 1000).toFixed(2));

    // Issued and cancelled today: the current month is always live, so both show at once.
    const m0 = today.slice(0, 7);
    const now = async () => month(await dashboard(wide), m0);
    const start = (await now()) ?? { Written: '0.00', Restitutions: '0.00' };
    const fresh = await createPolicy(t, s, { insurancePremium: '777.77' });
    expect((await now())!.Written).toBe((Number(start.Written) + 777.77).toFixed(2));
    await t.data(internalCancelPolicy, {
      as: canceller,
      query: { policyNumber: fresh.number },
      body: { Reason: 'Contrato rescindido pelo segurado' },
    });
    const [afterCancel] = await t.database.db.select().from(policies).where(eq(policies.id, fresh.id));
    const restitution = Number(afterCancel!.cancelRestitution);
    expect(restitution).toBeGreaterThan(0);
    expect((await now())!.Restitutions).toBe((Number(start.Restitutions) + restitution).toFixed(2));
    const settled = await now();
    await refresh();
    expect(await now()).toEqual(settled);
  });

  it('should keep each company to its own aggregates', async () => {
    await refresh();
    const seen = (companyId: number) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('app.company_id', ${String(companyId)}, true), set_config('role', 'aval_app', true)`,
        );
        const r = await tx.execute(
          sql`select count(*)::int as n, count(*) filter (where company_id <> ${companyId})::int as foreign
                from bi_premium_months`,
        );
        return (r as unknown as { rows: { n: number; foreign: number }[] }).rows[0]!;
      });
    expect((await seen(54)).n).toBeGreaterThan(0);
    expect((await seen(54)).foreign).toBe(0);
    expect((await seen(325)).foreign).toBe(0);
    // The app role cannot write another company's aggregates either.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('app.company_id', '325', true), set_config('role', 'aval_app', true)`,
        );
        await tx.execute(
          sql`insert into bi_premium_months (company_id, month, branch_id, modality_id, broker_id, modality_name, written, restitutions)
              values (54, '2020-01-01', 1, 1, 1, 'x', 1, 0)`,
        );
      }),
    ).rejects.toThrow();
  });
});
