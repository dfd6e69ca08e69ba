import { allEndpoints, type EndpointDef } from '@aval/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.js';
import { authHeaders, createTestApp, type TestApp } from '../../test/harness.js';
import { changeHistory } from '../change-history/change-history.table.js';
import { persons, users } from '../users/users.table.js';
import { seedParameterisation } from './parameterisation.seed.js';
import * as tables from './parameterisation.table.js';
import { modalities, modalityGroups, paramBranches } from './parameterisation.table.js';

type H = Record<string, string>;
let t: TestApp;
let admin: H; // insurer staff of 54 with permission 26
let staff: H; // insurer staff of 54 without 26
let broker: H; // broker of 54 (reads only)
let brokerWith26: H; // wrong user type for writes
let other: H; // insurer staff of 325 with 26
let adminName: string;

const call = async (method: string, url: string, headers: H, payload?: unknown) => {
  const res = await t.app.inject({ method: method as 'GET', url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
};
const get = (url: string, h: H = admin) => call('GET', url, h);
const ok = async (method: string, url: string, payload?: unknown, h: H = admin) => {
  const r = await call(method, url, h, payload);
  if (r.status !== 200) throw new Error(`${method} ${url} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.Response;
};

const modalityId = async (companyId: number, branchCode: string, name: string) => {
  const [row] = await t.database.db
    .select({ id: modalities.id, uniqueId: modalities.uniqueId })
    .from(modalities)
    .innerJoin(paramBranches, eq(paramBranches.id, modalities.branchId))
    .where(
      and(eq(modalities.companyId, companyId), eq(paramBranches.code, branchCode), eq(modalities.name, name)),
    );
  if (!row) throw new Error(`no modality ${name}`);
  return row;
};
const groupUniqueId = async () => {
  const [row] = await t.database.db
    .select({ uniqueId: modalityGroups.uniqueId })
    .from(modalityGroups)
    .where(eq(modalityGroups.companyId, 54))
    .limit(1);
  return row?.uniqueId as string;
};
const branchId = async (companyId: number, code: string) => {
  const [row] = await t.database.db
    .select({ id: paramBranches.id })
    .from(paramBranches)
    .where(and(eq(paramBranches.companyId, companyId), eq(paramBranches.code, code)));
  return row?.id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  const [u] = await t.database.db
    .select({ id: users.id, name: persons.name })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(users.companyId, 54), eq(users.userTypeId, 1)))
    .limit(1);
  const sub = String(u?.id ?? 1);
  adminName = u?.name ?? `Usuário ${sub}`;
  admin = await authHeaders(t, { cid: 54, utp: 1, prm: [26], sub });
  staff = await authHeaders(t, { cid: 54, utp: 1, prm: [7, 32], sub });
  broker = await authHeaders(t, { cid: 54, utp: 2, prm: [6, 7], sub: '999' });
  brokerWith26 = await authHeaders(t, { cid: 54, utp: 2, prm: [26], sub: '999' });
  other = await authHeaders(t, { cid: 325, utp: 1, prm: [26], sub: '1' });
});
afterAll(() => t.close());

describe('demo catalogue and reads', () => {
  it('should seed branches 0775, 0776 and the property products for every company', async () => {
    for (const h of [admin, other]) {
      const branches = await ok('GET', '/api/Core/GetAllCompanyBranch', undefined, h);
      expect(branches.map((b: { Code: string }) => b.Code)).toEqual(['0775', '0776', 'NamedRisk', 'RC']);
      expect(branches[0]).toMatchObject({ IsPublic: true, Kind: 'surety', IofRate: '0.000000' });
      expect(branches[2]).toMatchObject({ Kind: 'property', IofRate: '7.380000' });
    }
  });

  it('should list the surety modalities of branch 0775 with plausible limits to any user of the company', async () => {
    const id = await branchId(54, '0775');
    const list = await ok('GET', `/api/Core/GetModalitiesByBranch?branchId=${id}`, undefined, broker);
    const names = list.map((m: { Name: string }) => m.Name);
    for (const n of [
      'Licitante',
      'Executante Construtor',
      'Fornecedor',
      'Prestador de Serviços',
      'Adiantamento de Pagamento',
      'Retenção de Pagamentos',
      'Judicial Cível',
      'Judicial Trabalhista',
      'Judicial Depósito Recursal',
      'Judicial Fiscal',
      'Aduaneiro',
    ])
      expect(names).toContain(n);
    const fiscal = list.find((m: { Name: string }) => m.Name === 'Judicial Fiscal');
    expect(fiscal).toMatchObject({
      MinPeriodInDays: 1825,
      MaxInsuredAmountValue: '50000000.00',
      BranchCode: '0775',
    });
    const privateId = await branchId(54, '0776');
    const priv = await ok('GET', `/api/Core/GetModalitiesByBranch?branchId=${privateId}`, undefined, broker);
    expect(priv.map((m: { Name: string }) => m.Name)).toContain('Imobiliário');
  });

  it('should answer 404 for a branch of another company and 400 for a bad id', async () => {
    const id = await branchId(54, '0775');
    expect((await get(`/api/Core/GetModalitiesByBranch?branchId=${id}`, other)).status).toBe(404);
    const bad = await get('/api/Core/GetModalitiesByBranch?branchId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.Errors.length).toBeGreaterThan(0);
  });

  it('should group modalities with ModalityGroupUniqueId and list a group', async () => {
    const id = await branchId(54, '0775');
    const groups = await ok('GET', `/api/Modality/GetModalitiesGroups?branchId=${id}`, undefined, broker);
    const judicial = groups.find((g: { Name: string }) => g.Name === 'Judicial');
    expect(judicial.Modalities).toHaveLength(4);
    const byGroup = await ok(
      'GET',
      `/api/Modality/GetModalitiesByGroup?modalityGroupUniqueId=${judicial.ModalityGroupUniqueId}`,
      undefined,
      broker,
    );
    expect(byGroup.map((m: { Name: string }) => m.Name).sort()).toEqual(
      ['Judicial Cível', 'Judicial Depósito Recursal', 'Judicial Fiscal', 'Judicial Trabalhista'].sort(),
    );
    expect(
      (
        await get(
          `/api/Modality/GetModalitiesByGroup?modalityGroupUniqueId=${judicial.ModalityGroupUniqueId}`,
          other,
        )
      ).status,
    ).toBe(404);
    expect((await get('/api/Modality/GetModalitiesByGroup?modalityGroupUniqueId=x')).status).toBe(400);
  });

  it('should return a modality with coverages, terms rendered with tags, clauses, documents and installments', async () => {
    const { id } = await modalityId(54, '0775', 'Executante Construtor');
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`, undefined, broker);
    expect(m.Coverages.map((c: { Name: string }) => c.Name)).toEqual([
      'Cobertura Básica - Executante Construtor',
    ]);
    expect(m.AdditionalCoverages.map((c: { Name: string }) => c.Name)).toEqual([
      'Ações Trabalhistas e Previdenciárias',
      'Multas Contratuais',
    ]);
    const object = m.ContractualTerms.find((x: { TermType: number }) => x.TermType === 3);
    expect(object.Text).toContain('[TOMADOR]');
    expect(object.Tags).toEqual(
      expect.arrayContaining(['VALOR_IS', 'TOMADOR', 'CNPJ_TOMADOR', 'INI_VIGENCIA']),
    );
    expect(object.PreviewHtml).toContain('Construtora Exemplo Ltda.');
    expect(object.PreviewHtml).toContain('R$ 150.000,00');
    expect(object.PreviewHtml).toContain('11.222.333/0001-81');
    expect(object.PreviewHtml).not.toContain('[TOMADOR]');
    expect(
      m.ComplementaryModalities.map(
        (c: { ComplementaryModalityName: string }) => c.ComplementaryModalityName,
      ),
    ).toEqual(['Adiantamento de Pagamento', 'Retenção de Pagamentos']);
    expect(m.ParticularClauses.length).toBeGreaterThan(0);
    expect(m.RequestDocuments.map((d: { Name: string }) => d.Name)).toContain('Contrato ou edital');
    expect(m.InstallmentParameter).toMatchObject({
      Code: 'PARC6',
      InstallmentParameter: { MaximumInstallments: 6 },
    });
    expect((await get(`/api/Core/GetModality?modalityId=${id}`, other)).status).toBe(404);
    expect((await get('/api/Core/GetModality?modalityId=0')).status).toBe(400);
  });

  it('should give the percentage limit and the maintained bank list', async () => {
    expect(
      await ok('GET', '/api/Core/GetPercentageLimitPremiumRelationIssuredAmount', undefined, broker),
    ).toEqual({
      Percentage: '10.000000',
    });
    const banks = await ok('GET', '/api/Core/GetBanks', undefined, broker);
    expect(banks.length).toBeGreaterThan(100);
    expect(banks[0]).toEqual({ Id: 1, Code: '001', Ispb: '00000000', Name: 'Banco do Brasil S.A.' });
    expect(banks.find((b: { Code: string }) => b.Code === '341')).toBeTruthy();
  });

  it('should leave an existing catalogue as it is when the seed runs again', async () => {
    const count = async () => (await t.database.db.select({ id: modalities.id }).from(modalities)).length;
    const before = await count();
    await seedParameterisation(t.database.db);
    expect(await count()).toBe(before);
  });

  it('should require authentication', async () => {
    const res = await t.app.inject({
      url: '/api/Core/GetBanks',
      headers: { companykey: admin.companykey as string },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('modalities: insert, update and change history', () => {
  let created: { Id: number; UniqueId: string; ModalityGroupId: number; BranchId: number };

  it('should create a modality in a new group and record its creation', async () => {
    const branch = await branchId(54, '0776');
    created = await ok('POST', '/api/Core/InsertModality', {
      BranchId: branch,
      NewModalityGroupName: 'Energia',
      Name: 'Garantia de Contratos de Energia',
      MaxInsuredAmountValue: '8000000.00',
      AutomaticApprovalLimit: 1500000,
      MinInsurancePremium: '350,00',
      RetroactiveDays: 10,
      FutureDays: 45,
      MinPeriodInDays: 30,
      MaxPeriodInDays: 730,
    });
    expect(created).toMatchObject({
      Name: 'Garantia de Contratos de Energia',
      ModalityGroupName: 'Energia',
      BranchCode: '0776',
      AutomaticApprovalLimit: '1500000.00',
      MinInsurancePremium: '350.00',
      IsActive: true,
    });
    const history = await ok(
      'GET',
      `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`,
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      Field: 'Created',
      FieldLabel: 'Inclusão',
      NewValue: 'Garantia de Contratos de Energia',
    });
  });

  it('should refuse inconsistent limits, a missing group and duplicates', async () => {
    const branch = await branchId(54, '0776');
    const base = { BranchId: branch, NewModalityGroupName: 'Energia', Name: 'Outra' };
    const bad = await call('POST', '/api/Core/InsertModality', admin, {
      ...base,
      MinPeriodInDays: 400,
      MaxPeriodInDays: 30,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toContain('O prazo mínimo em dias não pode ser maior que o prazo máximo.');
    const cancel = await call('POST', '/api/Core/InsertModality', admin, { ...base, AutomaticCancel: true });
    expect(cancel.body.Errors).toContain('Informe os dias após o vencimento para o cancelamento automático.');
    const noGroup = await call('POST', '/api/Core/InsertModality', admin, { BranchId: branch, Name: 'X' });
    expect(noGroup.status).toBe(400);
    const money = await call('POST', '/api/Core/InsertModality', admin, {
      ...base,
      MinInsurancePremium: 'abc',
    });
    expect(money.status).toBe(400);
    expect(money.body).toEqual({
      Errors: ['Valor inválido inválido, campo numérico.'],
      Fields: [{ Field: 'MinInsurancePremium', Message: 'Valor inválido inválido, campo numérico.' }],
    });
    const unnamed = await call('POST', '/api/Core/InsertCoverage', admin, { ModalityId: 1, Name: ' ' });
    expect(unnamed.body).toEqual({
      Errors: ['Informe o nome da cobertura.'],
      Fields: [{ Field: 'Name', Message: 'Informe o nome da cobertura.' }],
    });
    const untyped = await call('POST', '/api/Core/InsertModality', admin, { ...base, IsActive: 'sim' });
    expect(untyped.body.Errors).toEqual(['Entrada inválida: esperava um valor booleano, recebeu um texto']);
    const dup = await call('POST', '/api/Core/InsertModality', admin, {
      ...base,
      Name: 'Garantia de Contratos de Energia',
    });
    expect(dup.status).toBe(409);
    const foreign = await call('POST', '/api/Core/InsertModality', other, base);
    expect(foreign.status).toBe(404);
  });

  it('should update the limits and write one history entry per field with the spec labels', async () => {
    const updated = await ok('PUT', '/api/Core/UpdateModality', {
      Id: created.Id,
      MaxInsuredAmountValue: '9000000',
      AutomaticApprovalLimit: '1500000.00', // unchanged: no entry
      MinInsurancePremium: '400.00',
      RetroactiveDays: 20,
      FutureDays: 60,
      MinPeriodInDays: 60,
      MaxPeriodInDays: 1095,
      IsComplementary: true,
      AutomaticCancel: true,
      DaysAfterDueDate: 45,
    });
    expect(updated).toMatchObject({
      MaxInsuredAmountValue: '9000000.00',
      DaysAfterDueDate: 45,
      AutomaticCancel: true,
    });
    const history = await ok(
      'GET',
      `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`,
    );
    const byField = Object.fromEntries(history.map((h: { Field: string }) => [h.Field, h]));
    expect(byField.AutomaticApprovalLimit).toBeUndefined();
    expect(byField.MaxInsuredAmountValue).toMatchObject({
      FieldLabel: 'Valor máximo da importância segurada',
      OldValue: 'R$ 8.000.000,00',
      NewValue: 'R$ 9.000.000,00',
      EntityLabel: 'Modalidade',
    });
    expect(byField.MinInsurancePremium.FieldLabel).toBe('Prêmio mínimo');
    expect(byField.RetroactiveDays).toMatchObject({
      FieldLabel: 'Dias de retroatividade',
      OldValue: '10',
      NewValue: '20',
    });
    expect(byField.FutureDays.FieldLabel).toBe('Dias futuros');
    expect(byField.MinPeriodInDays.FieldLabel).toBe('Prazo mínimo em dias');
    expect(byField.MaxPeriodInDays.FieldLabel).toBe('Prazo máximo em dias');
    expect(byField.IsComplementary).toMatchObject({
      FieldLabel: 'Modalidade complementar',
      OldValue: 'Não',
      NewValue: 'Sim',
    });
    expect(byField.AutomaticCancel.FieldLabel).toBe('Cancelamento automático');
    expect(byField.DaysAfterDueDate).toMatchObject({
      FieldLabel: 'Dias após o vencimento',
      OldValue: null,
      NewValue: '45',
    });
    expect(byField.MaxInsuredAmountValue.ChangedByName).toBe(adminName);
    expect(typeof byField.MaxInsuredAmountValue.ChangedBy).toBe('number');
    expect(Number.isNaN(Date.parse(byField.MaxInsuredAmountValue.ChangedAt))).toBe(false);
  });

  it('should refuse an update that breaks the limits, and another company changing the modality', async () => {
    const bad = await call('PUT', '/api/Core/UpdateModality', admin, {
      Id: created.Id,
      MinPeriodInDays: 5000,
    });
    expect(bad.status).toBe(400);
    const foreign = await call('PUT', '/api/Core/UpdateModality', other, {
      Id: created.Id,
      Name: 'Invadida',
    });
    expect(foreign.status).toBe(404);
    expect(
      (await get(`/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`, other))
        .status,
    ).toBe(404);
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${created.Id}`);
    expect(m.Name).toBe('Garantia de Contratos de Energia');
  });

  it('should hide inactive modalities from readers and show them to parameterisation users on request', async () => {
    await ok('PUT', '/api/Core/UpdateModality', { Id: created.Id, IsActive: false });
    const url = `/api/Core/GetModalitiesByBranch?branchId=${created.BranchId}&includeInactive=true`;
    const forBroker = await ok('GET', url, undefined, broker);
    expect(forBroker.find((m: { Id: number }) => m.Id === created.Id)).toBeUndefined();
    const forAdmin = await ok('GET', url);
    expect(forAdmin.find((m: { Id: number }) => m.Id === created.Id)).toMatchObject({ IsActive: false });
    await ok('PUT', '/api/Core/UpdateModality', { Id: created.Id, IsActive: true });
  });

  it('should keep the history for parameterisation users only', async () => {
    expect(
      (await get(`/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`, staff))
        .status,
    ).toBe(403);
  });
});

describe('coverages and complementary modalities', () => {
  it('should insert, update and enable/disable a coverage with history', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Fornecedor');
    const c = await ok('POST', '/api/Core/InsertCoverage', {
      ModalityId: id,
      Name: 'Garantia de Qualidade',
      IsAdditional: true,
      InsuredAmountPercentage: '20',
      Rate: 0.15,
    });
    expect(c).toMatchObject({
      Name: 'Garantia de Qualidade',
      IsAdditional: true,
      Rate: '0.150000',
      IsActive: true,
    });
    const u = await ok('PUT', '/api/Core/UpdateCoverage', {
      Id: c.Id,
      Rate: '0.25',
      Name: 'Garantia de Qualidade do Produto',
    });
    expect(u).toMatchObject({
      Rate: '0.250000',
      Name: 'Garantia de Qualidade do Produto',
      InsuredAmountPercentage: '20.000000',
    });
    const off = await ok('DELETE', `/api/Core/EnableDisableCoverage?id=${c.Id}`);
    expect(off.IsActive).toBe(false);
    const active = await ok(
      'GET',
      `/api/Core/GetAdditionalCoverages?ModalityUniqueId=${uniqueId}`,
      undefined,
      broker,
    );
    expect(active.find((x: { Id: number }) => x.Id === c.Id)).toBeUndefined();
    const all = await ok(
      'GET',
      `/api/Core/GetAdditionalCoverages?ModalityUniqueId=${uniqueId}&ignoreDeleted=false`,
    );
    expect(all.find((x: { Id: number }) => x.Id === c.Id)).toMatchObject({ IsActive: false });
    const on = await ok('DELETE', `/api/Core/EnableDisableCoverage?id=${c.Id}`);
    expect(on.IsActive).toBe(true);
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    const coverageEntries = history.filter((h: { Entity: string }) => h.Entity === 'Coverage');
    expect(coverageEntries.map((h: { Field: string }) => h.Field).sort()).toEqual(
      ['Created', 'IsActive', 'IsActive', 'Name', 'Rate'].sort(),
    );
    expect(coverageEntries.find((h: { Field: string }) => h.Field === 'Rate')).toMatchObject({
      OldValue: '0,15%',
      NewValue: '0,25%',
      EntityLabel: 'Cobertura',
    });
  });

  it('should refuse bad coverage input and another company', async () => {
    const { id } = await modalityId(54, '0775', 'Fornecedor');
    expect((await call('POST', '/api/Core/InsertCoverage', admin, { ModalityId: id, Name: '' })).status).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/Core/InsertCoverage', admin, { ModalityId: id, Name: 'X', Rate: '101' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/Core/InsertCoverage', other, { ModalityId: id, Name: 'X' })).status,
    ).toBe(404);
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`);
    const coverageId = m.Coverages[0].Id;
    expect((await call('PUT', '/api/Core/UpdateCoverage', other, { Id: coverageId, Name: 'Y' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/api/Core/EnableDisableCoverage?id=${coverageId}`, other)).status).toBe(
      404,
    );
  });

  it('should return the objects of chosen additional coverages', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Executante Construtor');
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`);
    const labor = m.AdditionalCoverages.find((c: { Name: string }) => c.Name.startsWith('Ações'));
    const objects = await ok(
      'POST',
      '/api/Core/GetAdditionalCoveragesObjects',
      { ModalityUniqueId: uniqueId, CoverageIds: [labor.Id] },
      broker,
    );
    expect(objects).toHaveLength(1);
    expect(objects[0].CoverageName).toBe('Ações Trabalhistas e Previdenciárias');
    expect(objects[0].Objects[0]).toMatchObject({ TermType: 5, TermTypeName: 'Objeto da Cobertura' });
    expect(objects[0].Objects[0].PreviewHtml).toContain('Prefeitura Municipal de Exemplo');
    const res = await call('POST', '/api/Core/GetAdditionalCoveragesObjects', other, {
      ModalityUniqueId: uniqueId,
      CoverageIds: [labor.Id],
    });
    expect(res.status).toBe(404);
  });

  it('should link, refuse and toggle complementary modalities', async () => {
    const fornecedor = await modalityId(54, '0775', 'Fornecedor');
    const licitante = await modalityId(54, '0775', 'Licitante');
    const judicial = await modalityId(54, '0775', 'Judicial Cível');
    const adiantamento = await modalityId(54, '0775', 'Adiantamento de Pagamento');
    const self = await call(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${licitante.id}`,
      admin,
    );
    expect(self.status).toBe(400);
    const notComplementary = await call(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${judicial.id}`,
      admin,
    );
    expect(notComplementary.status).toBe(422);
    expect(notComplementary.body.Errors[0]).toContain('não está marcada como modalidade complementar');
    const dup = await call(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${fornecedor.id}&complementaryModalityId=${adiantamento.id}`,
      admin,
    );
    expect(dup.status).toBe(409);
    const link = await ok(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${adiantamento.id}`,
    );
    expect(link).toMatchObject({
      ModalityName: 'Licitante',
      ComplementaryModalityName: 'Adiantamento de Pagamento',
      IsActive: true,
    });
    const off = await ok(
      'DELETE',
      `/api/Core/EnableDisableComplementaryModality?complementaryModalityId=${link.Id}`,
    );
    expect(off.IsActive).toBe(false);
    const activeOnly = await ok(
      'GET',
      `/api/Core/GetComplementaryModalities?modalityId=${licitante.id}&onlyActive=true`,
      undefined,
      broker,
    );
    expect(activeOnly).toEqual([]);
    const again = await ok(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${adiantamento.id}`,
    );
    expect(again).toMatchObject({ Id: link.Id, IsActive: true });
    expect(
      (
        await call(
          'DELETE',
          `/api/Core/EnableDisableComplementaryModality?complementaryModalityId=${link.Id}`,
          other,
        )
      ).status,
    ).toBe(404);
    const all325 = await ok('GET', '/api/Core/GetComplementaryModalities', undefined, other);
    expect(all325.find((c: { Id: number }) => c.Id === link.Id)).toBeUndefined();
  });
});

describe('contractual terms, clauses and general conditions', () => {
  it('should sanitise the stored text, render its tags and bump the version on a new save', async () => {
    const { id } = await modalityId(54, '0775', 'Licitante');
    const text =
      '<p onclick="alert(1)">Objeto: garantir [VALOR_IS] ([VALOR_IS_EXT]) ao segurado [SEGURADO], tomador [TOMADOR], apólice [NR_APOLICE] e [TAG_DESCONHECIDA].</p><script>alert("x")</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>';
    const term = await ok('PUT', '/api/Core/InsertContractualTerm', {
      TermType: 3,
      ModalityId: id,
      Text: text,
    });
    expect(term.Text).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(term.Text).toContain('[VALOR_IS]');
    expect(term.Tags).toEqual(['VALOR_IS', 'VALOR_IS_EXT', 'SEGURADO', 'TOMADOR', 'NR_APOLICE']);
    expect(term.UnknownTags).toEqual(['TAG_DESCONHECIDA']);
    expect(term.PreviewHtml).toContain('R$ 150.000,00');
    expect(term.PreviewHtml).toContain('cento e cinquenta mil reais');
    expect(term.PreviewHtml).toContain('Prefeitura Municipal de Exemplo');
    expect(term.PreviewHtml).toMatch(
      /<span class="tag-missing" style="color:#B3261E">Número da Apólice<\/span>/,
    );
    const version = term.Version;
    const again = await ok('PUT', '/api/Core/InsertContractualTerm', {
      TermType: 3,
      ModalityId: id,
      Text: '<p>Novo objeto para [TOMADOR].</p>',
    });
    expect(again).toMatchObject({ Id: term.Id, Version: version + 1 });
    const objects = await ok(
      'GET',
      `/api/Core/GetModalityObject?ModalityId=${id}&termType=3`,
      undefined,
      broker,
    );
    expect(objects).toHaveLength(1);
    expect(objects[0].Text).toBe('<p>Novo objeto para [TOMADOR].</p>');
    expect(objects[0].PreviewHtml).toBe('<p>Novo objeto para Construtora Exemplo Ltda..</p>');
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    expect(
      history.find(
        (h: { Entity: string; Field: string }) => h.Entity === 'ContractualTerm' && h.Field === 'Text',
      ),
    ).toBeTruthy();
  });

  it('should refuse a term without its modality or coverage, an empty text, and another company', async () => {
    const { id } = await modalityId(54, '0775', 'Licitante');
    expect(
      (await call('PUT', '/api/Core/InsertContractualTerm', admin, { TermType: 2, Text: '<p>x</p>' })).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/Core/InsertContractualTerm', admin, {
          TermType: 5,
          ModalityId: id,
          Text: '<p>x</p>',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('PUT', '/api/Core/InsertContractualTerm', admin, {
          TermType: 9,
          ModalityId: id,
          Text: '<p>x</p>',
        })
      ).status,
    ).toBe(400);
    const empty = await call('PUT', '/api/Core/InsertContractualTerm', admin, {
      TermType: 2,
      ModalityId: id,
      Text: '<script>x</script><p> </p>',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.Errors).toEqual(['Informe o texto do termo.']);
    expect(
      (
        await call('PUT', '/api/Core/InsertContractualTerm', other, {
          TermType: 2,
          ModalityId: id,
          Text: '<p>x</p>',
        })
      ).status,
    ).toBe(404);
    expect((await get(`/api/Core/GetModalityObject?ModalityId=${id}`, other)).status).toBe(404);
  });

  it('should keep general conditions per branch (public and private) with a real history', async () => {
    const initial = await ok('GET', '/api/Plug/GetGeneralConditions');
    expect(
      initial.map((g: { Branch: { Code: string }; IsPublic: boolean }) => [g.Branch.Code, g.IsPublic]),
    ).toEqual([
      ['0775', true],
      ['0776', false],
    ]);
    expect(initial[0].Term.Text).toContain('Circular SUSEP');
    const branch = initial[1].Branch.Id;
    await ok('PUT', '/api/Core/InsertContractualTerm', {
      TermType: 1,
      BranchId: branch,
      Text: '<p>Condições gerais revisadas para [SEGURADORA].</p>',
    });
    const after = await ok('GET', `/api/Plug/GetGeneralConditions?branchId=${branch}`);
    expect(after).toHaveLength(1);
    expect(after[0].Term.PreviewHtml).toContain('Aurora Seguros Garantia');
    expect(after[0].Term.Version).toBe(2);
    expect(after[0].History[0]).toMatchObject({
      Field: 'Text',
      FieldLabel: 'Texto',
      ChangedByName: adminName,
    });
    const theirs = await ok('GET', '/api/Plug/GetGeneralConditions', undefined, other);
    expect(theirs[1].Term.Text).not.toContain('revisadas');
    expect(theirs[1].History).toEqual([]);
    expect((await get('/api/Plug/GetGeneralConditions', broker)).status).toBe(403);
  });

  it('should insert, update and change the status of particular clauses', async () => {
    const { id } = await modalityId(54, '0775', 'Aduaneiro');
    const clause = await ok('POST', '/api/Core/InsertParticularClause', {
      ModalityId: id,
      Title: 'Cláusula de Prazo',
      Text: '<p>Vigência de [INI_VIGENCIA] a [FIM_VIGENCIA] para [TOMADOR]<iframe src="x"></iframe></p>',
    });
    expect(clause.Text).toBe('<p>Vigência de [INI_VIGENCIA] a [FIM_VIGENCIA] para [TOMADOR]</p>');
    expect(clause.PreviewHtml).toBe(
      '<p>Vigência de 01/01/2026 a 31/12/2026 para Construtora Exemplo Ltda.</p>',
    );
    const updated = await ok('PUT', '/api/Core/UpdateParticularClause', {
      Id: clause.Id,
      Title: 'Cláusula de Vigência',
    });
    expect(updated).toMatchObject({ Title: 'Cláusula de Vigência', Text: clause.Text });
    const off = await ok('PUT', '/api/Core/UpdateStatusParticularClause', { Id: clause.Id, IsActive: false });
    expect(off.IsActive).toBe(false);
    const forBroker = await ok(
      'GET',
      `/api/Core/GetParticularDetailClauses?modalityid=${id}`,
      undefined,
      broker,
    );
    expect(forBroker.find((c: { Id: number }) => c.Id === clause.Id)).toBeUndefined();
    const forAdmin = await ok(
      'GET',
      `/api/Core/GetParticularDetailClauses?modalityid=${id}&includeInactive=true`,
    );
    expect(forAdmin.find((c: { Id: number }) => c.Id === clause.Id)).toMatchObject({ IsActive: false });
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    const entries = history.filter((h: { Entity: string }) => h.Entity === 'ParticularClause');
    expect(entries.map((h: { Field: string }) => h.Field).sort()).toEqual(['Created', 'IsActive', 'Title']);
    expect(
      (await call('PUT', '/api/Core/UpdateStatusParticularClause', other, { Id: clause.Id, IsActive: true }))
        .status,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/Core/UpdateStatusParticularClause', admin, { Id: clause.Id })).status,
    ).toBe(400);
    expect((await get(`/api/Core/GetParticularDetailClauses?modalityid=${id}`, other)).status).toBe(404);
  });
});

describe('requested documents', () => {
  it('should insert, update, delete softly, restore and remove a requested document', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Judicial Fiscal');
    const doc = await ok('POST', '/api/Core/InsertProposalParameterRequestDocument', {
      ModalityId: id,
      Name: 'Certidão de dívida ativa',
      RequestDocumentTypeId: 3,
      PipeTypeId: 6,
    });
    expect(doc).toMatchObject({
      RequestDocumentTypeName: 'Proposta',
      PipeTypeName: 'Subscrição',
      IsRequired: true,
      IsDeleted: false,
      ModalityUniqueId: uniqueId,
    });
    const dup = await call('POST', '/api/Core/InsertProposalParameterRequestDocument', admin, {
      ModalityId: id,
      Name: 'CERTIDÃO DE DÍVIDA ATIVA',
    });
    expect(dup.status).toBe(409);
    const upd = await ok('PUT', '/api/Core/UpdateProposalParameterRequestDocument', {
      Id: doc.Id,
      IsRequired: false,
      PipeTypeId: 2,
    });
    expect(upd).toMatchObject({ IsRequired: false, PipeTypeName: 'Crédito' });
    const pipes = await ok(
      'GET',
      `/api/Core/GetPipeTypeForDocument?modalityUniqueId=${uniqueId}&ignoreCache=true`,
    );
    expect(pipes).toHaveLength(7);
    expect(pipes.find((p: { PipeTypeId: number }) => p.PipeTypeId === 2).Documents).toContain(
      'Certidão de dívida ativa',
    );
    const deleted = await ok(
      'POST',
      `/api/Core/UpdateStatusProposalParameterRequestDocument?id=${doc.Id}&IsDeleted=true`,
    );
    expect(deleted.IsDeleted).toBe(true);
    const forProposal = await ok(
      'GET',
      `/api/Core/GetProposalParameterRequestDocuments?ModalityUniqueId=${uniqueId}&ignoreCache=true`,
      undefined,
      broker,
    );
    expect(forProposal.find((d: { Id: number }) => d.Id === doc.Id)).toBeUndefined();
    const cards = await ok('GET', '/api/Core/GetCardProposalParameterRequestDocuments');
    const card = cards.find((c: { ModalityId: number }) => c.ModalityId === id);
    expect(card.Documents.find((d: { Id: number }) => d.Id === doc.Id)).toMatchObject({ IsDeleted: true });
    expect(card.Total).toBe(3);
    await ok('POST', `/api/Core/UpdateStatusProposalParameterRequestDocument?id=${doc.Id}&IsDeleted=false`);
    expect(await ok('DELETE', `/api/Core/DeleteProposalParameterRequestDocument?id=${doc.Id}`)).toBe(true);
    expect(
      (await call('DELETE', `/api/Core/DeleteProposalParameterRequestDocument?id=${doc.Id}`, admin)).status,
    ).toBe(404);
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    const fields = history
      .filter((h: { Entity: string }) => h.Entity === 'RequestDocument')
      .map((h: { Field: string }) => h.Field)
      .sort();
    expect(fields).toEqual(
      ['Created', 'Deleted', 'IsDeleted', 'IsDeleted', 'IsRequired', 'PipeTypeId'].sort(),
    );
  });

  it('should refuse bad input and keep companies apart', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Judicial Fiscal');
    expect(
      (
        await call('POST', '/api/Core/InsertProposalParameterRequestDocument', admin, {
          ModalityId: id,
          Name: 'X',
          PipeTypeId: 9,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/Core/UpdateStatusProposalParameterRequestDocument?id=1', admin)).status,
    ).toBe(400);
    const [first] = await ok(
      'GET',
      `/api/Core/GetProposalParameterRequestDocuments?ModalityUniqueId=${uniqueId}`,
    );
    expect(
      (
        await call('PUT', '/api/Core/UpdateProposalParameterRequestDocument', other, {
          Id: first.Id,
          Name: 'Y',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/Core/DeleteProposalParameterRequestDocument?id=${first.Id}`, other)).status,
    ).toBe(404);
    expect(
      (await get(`/api/Core/GetProposalParameterRequestDocuments?ModalityUniqueId=${uniqueId}`, other))
        .status,
    ).toBe(404);
    const theirCards = await ok(
      'GET',
      '/api/Core/GetCardProposalParameterRequestDocuments',
      undefined,
      other,
    );
    expect(theirCards.find((c: { ModalityId: number }) => c.ModalityId === id)).toBeUndefined();
  });
});

describe('installment parameters', () => {
  it('should create, change and link installment parameters to modalities', async () => {
    const p = await ok('POST', '/api/InstallmentParameter/CreateInstallmentParameter', {
      Code: 'PARC4',
      Name: 'Até 4 parcelas',
      MinimumInstallmentValue: '250.00',
      MaximumInstallments: 4,
      GracePeriodsInDays: [30, 0, 30],
    });
    expect(p).toMatchObject({
      Code: 'PARC4',
      InstallmentParameter: {
        MinimumInstallmentValue: '250.00',
        GracePeriodsInDays: [0, 30],
        PaymentMethods: ['boleto'],
      },
      Modalities: [],
    });
    expect(
      (
        await call('POST', '/api/InstallmentParameter/CreateInstallmentParameter', admin, {
          Code: 'PARC4',
          Name: 'x',
          MinimumInstallmentValue: '1',
          MaximumInstallments: 2,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', '/api/InstallmentParameter/CreateInstallmentParameter', admin, {
          Code: 'P',
          Name: 'x',
          MinimumInstallmentValue: '1',
          MaximumInstallments: 30,
        })
      ).status,
    ).toBe(400);
    const changed = await ok('PUT', '/api/InstallmentParameter/ChangeInstallmentParameter', {
      Id: p.Id,
      MaximumInstallments: 5,
      PaymentMethods: ['boleto', 'pix'],
    });
    expect(changed.InstallmentParameter).toMatchObject({
      MaximumInstallments: 5,
      PaymentMethods: ['boleto', 'pix'],
    });
    const { id } = await modalityId(54, '0775', 'Aduaneiro');
    const linked = await ok('POST', '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter', {
      ModalityId: id,
      InstallmentParameterId: p.Id,
    });
    expect(linked.Modalities.map((m: { ModalityName: string }) => m.ModalityName)).toEqual(['Aduaneiro']);
    const all = await ok('GET', '/api/InstallmentParameter/GetInstallmentParameter', undefined, broker);
    expect(all.map((x: { Code: string }) => x.Code)).toEqual(['AVISTA', 'PARC12', 'PARC4', 'PARC6']);
    expect(
      all
        .find((x: { Code: string }) => x.Code === 'PARC6')
        .Modalities.map((m: { ModalityName: string }) => m.ModalityName),
    ).not.toContain('Aduaneiro');
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    expect(history[0]).toMatchObject({
      Entity: 'InstallmentModalityParameter',
      FieldLabel: 'Parâmetro de parcelamento',
      OldValue: 'PARC6 - Até 6 parcelas',
      NewValue: 'PARC4 - Até 4 parcelas',
    });
    expect(
      await ok('DELETE', '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter', {
        ModalityId: id,
      }),
    ).toBe(true);
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`);
    expect(m.InstallmentParameter).toBeNull();
    expect(
      (
        await call('DELETE', '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter', admin, {
          ModalityId: id,
        })
      ).status,
    ).toBe(404);
  });

  it('should keep installment parameters per company', async () => {
    const mine = await ok('GET', '/api/InstallmentParameter/GetInstallmentParameter');
    const theirs = await ok('GET', '/api/InstallmentParameter/GetInstallmentParameter', undefined, other);
    expect(theirs.map((x: { Code: string }) => x.Code)).toEqual(['AVISTA', 'PARC12', 'PARC6']);
    const p = mine[0];
    expect(
      (
        await call('PUT', '/api/InstallmentParameter/ChangeInstallmentParameter', other, {
          Id: p.Id,
          Name: 'x',
        })
      ).status,
    ).toBe(404);
    const { id } = await modalityId(325, '0775', 'Aduaneiro');
    expect(
      (
        await call('POST', '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter', other, {
          ModalityId: id,
          InstallmentParameterId: p.Id,
        })
      ).status,
    ).toBe(404);
  });
});

describe('row-level security', () => {
  it('should confine every parameterisation table to the request company even without a filter', async () => {
    // The parameterisation's history lives in the shared change_history table.
    const all = [...Object.values(tables), changeHistory];
    expect(all).toHaveLength(13);
    await withTenant(t.database.db, 325, async (tx) => {
      for (const table of all) {
        const rows = (await tx.select().from(table)) as { companyId: number }[];
        expect(rows.every((r) => r.companyId === 325)).toBe(true);
      }
      const mods = await tx.select().from(modalities);
      expect(mods.length).toBeGreaterThan(10);
    });
    await expect(
      withTenant(t.database.db, 325, (tx) =>
        tx.insert(changeHistory).values({
          companyId: 54,
          ownerType: 'Modality',
          ownerId: 1,
          field: 'Name',
        }),
      ),
    ).rejects.toThrow();
  });
});

describe('permissions', () => {
  const defs = Object.values(allEndpoints).filter((d) => d.area === 'parameterisation');

  it('should register the 37 calls of the area', () => {
    expect(defs).toHaveLength(37);
  });

  /** Inputs that pass validation, so the permission check is what answers. */
  const sample = async (d: EndpointDef) => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Licitante');
    const query: Record<string, string | number> = {};
    for (const key of Object.keys(d.query?.shape ?? {})) {
      if (key === 'modalityGroupUniqueId') query[key] = await groupUniqueId();
      else if (/uniqueid/i.test(key)) query[key] = uniqueId;
      else if (/^(isdeleted|ignoreDeleted|ignoreCache)$/i.test(key)) query[key] = 'true';
      else if (/includeInactive|onlyActive/i.test(key)) continue;
      else query[key] = id;
    }
    const bodies: Record<string, unknown> = {
      '/api/Core/InsertModality': { BranchId: 1, ModalityGroupId: 1, Name: 'x' },
      '/api/Core/UpdateModality': { Id: id },
      '/api/Core/InsertCoverage': { ModalityId: id, Name: 'x' },
      '/api/Core/UpdateCoverage': { Id: 1 },
      '/api/Core/InsertContractualTerm': { TermType: 3, ModalityId: id, Text: '<p>x</p>' },
      '/api/Core/InsertParticularClause': { ModalityId: id, Title: 'x', Text: '<p>x</p>' },
      '/api/Core/UpdateParticularClause': { Id: 1 },
      '/api/Core/UpdateStatusParticularClause': { Id: 1, IsActive: true },
      '/api/Core/InsertProposalParameterRequestDocument': { ModalityId: id, Name: 'x' },
      '/api/Core/UpdateProposalParameterRequestDocument': { Id: 1 },
      '/api/Core/GetAdditionalCoveragesObjects': { ModalityUniqueId: uniqueId, CoverageIds: [] },
      '/api/InstallmentParameter/CreateInstallmentParameter': {
        Code: 'Z',
        Name: 'x',
        MinimumInstallmentValue: '1',
        MaximumInstallments: 1,
      },
      '/api/InstallmentParameter/ChangeInstallmentParameter': { Id: 1 },
      '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter': {
        ModalityId: id,
        InstallmentParameterId: 1,
      },
      '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter': { ModalityId: id },
    };
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return { url: `${d.path}${qs ? `?${qs}` : ''}`, body: bodies[d.path] };
  };

  it('should answer 403 without permission 26 on every write and admin read, and to a broker holding 26', async () => {
    const guarded = defs.filter((d) => d.permissions?.length);
    expect(guarded.length).toBe(23);
    for (const d of guarded) {
      const { url, body } = await sample(d);
      const noPerm = await call(d.method, url, staff, body);
      expect(noPerm.status, `${d.method} ${d.path}`).toBe(403);
      expect(noPerm.body.Errors).toEqual(['Você não tem permissão para executar esta ação.']);
      const wrongType = await call(d.method, url, brokerWith26, body);
      expect(wrongType.status, `${d.method} ${d.path}`).toBe(403);
    }
  });

  it('should let any authenticated user of the company call the reads the proposals use', async () => {
    const open = defs.filter((d) => !d.permissions?.length).map((d) => d.path.split('/').pop());
    expect(open.sort()).toEqual(
      [
        'GetAdditionalCoverages',
        'GetAdditionalCoveragesObjects',
        'GetAllCompanyBranch',
        'GetBanks',
        'GetComplementaryModalities',
        'GetInstallmentParameter',
        'GetModalitiesByBranch',
        'GetModalitiesByGroup',
        'GetModalitiesGroups',
        'GetModality',
        'GetModalityObject',
        'GetParticularDetailClauses',
        'GetPercentageLimitPremiumRelationIssuredAmount',
        'GetProposalParameterRequestDocuments',
      ].sort(),
    );
    for (const d of defs.filter((x) => !x.permissions?.length)) {
      const { url, body } = await sample(d);
      const res = await call(d.method, url, broker, body);
      expect(res.status, `${d.method} ${d.path}`).toBe(200);
    }
  });
});
