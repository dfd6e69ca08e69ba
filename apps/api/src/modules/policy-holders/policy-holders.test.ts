import { generateCnpj, maskCnpj } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, demoUser, signIn, type TestApp, uploadPdf } from '../../test/harness.js';
import { brokers } from '../brokers/brokers.table.js';
import { modalities, paramBranches } from '../parameterisation/parameterisation.table.js';
import { users } from '../users/users.table.js';
import {
  economicGroups,
  policyHolderExposures,
  policyHolderNominations,
  policyHolders,
} from './policy-holders.table.js';

type H = Record<string, string>;

let t: TestApp;
let admin: H; // Administrador of 54 (every insurer permission)
let analyst: H; // Analista of 54 (reads only: 30)
let broker: H; // corretor of 54 (13, 14), brokerage with seeded nominations
let holderUser: H; // tomador of 54 (14), linked to the demo policy holder
let other: H; // Administrador of 325
let adminId: number;
let brokerId: number;

const call = async (method: string, url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const ok = async (method: string, url: string, payload?: unknown, h: H = admin) => {
  const r = await call(method, url, h, payload);
  if (r.status !== 200) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.Response ?? r.body;
};
const P = '/api/PolicyHolder';

const holderByName = async (companyId: number, name: string) => {
  const [row] = await t.database.db
    .select()
    .from(policyHolders)
    .where(and(eq(policyHolders.companyId, companyId), eq(policyHolders.name, name)));
  if (!row) throw new Error(`no policy holder ${name}`);
  return row;
};
const userId = async (local: string, companyId = 54) => {
  const [row] = await t.database.db
    .select({ id: users.id, brokerId: users.brokerId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.username, demoUser(local, companyId))));
  return row!;
};
const upload = (headers: H) => uploadPdf(t, headers, 'balanco.pdf');

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, 'admin')).headers;
  analyst = (await signIn(t, 'analista')).headers;
  broker = (await signIn(t, 'corretor')).headers;
  holderUser = (await signIn(t, 'tomador')).headers;
  other = (await signIn(t, 'admin', 325)).headers;
  adminId = (await userId('admin')).id;
  brokerId = (await userId('corretor')).brokerId!;
});
afterAll(() => t.close());

