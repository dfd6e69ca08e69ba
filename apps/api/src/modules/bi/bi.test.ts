import {
  getBiDashboard,
  getExternalBiEmbed,
  getExternalBiSettings,
  Permission,
  type SroLayout,
  saveExternalBiSettings,
  UserType,
} from '@aval/contracts';
import { addDays, todayInBrazil } from '@aval/domain';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createModality, createPolicyHolder, uniqueName } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { endorsements } from '../endorsements/endorsements.table.js';
import { policies } from '../policies/policies.table.js';
import {
  economicGroups,
  policyHolderExposures,
  policyHolderLimits,
} from '../policy-holders/policy-holders.table.js';
import { proposals } from '../proposals/proposals.table.js';
import { sroRegistrations } from '../sro/sro.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
beforeAll(async () => {
  // The sites the tests save are the origins the CSP's frame-src allows (SaveExternalBiSettings checks).
  t = await createTestApp({
    env: { BI_EMBED_ORIGINS: 'https://bi.aurora.example, https://bi2.aurora.example, https://x.example' },
  });
});
afterAll(() => t.close());

const BI = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_BI] };
const ADMIN_BI = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] };

/**
 * A small, hand-computed data set of its own: one new modality and one new broker (the filters keep
 * the demo seed out), proposals and policies in Jan-Mar 2024 plus two policies in force today, two
 * endorsements, an internal cancellation, a late SRO and one economic group with two holders.
 */
