import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPolicyHolder } from '../../test/factories.js';
import {
  admin,
  broker,
  calculateLimits,
  call,
  holderByName,
  ok,
  other,
  P,
  t,
  usePolicyHoldersFixture,
} from '../../test/fixtures/policy-holders.js';
import { modalities, paramBranches } from '../parameterisation/parameterisation.table.js';
import { economicGroups, policyHolderExposures, policyHolders } from './policy-holders.table.js';

usePolicyHoldersFixture();

describe('limits, rates and utilisation', () => {
  it('should calculate the worked example (rating A, limit R$ 15 mi, rates = modality default rate × 1.0)', async () => {
    const h = await createPolicyHolder(t);
    const limits = await calculateLimits(h.uniqueId);
    expect(limits).toMatchObject({ Rating: 'A', Score: '82.67', CalculatedByName: 'Helena Duarte' });
    expect(limits.Global.Limit).toBe('15000000.00');
    const mods = await t.database.db
      .select({ id: modalities.id, rate: modalities.defaultRate, kind: paramBranches.kind })
      .from(modalities)
      .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
      .where(
        and(
          eq(modalities.companyId, 54),
          eq(modalities.isActive, true),
          eq(modalities.isComplementary, false),
        ),
      )
      .then((rows) => rows.filter((r) => r.kind === 'surety'));
    expect(mods.length).toBeGreaterThan(5);
    expect(limits.Modalities).toHaveLength(mods.length);
    for (const m of limits.Modalities) {
      const def = mods.find((x) => x.id === m.ModalityId)!.rate;
      expect(Number(m.Rate)).toBeCloseTo(def === null ? 1 : Number(def), 6);
    }
    const history = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${h.uniqueId}`);
    expect(history.find((e: { Field: string }) => e.Field === 'Limit').NewValue).toBe('R$ 15.000.000,00');
  });

  it('should give rating D and no limit for the weak worked example', async () => {
    const h = await createPolicyHolder(t);
    // margin 0.01 → 4; leverage 2.5 → 5.83; ROE 0.1 → 12.5: score 22.33 → D
    const limits = await calculateLimits(h.uniqueId, {
      Year: 2031,
      Revenue: '20000000',
      Equity: '2000000',
      NetIncome: '200000',
      Indebtedness: '5000000',
    });
    expect([limits.Rating, limits.Score, limits.Global.Limit]).toEqual(['D', '22.33', '0.00']);
  });

  it('should compute used and available from exposures, per modality and per economic group', async () => {
    const h = await createPolicyHolder(t);
    const [group] = await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: 'Grupo de Teste', limitAmount: '1000000.00' })
      .returning();
    const partner = await createPolicyHolder(t);
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, h.id));
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, partner.id));
    const calc = await calculateLimits(h.uniqueId);
    const modalityId = calc.Modalities[0].ModalityId as number;
    await t.database.db.delete(policyHolderExposures).where(eq(policyHolderExposures.policyHolderId, h.id));
    await t.database.db
      .delete(policyHolderExposures)
      .where(eq(policyHolderExposures.policyHolderId, partner.id));
    await t.database.db.insert(policyHolderExposures).values([
      { companyId: 54, policyHolderId: h.id, modalityId, amount: '250000.00' },
      { companyId: 54, policyHolderId: h.id, modalityId: null, amount: '50000.00' },
      { companyId: 54, policyHolderId: partner.id, modalityId, amount: '600000.00' },
    ]);
    const d = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`);
    const l = d.LimitsAndRates;
    expect(l.Global).toEqual({ Limit: '15000000.00', Used: '300000.00', Available: '14700000.00' });
    expect(l.EconomicGroup).toMatchObject({
      Name: 'Grupo de Teste',
      Limit: '1000000.00',
      Used: '900000.00',
      Available: '100000.00',
      Members: 2,
    });
    expect(l.EffectiveAvailable).toBe('100000.00');
    const m = l.Modalities.find((x: { ModalityId: number }) => x.ModalityId === modalityId);
    expect(m).toMatchObject({ Used: '250000.00', Available: '100000.00', HasOwnLimit: false });
    expect(l.UsageSource).toMatch(/exposições/);
  });

  it('should refuse the calculation without statements (422), to brokers (403) and to another company (404)', async () => {
    const h = await createPolicyHolder(t);
    const q = `?PolicyHolderUniqueId=${h.uniqueId}`;
    expect((await call('POST', `${P}/CalculatePolicyHolderLimitsAndRates${q}`, broker)).status).toBe(403);
    expect((await call('POST', `${P}/CalculatePolicyHolderLimitsAndRates${q}`, other)).status).toBe(404);
    expect((await call('POST', `${P}/CalculatePolicyHolderLimitsAndRates${q}`, admin)).status).toBe(422);
  });

  it('should register limit observations and list them with the request-limit documents', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const obs = await ok('POST', `${P}/CreatePolicyHolderRequestLimitObservation`, {
      PolicyHolderUniqueId: h.uniqueId,
      Observation: 'Solicitado aumento para a licitação da ponte.',
    });
    expect(obs.CreatedByName).toBe('Helena Duarte');
    const rl = await ok('GET', `${P}/GetRequestLimitDocuments?policyHolderUniqueId=${h.uniqueId}`);
    expect(rl.Observations[0].Observation).toBe('Solicitado aumento para a licitação da ponte.');
    expect(
      rl.RequestDocuments.every((d: { RequestDocumentTypeId: number }) => d.RequestDocumentTypeId === 8),
    ).toBe(true);
    expect(rl.RequestDocuments.length).toBe(2);
    expect(rl.FinancialStatements.length).toBeGreaterThanOrEqual(2);
    const empty = await call('POST', `${P}/CreatePolicyHolderRequestLimitObservation`, admin, {
      PolicyHolderUniqueId: h.uniqueId,
      Observation: '  ',
    });
    expect(empty.status).toBe(400);
  });
});