describe('search and visibility', () => {
  it('should list every policy holder of the company with paging when the user is insurer staff', async () => {
    const page1 = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?currentPage=1&rowsPerPage=10`,
    );
    expect(page1.Total).toBeGreaterThanOrEqual(30);
    expect(page1.Data).toHaveLength(10);
    expect(page1.CurrentPage).toBe(1);
    const page2 = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?currentPage=2&rowsPerPage=10`,
    );
    expect(page2.Data[0].Id).not.toBe(page1.Data[0].Id);
    const byName = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderName=horizonte%20azul`,
    );
    expect(byName.Data.map((d: { Name: string }) => d.Name)).toEqual(['Construtora Horizonte Azul Ltda.']);
    const doc = byName.Data[0].Document as string;
    const byDoc = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderDocument=${encodeURIComponent(maskCnpj(doc))}`,
    );
    expect(byDoc.Total).toBe(1);
    const blocked = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?isBlocked=true&rowsPerPage=50`,
    );
    expect(blocked.Total).toBeGreaterThanOrEqual(3);
    expect(blocked.Data.every((d: { IsBlocked: boolean }) => d.IsBlocked)).toBe(true);
  });

  it('should list only the approved nominations of its brokerage when the user is a broker', async () => {
    const approved = await t.database.db
      .select({ id: policyHolderNominations.policyHolderId })
      .from(policyHolderNominations)
      .where(
        and(
          eq(policyHolderNominations.companyId, 54),
          eq(policyHolderNominations.brokerId, brokerId),
          eq(policyHolderNominations.statusId, 2),
        ),
      );
    expect(approved.length).toBeGreaterThan(0);
    const res = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?rowsPerPage=200`,
      undefined,
      broker,
    );
    expect(res.Total).toBe(approved.length);
    expect(new Set(res.Data.map((d: { Id: number }) => d.Id))).toEqual(new Set(approved.map((a) => a.id)));
  });

  it('should show only its own record when the user is a policy holder', async () => {
    const res = await ok('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged`, undefined, holderUser);
    expect(res.Data.map((d: { Name: string }) => d.Name)).toEqual(['Construtora Horizonte Azul Ltda.']);
    const someoneElse = await holderByName(54, 'Pavimentadora Serra Verde Ltda.');
    const r = await call('GET', `${P}/GetPolicyHolder?UniqueId=${someoneElse.uniqueId}`, holderUser);
    expect(r.status).toBe(404);
  });

  it('should hide another company’s policy holders when the caller belongs to company 325', async () => {
    const mine = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    expect((await call('GET', `${P}/GetPolicyHolder?UniqueId=${mine.uniqueId}`, other)).status).toBe(404);
    const list = await ok(
      'GET',
      `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderDocument=${mine.document}`,
      undefined,
      other,
    );
    expect(list.Total).toBe(0);
    const r = await call(
      'GET',
      `${P}/UpdatePolicyHolderName?PolicyHolderUniqueId=${mine.uniqueId}&Name=Invasor`,
      other,
    );
    expect(r.status).toBe(404);
    expect(
      (await call('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${mine.id}`, other)).status,
    ).toBe(404);
  });

  it('should answer the quick search by name, trade name or document and skip inactive ones on request', async () => {
    const byTrade = await ok('GET', `${P}/SearchPolicyHolder?TextSearch=Serra%20Verde`);
    expect(byTrade[0].Name).toBe('Pavimentadora Serra Verde Ltda.');
    const inactive = await holderByName(54, 'Restauro Patrimônio Histórico Ltda.');
    expect(inactive.isActive).toBe(false);
    const all = await ok('GET', `${P}/SearchPolicyHolder?TextSearch=Restauro`);
    expect(all).toHaveLength(1);
    const active = await ok('GET', `${P}/SearchPolicyHolder?TextSearch=Restauro&IgnoreInactive=true`);
    expect(active).toHaveLength(0);
  });

  it('should refuse with 403 when the user lacks the read permissions and 400 on bad paging', async () => {
    const none = await authHeaders(t, { cid: 54, utp: 1, prm: [26], sub: String(adminId) });
    expect((await call('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged`, none)).status).toBe(403);
    expect((await call('GET', `${P}/SearchPolicyHolder?TextSearch=a`, none)).status).toBe(403);
    expect(
      (await call('GET', `${P}/SearchPolicyHoldersRelatedToCurrentUserLogged?currentPage=0`, admin)).status,
    ).toBe(400);
    expect((await call('GET', `${P}/GetPolicyHolder?UniqueId=nao-e-uuid`, admin)).status).toBe(400);
  });
});

describe('detail, name, complementary data, locations and history', () => {
  it('should return the detail with locations, branches, limits and the actions the user may take', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const d = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`);
    expect(d).toMatchObject({ Name: h.name, Document: h.document, EconomicGroupName: 'Grupo Horizonte' });
    expect(d.Locations.length).toBeGreaterThanOrEqual(1);
    expect(d.Locations.filter((l: { IsMain: boolean }) => l.IsMain)).toHaveLength(1);
    expect(d.Branches).toHaveLength(2);
    expect(d.LimitsAndRates.Modalities.length).toBeGreaterThan(0);
    expect(d.Permissions).toEqual({
      CanEdit: true,
      CanToggleBlocked: true,
      CanToggleRestrictive: true,
      CanToggleIgnoreCCG: true,
      CanCalculateLimits: true,
    });
    const asHolder = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`, undefined, holderUser);
    expect(asHolder.Permissions.CanEdit).toBe(false);
    expect(asHolder.Permissions.CanToggleBlocked).toBe(false);
  });

  it('should rename, record the change with ChangedByName and refuse a user without 13/29', async () => {
    const h = await holderByName(54, 'Construtora Andrade Lemos Ltda.');
    const res = await ok(
      'GET',
      `${P}/UpdatePolicyHolderName?PolicyHolderUniqueId=${h.uniqueId}&Name=${encodeURIComponent('Construtora Andrade Lemos S.A.')}`,
    );
    expect(res.Name).toBe('Construtora Andrade Lemos S.A.');
    const history = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${h.uniqueId}`);
    expect(history[0]).toMatchObject({
      Field: 'Name',
      FieldLabel: 'Razão social',
      OldValue: 'Construtora Andrade Lemos Ltda.',
      NewValue: 'Construtora Andrade Lemos S.A.',
      ChangedByName: 'Helena Duarte',
    });
    const byId = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${h.id}`);
    expect(byId[0].Id).toBe(history[0].Id);
    const r = await call(
      'GET',
      `${P}/UpdatePolicyHolderName?PolicyHolderUniqueId=${h.uniqueId}&Name=Outro`,
      analyst,
    );
    expect(r.status).toBe(403);
    const short = await call(
      'GET',
      `${P}/UpdatePolicyHolderName?PolicyHolderUniqueId=${h.uniqueId}&Name=ab`,
      admin,
    );
    expect(short.status).toBe(400);
  });

  it('should save complementary data, add and change locations and upsert statements with history', async () => {
    const h = await holderByName(54, 'Saneamento Atlântico Obras Ltda.');
    const d = await ok('POST', `${P}/SaveComplementarData`, {
      PolicyHolderUniqueId: h.uniqueId,
      TradeName: 'Atlântico',
      Email: 'financeiro@atlantico.com.br',
      Phone: '(71) 3333-4444',
      Cnae: '4222-7/01',
      CnaeDescription: 'Obras de saneamento',
      FoundingDate: '1998-03-10',
      AnnualRevenue: '125000000.50',
      ShareCapital: 10000000,
      Website: 'https://atlantico.com.br',
      Locations: [
        {
          ZipCode: '40020-000',
          AddressName: 'Avenida da França',
          Number: '393',
          Neighborhood: 'Comércio',
          StateProvinceId: 29,
          CityId: 2927408,
        },
      ],
      FinancialStatements: [
        { Year: 2025, Revenue: '1000', Equity: '500', NetIncome: '-20.5', Indebtedness: '100' },
      ],
    });
    expect(d).toMatchObject({ TradeName: 'Atlântico', Cnae: '4222701', AnnualRevenue: '125000000.50' });
    const added = d.Locations.find((l: { AddressName: string }) => l.AddressName === 'Avenida da França');
    expect(added).toMatchObject({ ZipCode: '40020000', CityId: 2927408, IsMain: false });
    expect(d.FinancialStatements.find((s: { Year: number }) => s.Year === 2025)).toMatchObject({
      NetIncome: '-20.50',
      Revenue: '1000.00',
    });
    const changed = await ok('POST', `${P}/SaveComplementarData`, {
      PolicyHolderUniqueId: h.uniqueId,
      TradeName: 'Atlântico',
      Locations: [{ ...added, Id: added.Id, Number: '400', IsMain: true }],
    });
    const mains = changed.Locations.filter((l: { IsMain: boolean }) => l.IsMain);
    expect(mains).toHaveLength(1);
    expect(mains[0].Number).toBe('400');
    const history = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${h.uniqueId}`);
    const fields = history.map((e: { Field: string }) => e.Field);
    expect(fields).toEqual(
      expect.arrayContaining(['TradeName', 'Email', 'AnnualRevenue', 'Location', 'FinancialStatement']),
    );

    const removed = await ok('DELETE', `${P}/RemovePolicyHolderLocation?locationId=${added.Id}`);
    expect(removed).toBe(true);
    expect(
      (await call('DELETE', `${P}/RemovePolicyHolderLocation?locationId=${added.Id}`, admin)).status,
    ).toBe(404);
  });

  it('should reject invalid e-mail, phone, CEP and IBGE codes with 400', async () => {
    const h = await holderByName(54, 'Saneamento Atlântico Obras Ltda.');
    for (const bad of [
      { Email: 'sem-arroba' },
      { Phone: '123' },
      { Locations: [{ ZipCode: '123', AddressName: 'Rua', StateProvinceId: 29, CityId: 2927408 }] },
      { Locations: [{ ZipCode: '40020000', AddressName: 'Rua', StateProvinceId: 99, CityId: 2927408 }] },
      { FinancialStatements: [{ Year: 2025, Revenue: 'abc', Equity: 1, NetIncome: 1, Indebtedness: 1 }] },
    ]) {
      const r = await call('POST', `${P}/SaveComplementarData`, admin, {
        PolicyHolderUniqueId: h.uniqueId,
        ...bad,
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('should refuse a city outside the given state with the pt-BR message and write nothing', async () => {
    const h = await holderByName(54, 'Saneamento Atlântico Obras Ltda.');
    const before = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`);
    const r = await call('POST', `${P}/SaveComplementarData`, admin, {
      PolicyHolderUniqueId: h.uniqueId,
      TradeName: 'Não deve gravar',
      // São Paulo (3550308) is not in Rio de Janeiro (33).
      Locations: [
        { ZipCode: '01310100', AddressName: 'Avenida Paulista', StateProvinceId: 33, CityId: 3550308 },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ Errors: ['O município não pertence à UF informada.'] });
    const after = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`);
    expect(after.TradeName).toBe(before.TradeName);
    expect(after.Locations).toHaveLength(before.Locations.length);
  });

  it('should refuse to remove another company’s location', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const d = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`);
    const r = await call('DELETE', `${P}/RemovePolicyHolderLocation?locationId=${d.Locations[0].Id}`, other);
    expect(r.status).toBe(404);
  });
});

