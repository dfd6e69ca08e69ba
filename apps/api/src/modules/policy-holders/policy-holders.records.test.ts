import { cnpjFromBase, generateCnpj } from '@aval/domain';
import { describe, expect, it } from 'vitest';
import { createPolicyHolder } from '../../test/factories.js';
import {
  admin,
  adminId,
  analyst,
  broker,
  call,
  holderByName,
  holderUser,
  ok,
  other,
  P,
  t,
  usePolicyHoldersFixture,
} from '../../test/fixtures/policy-holders.js';
import { authHeaders } from '../../test/harness.js';

usePolicyHoldersFixture();

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

  it('should register a holder by its CNPJ in a group found by name, with history, refusing a duplicate, a CPF and who may not', async () => {
    const horizonte = await ok(
      'GET',
      `${P}/GetPolicyHolder?UniqueId=${(await holderByName(54, 'Construtora Horizonte Azul Ltda.')).uniqueId}`,
    );
    const body = {
      Name: 'Construtora Registro Novo Ltda.',
      Document: generateCnpj(),
      EconomicGroupName: 'grupo horizonte',
    };
    const url = `${P}/RegisterPolicyHolder`;
    const created = await ok('POST', url, body);
    expect(created).toMatchObject({
      Name: body.Name,
      Document: body.Document,
      IsActive: true,
      EconomicGroupId: horizonte.EconomicGroupId,
    });
    const history = await ok('GET', `/api/PolicyHolderChangeHistory/Get?policyHolderId=${created.UniqueId}`);
    expect(history.map((e: { Field: string }) => e.Field)).toEqual(
      expect.arrayContaining(['Registration', 'Name', 'EconomicGroup']),
    );
    expect((await call('POST', url, admin, body)).status).toBe(422);
    expect((await call('POST', url, admin, { ...body, Document: '52998224725' })).status).toBe(422);
    expect((await call('POST', url, broker, { ...body, Document: generateCnpj() })).status).toBe(403);
    expect((await call('POST', url, analyst, { ...body, Document: generateCnpj() })).status).toBe(403);
    // Another insurer registers the same CNPJ in a group of its own.
    const elsewhere = await ok('POST', url, body, other);
    expect(elsewhere.EconomicGroupId).not.toBe(horizonte.EconomicGroupId);
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
    // A numeric root has numeric branches only; letters belong to alphanumeric CNPJs.
    const letters = await call(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${h.uniqueId}&BranchCnpj=00AB`,
      admin,
    );
    expect(letters.status).toBe(400);
    expect(JSON.stringify(letters.body)).toContain('só números');
    const alphaHolder = await createPolicyHolder(t, { document: cnpjFromBase('12AB56780001') });
    const alpha = await ok(
      'POST',
      `${P}/InsertPolicyHolderBranch?PolicyHolderUniqueId=${alphaHolder.uniqueId}&BranchCnpj=00AB`,
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
    expect(d.Branches.map((b: { UniqueId: string }) => b.UniqueId)).toContain(four.UniqueId);
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
    expect(history.filter((e: { Field: string }) => e.Field === 'Branch').length).toBeGreaterThanOrEqual(2);
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