const fixture = async () => {
  const modality = await createModality(t);
  const broker = await createBroker(t);
  const group = (
    await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: uniqueName('Grupo BI') })
      .returning()
  )[0]!;
  const holder = await createPolicyHolder(t, { economicGroupId: group.id });
  const holder2 = await createPolicyHolder(t, { economicGroupId: group.id });
  await t.database.db.insert(policyHolderLimits).values([
    { companyId: 54, policyHolderId: holder.id, limitAmount: '8000000000.00' },
    { companyId: 54, policyHolderId: holder2.id, limitAmount: '2000000000.00' },
  ]);
  await t.database.db.insert(policyHolderExposures).values([
    { companyId: 54, policyHolderId: holder.id, amount: '3000000000.00', kind: 'SALDO_INICIAL' },
    { companyId: 54, policyHolderId: holder.id, amount: '3500000000.00', kind: 'SALDO_INICIAL' },
    { companyId: 54, policyHolderId: holder2.id, amount: '1000000000.00', kind: 'SALDO_INICIAL' },
  ]);
  const today = todayInBrazil();
  const base = Math.floor(1_900_000_000 + Math.random() * 100_000_000);
  const proposal = async (
    i: number,
    p: { status: number; is: string; createdAt: string; sent?: boolean; firstCommission?: string },
  ) =>
    (
      await t.database.db
        .insert(proposals)
        .values({
          companyId: 54,
          number: base + i,
          statusId: p.status,
          brokerId: broker.id,
          brokerUniqueId: broker.uniqueId,
          brokerName: broker.name,
          brokerDocument: broker.cnpj,
          brokerSusep: '123456',
          policyHolderId: holder.id,
          policyHolderUniqueId: holder.uniqueId,
          policyHolderName: holder.name,
          policyHolderDocument: holder.document,
          branchId: modality.BranchId,
          branchCode: modality.BranchCode,
          modalityId: modality.Id,
          modalityName: modality.Name,
          modalityGroupId: modality.ModalityGroupId,
          modalityGroupName: modality.ModalityGroupName,
          insuredAmount: p.is,
          firstComissionPercentage: p.firstCommission ?? null,
          analysisStartedAt: p.sent ? new Date(p.createdAt) : null,
          createdAt: new Date(p.createdAt),
        })
        .returning()
    )[0]!;
  const pr1 = await proposal(1, {
    status: 5,
    is: '100000.00',
    createdAt: '2024-01-10T15:00:00Z',
    sent: true,
    firstCommission: '20',
  });
  const pr2 = await proposal(2, {
    status: 5,
    is: '200000.00',
    createdAt: '2024-02-05T15:00:00Z',
    sent: true,
    firstCommission: '20',
  });
  await proposal(3, { status: 98, is: '50000.00', createdAt: '2024-02-20T15:00:00Z', sent: true });
  await proposal(4, { status: 1, is: '30000.00', createdAt: '2024-03-01T15:00:00Z' });
  // Created at 21:30 in Brazil on 31/03: still March (UTC is already April).
  await proposal(7, { status: 99, is: '10000.00', createdAt: '2024-04-01T00:30:00Z' });
  const pr5 = await proposal(5, {
    status: 5,
    is: '400000.00',
    createdAt: `${addDays(today, -12)}T15:00:00Z`,
  });
  const pr6 = await proposal(6, {
    status: 5,
    is: '250000.00',
    createdAt: `${addDays(today, -100)}T15:00:00Z`,
  });
  const policy = async (
    pr: typeof pr1,
    seq: number,
    p: Partial<typeof policies.$inferInsert> & { issuedAt: Date; startDate: string; endDate: string },
  ) =>
    (
      await t.database.db
        .insert(policies)
        .values({
          companyId: 54,
          number: `BI.${base}.${seq}`,
          branchCode: modality.BranchCode,
          sequence: seq,
          proposalId: pr.id,
          proposalUniqueId: pr.uniqueId,
          proposalNumber: pr.number,
          branchId: modality.BranchId,
          modalityId: modality.Id,
          modalityName: modality.Name,
          modalityGroupName: modality.ModalityGroupName,
          policyHolderId: holder.id,
          policyHolderUniqueId: holder.uniqueId,
          policyHolderName: holder.name,
          policyHolderDocument: holder.document,
          brokerId: broker.id,
          brokerName: broker.name,
          brokerDocument: broker.cnpj,
          brokerSusep: '123456',
          deadlineDays: 180,
          insuredAmount: pr.insuredAmount!,
          insurancePremium: '0.00',
          totalPremium: '0.00',
          sroDeadline: addDays(p.startDate, 2),
          sroStatusId: 2,
          ...p,
        })
        .returning()
    )[0]!;
  const pol1 = await policy(pr1, 1, {
    statusId: 4,
    issuedAt: new Date('2024-01-15T15:00:00Z'),
    startDate: '2024-01-15',
    endDate: '2024-07-15',
    insurancePremium: '1000.00',
    comissionPercentage: '20',
  });
  // 23:00 on 29/02 in Brazil: February's production.
  const pol2 = await policy(pr2, 2, {
    statusId: 3,
    issuedAt: new Date('2024-03-01T02:00:00Z'),
    startDate: '2024-02-29',
    endDate: '2024-08-29',
    insurancePremium: '3000.00',
    comissionPercentage: '15',
    cancelledAt: new Date('2024-03-05T15:00:00Z'),
    cancelRestitution: '500.00',
  });
  const pol5 = await policy(pr5, 5, {
    statusId: 2,
    issuedAt: new Date(`${addDays(today, -10)}T15:00:00Z`),
    startDate: addDays(today, -10),
    endDate: addDays(today, 20),
    insurancePremium: '2000.00',
    comissionPercentage: '25',
  });
  // Its row still says pending past the deadline, but every operation of it is registered.
  const pol6 = await policy(pr6, 6, {
    statusId: 2,
    issuedAt: new Date(`${addDays(today, -100)}T15:00:00Z`),
    startDate: addDays(today, -100),
    endDate: addDays(today, 75),
    insurancePremium: '1500.00',
    comissionPercentage: '25',
    sroStatusId: 1,
    sroDeadline: addDays(today, -98),
  });
  // The late SRO is the registrations' state: pol5's issuance is registered, two of its settlements
  // are not and are past their deadlines (5 and 2 days); pol6's one operation is registered.
  const registration = (
    pol: typeof pol5,
    key: string,
    deadline: string,
    statusId: number,
  ): typeof sroRegistrations.$inferInsert => ({
    companyId: 54,
    policyId: pol.id,
    policyUniqueId: pol.uniqueId,
    policyNumber: pol.number,
    eventType: key.split(':')[0]!,
    eventKey: `${key}:${pol.id}`,
    eventDay: addDays(deadline, -2),
    deadline,
    statusId,
    payload: {} as SroLayout,
  });
  await t.database.db
    .insert(sroRegistrations)
    .values([
      registration(pol5, 'EMISSAO:policy', addDays(today, -8), 3),
      registration(pol5, 'LIQUIDACAO_PREMIO:installment1', addDays(today, -5), 4),
      registration(pol5, 'LIQUIDACAO_PREMIO:installment2', addDays(today, -2), 1),
      registration(pol6, 'EMISSAO:policy', addDays(today, -98), 3),
    ]);
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
  await t.database.db.insert(endorsements).values([
    {
      companyId: 54,
      policyId: pol1.id,
      number: 1,
      typeId: 1,
      reasonId: 1,
      statusId: 5,
      effectiveDate: '2024-02-20',
      before: terms,
      after: terms,
      tax: '1',
      extraPremium: '200.00',
      currentInsurancePremium: '1000.00',
      newInsurancePremium: '1200.00',
      decidedAt: new Date('2024-02-20T15:00:00Z'),
    },
    {
      companyId: 54,
      policyId: pol2.id,
      number: 1,
      typeId: 1,
      reasonId: 1,
      statusId: 5,
      effectiveDate: '2024-03-01',
      before: terms,
      after: terms,
      tax: '1',
      restitution: '120.00',
      currentInsurancePremium: '3000.00',
      newInsurancePremium: '2880.00',
      decidedAt: new Date('2024-03-01T15:00:00Z'),
    },
    // Not decided (in analysis): never counted.
    {
      companyId: 54,
      policyId: pol1.id,
      number: 2,
      typeId: 1,
      reasonId: 1,
      statusId: 2,
      effectiveDate: '2024-03-10',
      before: terms,
      after: terms,
      tax: '1',
      extraPremium: '999.00',
      currentInsurancePremium: '1200.00',
      newInsurancePremium: '2199.00',
    },
  ]);
  return { modality, broker, holder, holder2, group, today };
};

