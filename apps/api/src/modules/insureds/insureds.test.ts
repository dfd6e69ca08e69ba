import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, signIn, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Record<string, string>;
let broker: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t, 'admin')).headers;
  broker = (await signIn(t, 'corretor')).headers;
});
afterAll(() => t.close());

const get = (url: string, headers = admin) => t.app.inject({ url, headers });
const patch = (url: string, headers = admin) => t.app.inject({ method: 'PATCH', url, headers });
const firstInsured = async (name: string) =>
  (await get(`/api/Insured/SearchInsureds?InsuredName=${encodeURIComponent(name)}`)).json().Data[0];

const saoPaulo = { StateProvinceId: 35, CityId: 3550308 };

describe('insureds search and detail', () => {
  it('should search with paging and filters, and keep companies apart', async () => {
    const page = (await get('/api/Insured/SearchInsureds?currentPage=1&rowsPerPage=5')).json();
    expect(page).toMatchObject({ Total: 15, CurrentPage: 1, RowsPerPage: 5 });
    expect(page.Data).toHaveLength(5);
    const byName = (await get('/api/Insured/SearchInsureds?InsuredName=prefeitura')).json();
    expect(byName.Total).toBe(3);
    const doc = byName.Data[0].InsuredDocument as string;
    const masked = `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`;
    const byDoc = (
      await get(`/api/Insured/SearchInsureds?InsuredDocument=${encodeURIComponent(masked)}`)
    ).json();
    expect(byDoc.Data.map((d: { Id: number }) => d.Id)).toEqual([byName.Data[0].Id]);
    const other = (
      await get(`/api/Insured/SearchInsureds?InsuredDocument=${doc}`, (await signIn(t, 'admin', 325)).headers)
    ).json();
    expect(other.Total).toBe(0);
  });

  it('should give the detail with its main location', async () => {
    const s = await firstInsured('DNIT');
    const res = await get(`/api/Insured/GetInsured?personUniqueId=${s.UniqueId}`);
    expect(res.statusCode).toBe(200);
    const d = res.json().Response;
    expect(d.Locations[0]).toMatchObject({ IsMain: true, StateCode: 'DF', CityName: 'Brasília' });
    expect(d.MainCity).toBe('Brasília/DF');
  });

  it('should refuse users without the insured permissions', async () => {
    const headers = await authHeaders(t, { cid: 54, utp: 1, prm: [24] });
    expect((await get('/api/Insured/SearchInsureds', headers)).statusCode).toBe(403);
  });
});