describe('branches', () => {
  it('should insert a branch from the part after the slash, the 6 characters or the full CNPJ', async () => {
    const h = await holderByName(54, 'Engenharia Vale do Paraíba S.A.');
    const root = h.document.slice(0, 8);
    const four = await ok(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=0007`,
    );
    expect(four.BranchCnpj.slice(0, 12)).toBe(`${root}0007`);
    expect(four.Branch).toMatch(/^0007-\d{2}$/);
    const alpha = await ok(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=00AB`,
    );
    expect(alpha.Branch).toMatch(/^00AB-\d{2}$/);
    const six = four.BranchCnpj.slice(8);
    const dup = await call(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=${six}`,
      admin,
    );
    expect(dup.status).toBe(409);
    const wrongDigits = `${six.slice(0, 4)}${(Number(six.slice(4)) + 1) % 100}`.padEnd(6, '0');
    const bad = await call(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=${wrongDigits}`,
      admin,
    );
    expect(bad.status).toBe(400);
    const foreign = generateCnpj();
    const wrongRoot = await call(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=${foreign}`,
      admin,
    );
    expect(wrongRoot.status).toBe(400);
    const head = await call(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=${h.document}`,
      admin,
    );
    expect(head.status).toBe(409);

    const d = await ok('GET', `${P}/GetPolicyHolder?UniqueId=${h.uniqueId}`);
    expect(d.Branches.map((b: { UniqueId: string }) => b.UniqueId)).toEqual(
      expect.arrayContaining([four.UniqueId, alpha.UniqueId]),
    );
    expect(await ok('DELETE', `${P}/DeletePolicyHolderBranchByUniqueId?uniqueId=${four.UniqueId}`)).toBe(
      true,
    );
    expect(
      (await call('DELETE', `${P}/DeletePolicyHolderBranchByUniqueId?uniqueId=${alpha.UniqueId}`, other))
        .status,
    ).toBe(404);
    expect(
      (await call('DELETE', `${P}/DeletePolicyHolderBranchByUniqueId?uniqueId=${alpha.UniqueId}`, analyst))
        .status,
    ).toBe(403);
    const history = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${h.uniqueId}`);
    expect(history.filter((e: { Field: string }) => e.Field === 'Branch').length).toBeGreaterThanOrEqual(3);
  });
});

describe('insurer-only toggles', () => {
  it('should flip blocked, restrictive and ignore-CCG with history and justification', async () => {
    const h = await holderByName(54, 'Construtora Litoral Sul Ltda.');
    const blocked = await ok('POST', `${P}/InverterBlockedPolicyHolder?PolicyHolderUniqueId=${h.uniqueId}`, {
      Justification: 'Protestos em aberto.',
    });
    expect(blocked.IsBlocked).toBe(true);
    const unblocked = await ok('POST', `${P}/InverterBlockedPolicyHolder?PolicyHolderUniqueId=${h.uniqueId}`);
    expect(unblocked.IsBlocked).toBe(false);
    expect(
      (await ok('POST', `${P}/InverterBlockedRestrictvePolicyHolder?PolicyHolderUniqueId=${h.uniqueId}`))
        .IsRestrictiveBlocked,
    ).toBe(true);
    expect(
      (await ok('POST', `${P}/InverterIgnoreCCGSignaturePolicyHolder?PolicyHolderUniqueId=${h.uniqueId}`))
        .IgnoreCCGSignature,
    ).toBe(true);
    const history = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${h.uniqueId}`);
    expect(history.map((e: { Field: string }) => e.Field)).toEqual(
      expect.arrayContaining(['IsBlocked', 'Justification', 'IsRestrictiveBlocked', 'IgnoreCCGSignature']),
    );
    expect(history.find((e: { Field: string }) => e.Field === 'Justification').NewValue).toBe(
      'Protestos em aberto.',
    );
  });

  it('should refuse the toggles to brokers and to staff without 29, 19 or 17', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const q = `?PolicyHolderUniqueId=${h.uniqueId}`;
    for (const path of [
      'InverterBlockedPolicyHolder',
      'InverterBlockedRestrictvePolicyHolder',
      'InverterIgnoreCCGSignaturePolicyHolder',
    ]) {
      expect((await call('POST', `${P}/${path}${q}`, broker)).status).toBe(403);
      expect((await call('POST', `${P}/${path}${q}`, analyst)).status).toBe(403);
    }
    const only29 = await authHeaders(t, { cid: 54, utp: 1, prm: [29, 30], sub: String(adminId) });
    expect((await call('POST', `${P}/InverterBlockedRestrictvePolicyHolder${q}`, only29)).status).toBe(403);
    expect((await call('POST', `${P}/InverterIgnoreCCGSignaturePolicyHolder${q}`, only29)).status).toBe(403);
    const only19 = await authHeaders(t, { cid: 54, utp: 1, prm: [19], sub: String(adminId) });
    expect((await call('POST', `${P}/InverterBlockedPolicyHolder${q}`, only19)).status).toBe(403);
    const r = await call('POST', `${P}/InverterBlockedRestrictvePolicyHolder${q}`, only19);
    expect(r.status).toBe(200);
    await ok('POST', `${P}/InverterBlockedRestrictvePolicyHolder${q}`, undefined, only19);
    expect((await call('POST', `${P}/InverterBlockedPolicyHolder${q}`, other)).status).toBe(404);
  });
});