let data: Awaited<ReturnType<typeof fixture>>;
beforeAll(async () => {
  data = await fixture();
});

const dashboard = (query: Record<string, unknown>) =>
  t.data(getBiDashboard, {
    as: BI,
    query: { ModalityId: data.modality.Id, BrokerId: data.broker.id, ...query },
  });

describe('BI dashboard aggregates', () => {
  it('should sum premium written by Brazilian month and modality, net of restitutions', async () => {
    const d = await dashboard({ StartDate: '01/01/2024', EndDate: '31/03/2024' });
    expect(d.PremiumByMonth).toEqual([
      m('2024-01', '1000.00', '0.00', '1000.00'),
      m('2024-02', '3200.00', '0.00', '3200.00'),
      m('2024-03', '0.00', '620.00', '-620.00'),
    ]);
    function m(Month: string, Written: string, Restitutions: string, Net: string) {
      return {
        Month,
        ModalityId: data.modality.Id,
        ModalityName: data.modality.Name,
        Written,
        Restitutions,
        Net,
      };
    }
    // A period that starts on 01/03 leaves February's policy (29/02 23:00 in Brazil) out.
    const march = await dashboard({ StartDate: '2024-03-01', EndDate: '2024-03-31' });
    expect(march.PremiumByMonth.map((r) => [r.Month, r.Written, r.Restitutions])).toEqual([
      ['2024-03', '0.00', '620.00'],
    ]);
  });

  it('should count the funnel quote → proposal → issued of the period', async () => {
    const d = await dashboard({ StartDate: '2024-01-01', EndDate: '2024-03-31' });
    expect(d.Funnel.map((f) => [f.Stage, f.Count, f.InsuredAmount])).toEqual([
      ['Quote', 5, '390000.00'],
      ['Proposal', 3, '350000.00'],
      ['Issued', 2, '300000.00'],
    ]);
  });

  it('should show IS in force, policies expiring in 30/60/90 days and late SRO as of today', async () => {
    const d = await dashboard({});
    expect(d.Today).toBe(data.today);
    expect(d.InsuredAmountInForce).toEqual([
      {
        ModalityId: data.modality.Id,
        ModalityName: data.modality.Name,
        Policies: 2,
        InsuredAmount: '650000.00',
      },
    ]);
    expect(d.Expiring.map((e) => [e.Days, e.Policies, e.InsuredAmount])).toEqual([
      [30, 1, '400000.00'],
      [60, 0, '0.00'],
      [90, 1, '250000.00'],
    ]);
    expect(d.LateSro.Total).toBe(1);
    expect(d.LateSro.InsuredAmount).toBe('400000.00');
    expect(d.LateSro.Policies[0]).toMatchObject({ DaysLate: 5, SroDeadline: addDays(data.today, -5) });
  });

  it('should measure commission flex per broker against the first calculated commission', async () => {
    const d = await dashboard({ StartDate: '2024-01-01', EndDate: '2024-03-31' });
    expect(d.CommissionFlex).toEqual([
      {
        BrokerId: data.broker.id,
        BrokerName: data.broker.name,
        Policies: 2,
        FlexedPolicies: 1,
        AverageDefaultPercentage: '20.00',
        AverageUsedPercentage: '17.50',
        CommissionGivenUp: '150.00',
      },
    ]);
  });

  it('should show limit utilisation by policy holder and economic group', async () => {
    const d = await dashboard({});
    expect(d.LimitByPolicyHolder[0]).toEqual({
      PolicyHolderId: data.holder.id,
      Name: data.holder.name,
      Document: data.holder.document,
      Limit: '8000000000.00',
      Used: '6500000000.00',
      Available: '1500000000.00',
      UsedPercentage: '81.25',
    });
    expect(d.LimitByEconomicGroup[0]).toEqual({
      EconomicGroupId: data.group.id,
      Name: data.group.name,
      Members: 2,
      Limit: '10000000000.00',
      Used: '7500000000.00',
      Available: '2500000000.00',
      UsedPercentage: '75.00',
    });
  });

  it('should apply the branch filter and offer the filter choices', async () => {
    const d = await dashboard({
      StartDate: '2024-01-01',
      EndDate: '2024-03-31',
      BranchId: data.modality.BranchId,
    });
    expect(d.Funnel[0]!.Count).toBe(5);
    const other = d.Options.Branches.find((b) => b.Id !== data.modality.BranchId)!;
    const none = await dashboard({ StartDate: '2024-01-01', EndDate: '2024-03-31', BranchId: other.Id });
    expect(none.Funnel[0]!.Count).toBe(0);
    expect(none.PremiumByMonth).toEqual([]);
    expect(d.Options.Modalities.map((o) => o.Id)).toContain(data.modality.Id);
    expect(d.Options.Brokers.map((o) => o.Id)).toContain(data.broker.id);
  });

  it('should refuse without permission 3, another user type, and a reversed period', async () => {
    const noPerm = await t.call(getBiDashboard, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_APOLICES] },
    });
    expect(noPerm.status).toBe(403);
    const holderUser = await t.call(getBiDashboard, {
      as: { cid: 54, utp: UserType.POLICY_HOLDER, prm: [Permission.VISUALIZAR_BI] },
    });
    expect(holderUser.status).toBe(403);
    const reversed = await t.call(getBiDashboard, {
      as: BI,
      query: { StartDate: '2024-03-01', EndDate: '2024-01-01' },
    });
    expect(reversed.status).toBe(400);
    const bad = await t.call(getBiDashboard, { as: BI, query: { StartDate: '31/02/2024' } });
    expect(bad.status).toBe(400);
  });

  it("should show a broker with permission 3 its own brokerage's production only, without the holders' limits", async () => {
    const base = await t.caller({
      cid: 54,
      sub: 'novo',
      utp: UserType.BROKER,
      prm: [Permission.VISUALIZAR_BI],
    });
    await t.database.db
      .update(users)
      .set({ brokerId: data.broker.id })
      .where(eq(users.id, Number(base.sub)));
    const as = { cid: 54, sub: base.sub, utp: UserType.BROKER, prm: [Permission.VISUALIZAR_BI] };
    const period = { StartDate: '2024-01-01', EndDate: '2024-03-31' };
    const staff = await dashboard(period);
    const mine = await t.data(getBiDashboard, { as, query: period });
    expect(mine.BrokerScoped).toBe(true);
    expect(staff.BrokerScoped).toBe(false);
    // The fixture's production is all of its brokerage: the same numbers as the insurer's view of it.
    expect(mine.CommissionFlex).toEqual(staff.CommissionFlex.filter((b) => b.BrokerId === data.broker.id));
    expect(mine.PremiumByMonth).toEqual(
      (await dashboard({ ...period, BrokerId: data.broker.id })).PremiumByMonth,
    );
    expect(mine.Funnel).toEqual((await dashboard({ ...period, BrokerId: data.broker.id })).Funnel);
    expect(mine.LimitByPolicyHolder).toEqual([]);
    expect(mine.LimitByEconomicGroup).toEqual([]);
    expect(mine.Options.Brokers.map((b) => b.Id)).toEqual([data.broker.id]);
    // Another brokerage's production is refused, and a broker of none sees nothing.
    const other = staff.Options.Brokers.find((b) => b.Id !== data.broker.id)!;
    const refused = await t.call(getBiDashboard, { as, query: { ...period, BrokerId: other.Id } });
    expect(refused.status).toBe(403);
    const nobody = await t.data(getBiDashboard, {
      as: { cid: 54, utp: UserType.BROKER, prm: [Permission.VISUALIZAR_BI] },
      query: period,
    });
    expect(nobody.Funnel[0]!.Count).toBe(0);
    expect(nobody.PremiumByMonth).toEqual([]);
  });

  it("should keep another company's rows out", async () => {
    const d = await t.data(getBiDashboard, {
      as: { cid: 325, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_BI] },
      query: { StartDate: '2024-01-01', EndDate: '2024-03-31' },
    });
    expect(d.LimitByPolicyHolder.map((h) => h.PolicyHolderId)).not.toContain(data.holder.id);
    expect(d.CommissionFlex.map((b) => b.BrokerId)).not.toContain(data.broker.id);
    expect(d.Options.Modalities.map((o) => o.Id)).not.toContain(data.modality.Id);
  });
});