describe('insured changes with history', () => {
  it('should require a justification to block, record who did it, and unblock', async () => {
    const s = await firstInsured('Belo Horizonte');
    const refused = await patch(`/api/Insured/SetBlocked?id=${s.Id}&isBlocked=true`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ Errors: ['Informe a justificativa do bloqueio.'] });
    const blocked = await patch(
      `/api/Insured/SetBlocked?id=${s.Id}&isBlocked=true&blockJustify=${encodeURIComponent('Contrato suspenso pelo TCE')}`,
    );
    expect(blocked.json().Response).toMatchObject({
      IsBlocked: true,
      BlockJustification: 'Contrato suspenso pelo TCE',
    });
    const unblocked = await patch(`/api/Insured/SetBlocked?id=${s.Id}&isBlocked=false`);
    expect(unblocked.json().Response).toMatchObject({ IsBlocked: false, BlockJustification: null });
    const history = (await get(`/api/InsuredChangeHistory/Get?insuredId=${s.Id}`)).json().Response;
    expect(history.map((h: { Label: string; NewValue: string }) => [h.Label, h.NewValue])).toEqual([
      ['Bloqueado', 'Não'],
      ['Justificativa do bloqueio', null],
      ['Bloqueado', 'Sim'],
      ['Justificativa do bloqueio', 'Contrato suspenso pelo TCE'],
    ]);
    expect(history[0].ChangedByName).toBe('Helena Duarte');
  });

  it('should let only the insurer block (user type)', async () => {
    const s = await firstInsured('SABESP');
    const headers = await authHeaders(t, { cid: 54, utp: 2, prm: [12] });
    expect(
      (await patch(`/api/Insured/SetBlocked?id=${s.Id}&isBlocked=true&blockJustify=x`, headers)).statusCode,
    ).toBe(403);
  });

  it('should rename and set the private flag, writing history only for real changes', async () => {
    const s = await firstInsured('SABESP');
    await patch(
      `/api/Insured/UpdateInsuredName?id=${s.Id}&insuredName=${encodeURIComponent('SABESP - Saneamento')}`,
    );
    await patch(
      `/api/Insured/UpdateInsuredName?id=${s.Id}&insuredName=${encodeURIComponent('SABESP - Saneamento')}`,
    );
    const priv = await patch(`/api/Insured/UpdateInsuredBranch?id=${s.Id}&isPrivate=true`);
    expect(priv.json().Response).toMatchObject({ Name: 'SABESP - Saneamento', IsPrivate: true });
    const history = (await get(`/api/InsuredChangeHistory/Get?insuredId=${s.Id}`)).json().Response;
    expect(history).toHaveLength(2);
  });

  it('should keep one main location when locations are added, changed and removed', async () => {
    const s = await firstInsured('Transpetro');
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/Insured/SaveInsuredLocation',
      headers: admin,
      payload: {
        InsuredId: s.Id,
        ZipCode: '01310-100',
        AddressName: 'Avenida Paulista',
        Number: '1000',
        ...saoPaulo,
        IsMain: true,
      },
    });
    expect(add.statusCode).toBe(200);
    const locs = add.json().Response.Locations;
    expect(locs.filter((l: { IsMain: boolean }) => l.IsMain)).toHaveLength(1);
    expect(locs[0]).toMatchObject({ AddressName: 'Avenida Paulista', IsMain: true, ZipCode: '01310100' });
    const wrongCity = await t.app.inject({
      method: 'PATCH',
      url: `/api/Insured/UpdateLocation?id=${locs[0].Id}`,
      headers: admin,
      payload: { ZipCode: '01310100', AddressName: 'Avenida Paulista', StateProvinceId: 33, CityId: 3550308 },
    });
    expect(wrongCity.json()).toEqual({ Errors: ['O município não pertence à UF informada.'] });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/Insured/RemoveInsuredLocation?locationId=${locs[0].Id}`,
      headers: admin,
    });
    const after = removed.json().Response.Locations;
    expect(after).toHaveLength(1);
    expect(after[0].IsMain).toBe(true);
  });

  it("should not change another company's insured", async () => {
    const s = await firstInsured('Transpetro');
    const other = (await signIn(t, 'admin', 325)).headers;
    expect(
      (await patch(`/api/Insured/UpdateInsuredName?id=${s.Id}&insuredName=Outro`, other)).statusCode,
    ).toBe(404);
  });
});

describe('insured documents and proposals', () => {
  it('should create a requested document for the insured and list it', async () => {
    const s = await firstInsured('Hospital');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Insured/CreateRequestDocument',
      headers: admin,
      payload: {
        InsuredUniqueId: s.UniqueId,
        Name: 'Edital da licitação',
        RequestDocumentTypeId: 7,
        IsRequired: true,
      },
    });
    expect(created.json().Response).toMatchObject({
      Name: 'Edital da licitação',
      RequestDocumentTypeName: 'Segurado',
    });
    const list = (await get(`/api/Insured/GetDocumentsByInsuredUniqueId?UniqueId=${s.UniqueId}`)).json()
      .Response;
    expect(list).toHaveLength(1);
  });

  it('should find insureds quickly by name or document for a broker', async () => {
    const res = await get('/api/Insured/SearchInsured?TextSearch=prefeitura', broker);
    expect(res.statusCode).toBe(200);
    expect(res.json().Response.length).toBe(3);
  });

  it('should validate an insured for a new proposal: blocked, new without name, created with name', async () => {
    const blocked = await firstInsured('Porto Alegre');
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/Insured/ValidateInsuredByDocumentToNewProposal',
      headers: broker,
      payload: { Document: blocked.InsuredDocument },
    });
    expect(b.json().Response).toMatchObject({ CanProceed: false, IsNew: false });
    expect(b.json().Response.Message).toMatch(/^Segurado bloqueado/);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/Insured/ValidateInsuredByDocumentToNewProposal',
      headers: broker,
      payload: { Document: '11.111.111/1111-11' },
    });
    expect(invalid.json().Response.Message).toBe('CNPJ inválido');
    const fresh = { Document: '12.ABC.345/01DE-35' };
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/Insured/ValidateInsuredByDocumentToNewProposal',
      headers: broker,
      payload: fresh,
    });
    expect(unknown.json().Response).toMatchObject({ CanProceed: false, IsNew: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Insured/ValidateInsuredByDocumentToNewProposal',
      headers: broker,
      payload: { ...fresh, Name: 'Consórcio Intermunicipal do Vale' },
    });
    expect(created.json().Response).toMatchObject({
      CanProceed: true,
      IsNew: true,
      Insured: { InsuredDocument: '12ABC34501DE35' },
    });
  });
});

describe('locations', () => {
  it('should list states and the cities of a state with IBGE codes', async () => {
    const states = (await get('/api/Location/GetStateProvinces')).json().Response;
    expect(states).toHaveLength(27);
    expect(states[0]).toEqual({ Id: 12, Code: 'AC', Name: 'Acre' });
    const cities = (await get('/api/Location/GetCities?stateProvinceId=35')).json().Response;
    expect(cities).toHaveLength(645);
    expect(cities.find((c: { Name: string }) => c.Name === 'São Paulo')).toEqual({
      Id: 3550308,
      Name: 'São Paulo',
      StateProvinceId: 35,
    });
  });

  it('should look up a CEP through the provider and say clearly when it is missing or down', async () => {
    const ok = (await get('/api/Location/SearchCEP?cep=01310-100')).json().Response;
    expect(ok).toEqual({
      ZipCode: '01310100',
      AddressName: 'Avenida Paulista',
      Neighborhood: 'Bela Vista',
      CityId: 3550308,
      CityName: 'São Paulo',
      StateProvinceId: 35,
      StateCode: 'SP',
    });
    const missing = await get('/api/Location/SearchCEP?cep=00000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Errors: ['CEP não encontrado.'] });
    const down = await get('/api/Location/SearchCEP?cep=99999-999');
    expect(down.statusCode).toBe(503);
    expect(down.json().Errors[0]).toMatch(/^A consulta de CEP está indisponível/);
    expect((await get('/api/Location/SearchCEP?cep=123')).statusCode).toBe(400);
  });
});

describe('beneficiaries', () => {
  it('should search legal persons, and natural persons only when allowed', async () => {
    const res = (await get('/api/Beneficiary/SearchBeneficiary?TextSearch=caixa', broker)).json().Response;
    expect(res.map((b: { Name: string }) => b.Name)).toEqual(['Caixa Econômica Federal']);
  });

  it('should validate by document, refuse a CPF where not allowed, create and save a location', async () => {
    const cpf = await t.app.inject({
      method: 'POST',
      url: '/api/Beneficiary/ValidateBeneficiaryByDocument',
      headers: broker,
      payload: { Document: '529.982.247-25', Name: 'João da Silva' },
    });
    expect(cpf.json().Response).toMatchObject({
      CanProceed: false,
      Message: 'Esta modalidade não admite beneficiário pessoa física.',
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Beneficiary/ValidateBeneficiaryByDocument',
      headers: broker,
      payload: { Document: '529.982.247-25', Name: 'João da Silva', CanHaveBeneficiaryPF: true },
    });
    const b = created.json().Response.Beneficiary;
    expect(b).toMatchObject({ IsNaturalPerson: true, Document: '52998224725' });
    const loc = await t.app.inject({
      method: 'POST',
      url: '/api/Beneficiary/SaveBeneficiaryLocation',
      headers: broker,
      payload: { BeneficiaryId: b.Id, ZipCode: '01310100', AddressName: 'Avenida Paulista', ...saoPaulo },
    });
    expect(loc.json().Response.Locations).toHaveLength(1);
    const pf = (
      await get('/api/Beneficiary/SearchBeneficiary?TextSearch=joão&CanHaveBeneficiaryPF=true', broker)
    ).json().Response;
    expect(pf).toHaveLength(1);
  });
});