describe('limits, rates and utilisation', () => {
  it('should calculate the worked example (rating A, limit R$ 15 mi, rates = modality default rate × 1.0)', async () => {
    const h = await holderByName(54, 'Tecnologia Vigia Sistemas Ltda.');
    await ok('POST', `${P}/SaveComplementarData`, {
      PolicyHolderUniqueId: h.uniqueId,
      FinancialStatements: [
        // margin 0.08 → 32; leverage 0.8 → 25.67; ROE 0.4 → 25: score 82.67 → A
        {
          Year: 2030,
          Revenue: '50000000',
          Equity: '10000000',
          NetIncome: '4000000',
          Indebtedness: '8000000',
        },
      ],
    });
    const limits = await ok(
      'POST',
      `${P}/CalculatePolicyHolderLimitsAndRates?PolicyHolderUniqueId=${h.uniqueId}`,
    );
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
    const h = await holderByName(54, 'Tecnologia Vigia Sistemas Ltda.');
    await ok('POST', `${P}/SaveComplementarData`, {
      PolicyHolderUniqueId: h.uniqueId,
      FinancialStatements: [
        // margin 0.01 → 4; leverage 2.5 → 5.83; ROE 0.1 → 12.5: score 22.33 → D
        { Year: 2031, Revenue: '20000000', Equity: '2000000', NetIncome: '200000', Indebtedness: '5000000' },
      ],
    });
    const limits = await ok(
      'POST',
      `${P}/CalculatePolicyHolderLimitsAndRates?PolicyHolderUniqueId=${h.uniqueId}`,
    );
    expect([limits.Rating, limits.Score, limits.Global.Limit]).toEqual(['D', '22.33', '0.00']);
  });

  it('should compute used and available from exposures, per modality and per economic group', async () => {
    const h = await holderByName(54, 'Construtora Pedra Branca Ltda.');
    const [group] = await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: 'Grupo de Teste', limitAmount: '1000000.00' })
      .returning();
    const partner = await holderByName(54, 'Obras Hospitalares Esperança Ltda.');
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, h.id));
    await t.database.db
      .update(policyHolders)
      .set({ economicGroupId: group!.id })
      .where(eq(policyHolders.id, partner.id));
    await ok('POST', `${P}/SaveComplementarData`, {
      PolicyHolderUniqueId: h.uniqueId,
      FinancialStatements: [
        {
          Year: 2030,
          Revenue: '50000000',
          Equity: '10000000',
          NetIncome: '4000000',
          Indebtedness: '8000000',
        },
      ],
    });
    const calc = await ok(
      'POST',
      `${P}/CalculatePolicyHolderLimitsAndRates?PolicyHolderUniqueId=${h.uniqueId}`,
    );
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
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const q = `?PolicyHolderUniqueId=${h.uniqueId}`;
    expect((await call('POST', `${P}/CalculatePolicyHolderLimitsAndRates${q}`, broker)).status).toBe(403);
    expect((await call('POST', `${P}/CalculatePolicyHolderLimitsAndRates${q}`, other)).status).toBe(404);
    const [fresh] = await t.database.db
      .insert(policyHolders)
      .values({ companyId: 54, name: 'Sem Balanço Ltda.', document: generateCnpj() })
      .returning();
    const r = await call(
      'POST',
      `${P}/CalculatePolicyHolderLimitsAndRates?PolicyHolderUniqueId=${fresh!.uniqueId}`,
      admin,
    );
    expect(r.status).toBe(422);
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