describe('external BI (Metabase static embedding)', () => {
  const SECRET = 'aaaaaaaaaaaaaaaaaaaaaaaa-metabase-embedding-secret-0123456789';

  it('should answer not configured, then sign a 10-minute token with the company locked', async () => {
    const before = await t.data(getExternalBiEmbed, { as: BI, companyKey: 54 });
    expect(before).toEqual({ Configured: false, Url: null, ExpiresAt: null });

    const saved = await t.call(saveExternalBiSettings, {
      as: ADMIN_BI,
      body: { Enabled: true, SiteUrl: 'https://bi.aurora.example/', DashboardId: 7, Secret: SECRET },
    });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({
      Configured: true,
      SiteUrl: 'https://bi.aurora.example',
      DashboardId: 7,
      HasSecret: true,
    });

    const started = Math.floor(Date.now() / 1000);
    const reply = await t.call(getExternalBiEmbed, { as: BI });
    expect(reply.status).toBe(200);
    const embed = reply.data;
    const match =
      /^https:\/\/bi\.aurora\.example\/embed\/dashboard\/([^#]+)#bordered=false&titled=true$/.exec(
        embed.Url!,
      );
    expect(match).not.toBeNull();
    const token = match![1]!;
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims.resource).toEqual({ dashboard: 7 });
    expect(claims.params).toEqual({ company_id: 54 });
    expect(claims.exp! - started).toBeGreaterThanOrEqual(599);
    expect(claims.exp! - started).toBeLessThanOrEqual(601);
    expect(new Date(embed.ExpiresAt!).getTime() / 1000).toBe(claims.exp);
    // Signed with the company's secret (what Metabase checks).
    await expect(jwtVerify(token, new TextEncoder().encode(SECRET))).resolves.toBeTruthy();

    // The secret never travels: not in any reply, not in the database in clear.
    const settings = await t.call(getExternalBiSettings, { as: ADMIN_BI });
    for (const r of [saved, reply, settings])
      expect(JSON.stringify(r.body)).not.toContain('metabase-embedding');
    const stored = (await t.database.db.execute(
      sql`select secret_encrypted from bi_settings where company_id = 54`,
    )) as unknown as { rows: { secret_encrypted: string }[] };
    expect(stored.rows[0]!.secret_encrypted).not.toContain('metabase-embedding');

    // Another company still has none.
    const other = await t.data(getExternalBiEmbed, {
      as: { cid: 325, utp: UserType.INSURANCE, prm: [Permission.VISUALIZAR_BI] },
    });
    expect(other.Configured).toBe(false);

    // Saved again without the secret keeps it; Enabled=false removes the configuration.
    await t.data(saveExternalBiSettings, {
      as: ADMIN_BI,
      body: { Enabled: true, SiteUrl: 'https://bi2.aurora.example', DashboardId: 8 },
    });
    const again = decodeJwt(
      /dashboard\/([^#]+)/.exec((await t.data(getExternalBiEmbed, { as: BI })).Url!)![1]!,
    );
    expect(again.resource).toEqual({ dashboard: 8 });
    await t.data(saveExternalBiSettings, { as: ADMIN_BI, body: { Enabled: false } });
    expect((await t.data(getExternalBiEmbed, { as: BI })).Configured).toBe(false);
  });

  it('should let only administrators (permission 26) configure it, with complete fields', async () => {
    const refused = await t.call(saveExternalBiSettings, {
      as: BI,
      body: { Enabled: true, SiteUrl: 'https://x.example', DashboardId: 1, Secret: SECRET },
    });
    expect(refused.status).toBe(403);
    expect((await t.call(getExternalBiSettings, { as: BI })).status).toBe(403);
    expect((await t.call(getExternalBiEmbed, { as: ADMIN_BI })).status).toBe(403);
    const incomplete = await t.call(saveExternalBiSettings, {
      as: ADMIN_BI,
      body: { Enabled: true, SiteUrl: 'https://x.example' },
    });
    expect(incomplete.status).toBe(400);
    const badUrl = await t.call(saveExternalBiSettings, {
      as: ADMIN_BI,
      body: { Enabled: true, SiteUrl: 'javascript:alert(1)', DashboardId: 1, Secret: SECRET },
    });
    expect(badUrl.status).toBe(400);
  });

  it('should refuse with 422 a site whose origin the CSP does not allow to be framed (BI_EMBED_ORIGINS)', async () => {
    for (const SiteUrl of [
      'https://evil.example/metabase',
      'http://bi.aurora.example',
      'https://bi.aurora.example:8443',
      'https://sub.bi.aurora.example',
    ]) {
      const refused = await t.call(saveExternalBiSettings, {
        as: ADMIN_BI,
        body: { Enabled: true, SiteUrl, DashboardId: 3, Secret: SECRET },
      });
      expect(refused.status, SiteUrl).toBe(422);
      expect(refused.errors, SiteUrl).toEqual([
        `A URL do Metabase deve estar numa origem autorizada para incorporação no portal (https://bi.aurora.example, https://bi2.aurora.example, https://x.example); ${new URL(SiteUrl).origin} não está.`,
      ]);
    }
    expect((await t.data(getExternalBiSettings, { as: ADMIN_BI })).Configured).toBe(false);
    // A path under an allowed origin is fine.
    const saved = await t.data(saveExternalBiSettings, {
      as: ADMIN_BI,
      body: { Enabled: true, SiteUrl: 'https://bi.aurora.example/metabase/', DashboardId: 3, Secret: SECRET },
    });
    expect(saved).toMatchObject({ Configured: true, SiteUrl: 'https://bi.aurora.example/metabase' });
    await t.data(saveExternalBiSettings, { as: ADMIN_BI, body: { Enabled: false } });
  });

  it('should refuse every site when no BI origin is configured', async () => {
    const bare = await createTestApp();
    try {
      const refused = await bare.call(saveExternalBiSettings, {
        as: ADMIN_BI,
        body: { Enabled: true, SiteUrl: 'https://bi.aurora.example', DashboardId: 3, Secret: SECRET },
      });
      expect(refused.status).toBe(422);
      expect(refused.errors).toEqual([
        'Nenhuma origem de BI está autorizada para incorporação no portal; peça ao administrador do sistema que inclua https://bi.aurora.example na configuração (BI_EMBED_ORIGINS).',
      ]);
    } finally {
      await bare.close();
    }
  });
});

/** Issue 32 item 6: a date outside 1900–2199 is a 400 with the same message on every call. */
describe('the date range of the filters', () => {
  it('should refuse an EndDate of 9999-12-31 or a StartDate before 1900 with 400', async () => {
    for (const query of [
      { EndDate: '9999-12-31' },
      { EndDate: '31/12/9999' },
      { StartDate: '1899-12-31' },
      { StartDate: '2200-01-01' },
    ]) {
      const r = await t.call(getBiDashboard, { as: BI, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(JSON.stringify(r.body)).toContain('A data deve estar entre 01/01/1900 e 31/12/2199.');
    }
    for (const query of [
      { StartDate: '1900-01-01', EndDate: '1900-12-31' },
      { StartDate: '2199-01-01', EndDate: '2199-12-31' },
    ]) {
      const edge = await t.call(getBiDashboard, { as: BI, query });
      expect(edge.status, JSON.stringify(query)).toBe(200);
    }
  });
});