describe('documents through the core', () => {
  it('should list, create, rename, upload, submit, delete and restore the policy holder’s documents', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const docs = await ok(
      'GET',
      `${P}/GetDocumentsByPolicyHolderUniqueId?policyHolderUniqueId=${h.uniqueId}`,
    );
    expect(docs.RequestDocuments.map((d: { Name: string }) => d.Name)).toEqual(
      expect.arrayContaining(['Cartão CNPJ', 'Contrato social consolidado']),
    );
    expect(
      docs.RequestDocuments.some((d: { RequestDocumentTypeId: number }) => d.RequestDocumentTypeId === 8),
    ).toBe(false);
    expect(docs.PendingRequiredCount).toBe(2);

    const created = await ok('POST', `${P}/CreateRequestDocument`, {
      PolicyHolderUniqueId: h.uniqueId,
      Name: 'Certidão negativa',
      RequestDocumentTypeId: 6,
      IsRequired: true,
    });
    const badType = await call('POST', `${P}/CreateRequestDocument`, admin, {
      PolicyHolderUniqueId: h.uniqueId,
      Name: 'Documento do segurado',
      RequestDocumentTypeId: 7,
    });
    expect(badType.status).toBe(422);
    const renamed = await ok('POST', `${P}/ChangeRequestDocumentName`, {
      PolicyHolderUniqueId: h.uniqueId,
      RequestDocumentUniqueId: created.UniqueId,
      Name: 'Certidão negativa de débitos',
    });
    expect(renamed.Name).toBe('Certidão negativa de débitos');

    // The policy holder user uploads its own file and sends it to analysis.
    const archive = await upload(holderUser);
    const uploaded = await ok(
      'POST',
      `${P}/UploadRequestDocument`,
      {
        PolicyHolderUniqueId: h.uniqueId,
        RequestDocumentUniqueId: created.UniqueId,
        ArchiveUniqueIds: [archive],
      },
      holderUser,
    );
    expect(uploaded.Archives).toHaveLength(1);
    const wrongKind = await call('POST', `${P}/UploadRequestLimitsDocument`, holderUser, {
      PolicyHolderUniqueId: h.uniqueId,
      RequestDocumentUniqueId: created.UniqueId,
      ArchiveUniqueIds: [archive],
    });
    expect(wrongKind.status).toBe(422);
    const submitted = await ok(
      'POST',
      `${P}/sendRequestToAnalysis`,
      { PolicyHolderUniqueId: h.uniqueId, RequestDocumentUniqueIds: [created.UniqueId] },
      holderUser,
    );
    expect(submitted[0].StatusName).toBe('Aguardando Análise');

    const limitDoc = (await ok('GET', `${P}/GetRequestLimitDocuments?policyHolderUniqueId=${h.uniqueId}`))
      .RequestDocuments[0];
    const limitUpload = await ok('POST', `${P}/UploadRequestLimitsDocument`, {
      PolicyHolderUniqueId: h.uniqueId,
      RequestDocumentUniqueId: limitDoc.UniqueId,
      ArchiveUniqueIds: [await upload(admin)],
    });
    expect(limitUpload.Archives).toHaveLength(1);

    expect(
      await ok('POST', `${P}/DeleteRequestDocument`, {
        PolicyHolderUniqueId: h.uniqueId,
        RequestDocumentUniqueId: limitDoc.UniqueId,
      }),
    ).toBe(true);
    const afterDelete = await ok('GET', `${P}/GetRequestLimitDocuments?policyHolderUniqueId=${h.uniqueId}`);
    expect(afterDelete.DeletedRequestDocuments.map((d: { UniqueId: string }) => d.UniqueId)).toContain(
      limitDoc.UniqueId,
    );
    expect(
      await ok('POST', `${P}/RestoreRequestDocument`, {
        PolicyHolderUniqueId: h.uniqueId,
        RequestDocumentUniqueId: limitDoc.UniqueId,
      }),
    ).toBe(true);
  });

  it('should refuse document changes to readers, other companies and bad bodies', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const body = { PolicyHolderUniqueId: h.uniqueId, Name: 'Outro documento', RequestDocumentTypeId: 6 };
    expect((await call('POST', `${P}/CreateRequestDocument`, holderUser, body)).status).toBe(403);
    expect((await call('POST', `${P}/CreateRequestDocument`, other, body)).status).toBe(404);
    expect((await call('POST', `${P}/CreateRequestDocument`, admin, { ...body, Name: 'x' })).status).toBe(
      400,
    );
    expect(
      (await call('GET', `${P}/GetDocumentsByPolicyHolderUniqueId?policyHolderUniqueId=${h.uniqueId}`, other))
        .status,
    ).toBe(404);
  });
});

describe('proposal validation and nominations', () => {
  it('should validate a CNPJ for a new proposal: found, blocked, restrictive and limit status', async () => {
    const ok1 = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    const v = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${encodeURIComponent(maskCnpj(ok1.document))}`,
    );
    expect(v).toMatchObject({ Found: true, Name: ok1.name, IsNominated: true });
    expect(['SemLimite', 'Disponivel', 'Esgotado']).toContain(v.LimitStatus);
    const blocked = await holderByName(54, 'Limpeza Urbana Planalto Ltda.');
    const vb = await ok('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${blocked.document}`);
    expect(vb).toMatchObject({ Found: true, IsBlocked: true, IsRestrictiveBlocked: true, CanProceed: false });
    expect(vb.Messages).toEqual(
      expect.arrayContaining(['Tomador bloqueado.', 'Tomador bloqueado por restritivos.']),
    );
    const exhausted = await holderByName(54, 'Terraplenagem Rio Claro Ltda.');
    await ok('POST', `${P}/SaveComplementarData`, {
      PolicyHolderUniqueId: exhausted.uniqueId,
      FinancialStatements: [
        {
          Year: 2030,
          Revenue: '50000000',
          Equity: '10000000',
          NetIncome: '4000000',
          Indebtedness: '8000000',
        },
      ],
    });
    await ok('POST', `${P}/CalculatePolicyHolderLimitsAndRates?PolicyHolderUniqueId=${exhausted.uniqueId}`);
    await t.database.db
      .insert(policyHolderExposures)
      .values({ companyId: 54, policyHolderId: exhausted.id, modalityId: null, amount: '15000000.00' });
    const ve = await ok('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${exhausted.document}`);
    expect(ve.LimitStatus).toBe('Esgotado');
    const unknown = await ok('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${generateCnpj()}`);
    expect(unknown).toMatchObject({ Found: false, CanProceed: false });
    expect(
      (await call('POST', `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=11111111111111`, admin)).status,
    ).toBe(400);
    const foreign = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${ok1.document}`,
      undefined,
      other,
    );
    expect(foreign.Found).toBe(false);
  });

  it('should let a broker ask for a nomination, see it pending, and see the policy holder once approved', async () => {
    const [notNominated] = await t.database.db
      .select()
      .from(policyHolders)
      .where(
        and(
          eq(policyHolders.companyId, 54),
          eq(policyHolders.name, 'Consultoria Ambiental Mata Atlântica Ltda.'),
        ),
      );
    await t.database.db
      .delete(policyHolderNominations)
      .where(
        and(
          eq(policyHolderNominations.policyHolderId, notNominated!.id),
          eq(policyHolderNominations.brokerId, brokerId),
        ),
      );
    const before = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${notNominated!.document}`,
      undefined,
      broker,
    );
    expect(before).toMatchObject({ Found: true, IsNominated: false, CanProceed: false });
    expect(
      (await call('GET', `${P}/GetPolicyHolder?UniqueId=${notNominated!.uniqueId}`, broker)).status,
    ).toBe(404);

    const nomination = await ok(
      'POST',
      `${P}/RegisterPolicyHolderNomeationRequest`,
      { Cnpj: maskCnpj(notNominated!.document), Justification: 'Cliente antigo.' },
      broker,
    );
    expect(nomination).toMatchObject({
      StatusId: 1,
      StatusName: 'Pendente',
      BrokerId: brokerId,
      RequestedByName: 'Marina Lopes',
    });
    const again = await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, broker, {
      PolicyHolderUniqueId: notNominated!.uniqueId,
    });
    expect(again.status).toBe(409);
    const pending = await ok(
      'POST',
      `${P}/ValidatePolicyHolderByCNPJToNewProposal?Cnpj=${notNominated!.document}`,
      undefined,
      broker,
    );
    expect(pending.NominationPending).toBe(true);

    await t.database.db
      .update(policyHolderNominations)
      .set({ statusId: 2, decidedAt: new Date() })
      .where(eq(policyHolderNominations.id, nomination.Id));
    expect(
      (await call('GET', `${P}/GetPolicyHolder?UniqueId=${notNominated!.uniqueId}`, broker)).status,
    ).toBe(200);
    const list = await ok(
      'GET',
      `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${brokerId}`,
      undefined,
      broker,
    );
    expect(list.find((n: { Id: number }) => n.Id === nomination.Id).StatusName).toBe('Aprovada');
  });

  it('should refuse nomination requests from insurer staff and from brokers without a brokerage', async () => {
    const h = await holderByName(54, 'Construtora Horizonte Azul Ltda.');
    expect(
      (
        await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, admin, {
          PolicyHolderUniqueId: h.uniqueId,
        })
      ).status,
    ).toBe(403);
    const orphan = await authHeaders(t, { cid: 54, utp: 2, prm: [13, 14], sub: String(adminId) });
    expect(
      (
        await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, orphan, {
          PolicyHolderUniqueId: h.uniqueId,
        })
      ).status,
    ).toBe(422);
    expect((await call('POST', `${P}/RegisterPolicyHolderNomeationRequest`, broker, {})).status).toBe(400);
  });

  it('should list a brokerage’s nominations by its UniqueId for staff and refuse another brokerage to a broker', async () => {
    const [row] = await t.database.db
      .select({ unique_id: brokers.uniqueId })
      .from(brokers)
      .where(eq(brokers.id, brokerId));
    const list = await ok(
      'GET',
      `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${row!.unique_id}`,
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((n: { BrokerId: number }) => n.BrokerId === brokerId)).toBe(true);
    const otherBroker = (await userId('corretor2')).brokerId!;
    expect(
      (
        await call(
          'GET',
          `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${otherBroker}`,
          broker,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          'GET',
          `${P}/GetPolicyHoldersNominatedByBrokerUniqueId?brokerUniqueId=${row!.unique_id}`,
          other,
        )
      ).status,
    ).toBe(404);
  });
});
