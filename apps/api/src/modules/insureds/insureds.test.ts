import {
  createInsuredRequestDocument,
  getCities,
  getDocumentsByInsuredUniqueId,
  getInsured,
  getInsuredChangeHistory,
  getStateProvinces,
  removeInsuredLocation,
  saveBeneficiaryLocation,
  saveInsuredLocation,
  searchBeneficiary,
  searchCep,
  searchInsured,
  searchInsureds,
  setInsuredBlocked,
  updateInsuredBranch,
  updateInsuredLocation,
  updateInsuredName,
  uploadArchives,
  uploadInsuredRequestDocument,
  validateBeneficiaryByDocument,
  validateInsuredByDocumentToNewProposal,
} from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInsured, uniqueCnpj, uniqueCpf, uniqueName, uniqueTag } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const saoPaulo = { StateProvinceId: 35, CityId: 3550308 };
const paulista = { ZipCode: '01310-100', AddressName: 'Avenida Paulista', Number: '1000', ...saoPaulo };
const historyOf = async (insuredId: number) =>
  (await t.data(getInsuredChangeHistory, { as: 'admin', query: { insuredId } })).map((h) => [
    h.FieldLabel,
    h.NewValue,
  ]);

describe('insureds search and detail', () => {
  it('should sort the list by name, document or creation, either way', async () => {
    const tag = uniqueTag();
    const created = [];
    for (const city of ['Gama', 'Alfa', 'Beta'])
      created.push(await createInsured(t, { name: `Prefeitura ${tag} ${city}` }));
    const names = async (orderBy?: 'Name' | 'Document' | 'CreatedAt', orderDirection?: 'asc' | 'desc') =>
      (await t.data(searchInsureds, { as: 'admin', query: { InsuredName: tag, orderBy, orderDirection } }))
        .Data;
    expect((await names()).map((d) => d.Name.split(' ').pop())).toEqual(['Alfa', 'Beta', 'Gama']);
    expect((await names('Name', 'desc')).map((d) => d.Name.split(' ').pop())).toEqual([
      'Gama',
      'Beta',
      'Alfa',
    ]);
    const docs = created.map((c) => c.InsuredDocument).sort();
    expect((await names('Document', 'asc')).map((d) => d.InsuredDocument)).toEqual(docs);
    expect((await names('Document', 'desc')).map((d) => d.InsuredDocument)).toEqual([...docs].reverse());
    expect((await names('CreatedAt', 'asc')).map((d) => d.Id)).toEqual(created.map((c) => c.Id));
  });

  it('should search with paging and filters, and keep companies apart', async () => {
    const tag = uniqueTag();
    const created = [];
    for (const city of ['Alfa', 'Beta', 'Gama'])
      created.push(await createInsured(t, { name: `Prefeitura ${tag} ${city}` }));
    const page = await t.data(searchInsureds, {
      as: 'admin',
      query: { InsuredName: tag, currentPage: 1, rowsPerPage: 2 },
    });
    expect(page).toMatchObject({ Total: 3, CurrentPage: 1, RowsPerPage: 2 });
    expect(page.Data).toHaveLength(2);
    const second = await t.data(searchInsureds, {
      as: 'admin',
      query: { InsuredName: tag, currentPage: 2, rowsPerPage: 2 },
    });
    expect(second.Total).toBe(3);
    expect([...page.Data, ...second.Data].map((d) => d.Id).sort()).toEqual(created.map((c) => c.Id).sort());
    const past = await t.data(searchInsureds, {
      as: 'admin',
      query: { InsuredName: tag, currentPage: 5, rowsPerPage: 2 },
    });
    expect(past).toMatchObject({ Data: [], Total: 3, CurrentPage: 5 });
    const doc = created[0]!.InsuredDocument;
    const masked = `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`;
    const byDoc = await t.data(searchInsureds, { as: 'admin', query: { InsuredDocument: masked } });
    expect(byDoc.Data.map((d) => d.Id)).toEqual([created[0]!.Id]);
    const other = await t.data(searchInsureds, {
      as: { user: 'admin', company: 325 },
      query: { InsuredDocument: doc },
    });
    expect(other.Total).toBe(0);
  });

  it('should give the detail with its main location', async () => {
    const s = await createInsured(t);
    await t.data(saveInsuredLocation, { as: 'admin', body: { InsuredId: s.Id, ...paulista } });
    const res = await t.call(getInsured, { as: 'admin', query: { personUniqueId: s.UniqueId } });
    expect(res.status).toBe(200);
    expect(res.data.Locations[0]).toMatchObject({ IsMain: true, StateCode: 'SP', CityName: 'São Paulo' });
    expect(res.data.MainCity).toBe('São Paulo/SP');
  });

  it('should refuse users without the insured permissions', async () => {
    const res = await t.call(searchInsureds, { as: { cid: 54, utp: 1, prm: [24] } });
    expect(res.status).toBe(403);
  });
});

describe('insured changes with history', () => {
  it('should require a justification to block, record who did it, and unblock', async () => {
    const s = await createInsured(t);
    const refused = await t.call(setInsuredBlocked, { as: 'admin', query: { id: s.Id, isBlocked: true } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ Errors: ['Informe a justificativa do bloqueio.'] });
    const blocked = await t.data(setInsuredBlocked, {
      as: 'admin',
      query: { id: s.Id, isBlocked: true, blockJustify: 'Contrato suspenso pelo TCE' },
    });
    expect(blocked).toMatchObject({ IsBlocked: true, BlockJustification: 'Contrato suspenso pelo TCE' });
    const unblocked = await t.data(setInsuredBlocked, { as: 'admin', query: { id: s.Id, isBlocked: false } });
    expect(unblocked).toMatchObject({ IsBlocked: false, BlockJustification: null });
    const history = await t.data(getInsuredChangeHistory, { as: 'admin', query: { insuredId: s.Id } });
    expect(history.map((h) => [h.FieldLabel, h.NewValue])).toEqual([
      ['Bloqueado', 'Não'],
      ['Justificativa do bloqueio', null],
      ['Bloqueado', 'Sim'],
      ['Justificativa do bloqueio', 'Contrato suspenso pelo TCE'],
      ['Inclusão', s.Name],
    ]);
    expect(history[0]!.ChangedByName).toBe('Helena Duarte');
  });

  it('should let only the insurer block (user type)', async () => {
    const s = await createInsured(t);
    const res = await t.call(setInsuredBlocked, {
      as: { cid: 54, utp: 2, prm: [12] },
      query: { id: s.Id, isBlocked: true, blockJustify: 'x' },
    });
    expect(res.status).toBe(403);
  });

  it('should rename and set the private flag, writing history only for real changes', async () => {
    const s = await createInsured(t);
    const rename = { as: 'admin', query: { id: s.Id, insuredName: 'SABESP - Saneamento' } } as const;
    await t.data(updateInsuredName, rename);
    await t.data(updateInsuredName, rename);
    const priv = await t.data(updateInsuredBranch, { as: 'admin', query: { id: s.Id, isPrivate: true } });
    expect(priv).toMatchObject({ Name: 'SABESP - Saneamento', IsPrivate: true });
    expect(await historyOf(s.Id)).toEqual([
      ['Segurado privado', 'Sim'],
      ['Nome', 'SABESP - Saneamento'],
      ['Inclusão', s.Name],
    ]);
  });

  it('should keep one main location when locations are added, changed and removed', async () => {
    const s = await createInsured(t);
    const first = await t.data(saveInsuredLocation, {
      as: 'admin',
      body: { InsuredId: s.Id, ...paulista, AddressName: 'Rua Augusta', Number: '10' },
    });
    expect(first.Locations).toEqual([expect.objectContaining({ AddressName: 'Rua Augusta', IsMain: true })]);
    const add = await t.call(saveInsuredLocation, {
      as: 'admin',
      body: { InsuredId: s.Id, ...paulista, IsMain: true },
    });
    expect(add.status).toBe(200);
    const locs = add.data.Locations;
    expect(locs).toHaveLength(2);
    expect(locs.filter((l) => l.IsMain)).toHaveLength(1);
    expect(locs[0]).toMatchObject({ AddressName: 'Avenida Paulista', IsMain: true, ZipCode: '01310100' });
    const wrongCity = await t.call(updateInsuredLocation, {
      as: 'admin',
      query: { id: locs[0]!.Id },
      body: { ZipCode: '01310100', AddressName: 'Avenida Paulista', StateProvinceId: 33, CityId: 3550308 },
    });
    expect(wrongCity.body).toEqual({ Errors: ['O município não pertence à UF informada.'] });
    const removed = await t.data(removeInsuredLocation, { as: 'admin', query: { locationId: locs[0]!.Id } });
    expect(removed.Locations).toEqual([
      expect.objectContaining({ AddressName: 'Rua Augusta', IsMain: true }),
    ]);
  });

  it("should not change another company's insured", async () => {
    const s = await createInsured(t);
    const res = await t.call(updateInsuredName, {
      as: { user: 'admin', company: 325 },
      query: { id: s.Id, insuredName: 'Outro' },
    });
    expect(res.status).toBe(404);
    expect((await t.data(getInsured, { as: 'admin', query: { personUniqueId: s.UniqueId } })).Name).toBe(
      s.Name,
    );
  });
});

describe('insured documents and proposals', () => {
  it('should create a requested document for the insured and list it', async () => {
    const s = await createInsured(t);
    const created = await t.data(createInsuredRequestDocument, {
      as: 'admin',
      body: {
        InsuredUniqueId: s.UniqueId,
        Name: 'Edital da licitação',
        RequestDocumentTypeId: 7,
        IsRequired: true,
      },
    });
    expect(created).toMatchObject({ Name: 'Edital da licitação', RequestDocumentTypeName: 'Segurado' });
    const list = await t.data(getDocumentsByInsuredUniqueId, {
      as: 'admin',
      query: { UniqueId: s.UniqueId },
    });
    expect(list.map((d) => d.UniqueId)).toEqual([created.UniqueId]);
  });

  it("should let only insurer staff and brokerages change an insured's documents, each file on one document", async () => {
    const s = await createInsured(t);
    const slot = (Name: string) =>
      t.data(createInsuredRequestDocument, {
        as: 'admin',
        body: { InsuredUniqueId: s.UniqueId, Name, RequestDocumentTypeId: 7, IsRequired: true },
      });
    const edital = await slot('Edital da licitação');
    const contrato = await slot('Contrato');
    const upload = async (as: 'tomador' | 'corretor') =>
      (await t.data(uploadArchives, { as, files: [{ name: 'edital.pdf', data: PDF }] }))[0]!.uniqueIdentifier;
    const attach = (as: 'tomador' | 'corretor', RequestDocumentUniqueId: string, archive: string) =>
      t.call(uploadInsuredRequestDocument, {
        as,
        body: { InsuredUniqueId: s.UniqueId, RequestDocumentUniqueId, ArchiveUniqueIds: [archive] },
      });
    const byHolder = await attach('tomador', edital.UniqueId, await upload('tomador'));
    expect(byHolder.status).toBe(403);
    expect(byHolder.errors).toEqual([
      'Somente a seguradora ou uma corretora pode alterar os documentos de um segurado.',
    ]);
    const file = await upload('corretor');
    expect((await attach('corretor', edital.UniqueId, file)).status).toBe(200);
    const elsewhere = await attach('corretor', contrato.UniqueId, file);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.errors).toEqual([
      'Este arquivo já está anexado a outro documento. Envie o arquivo novamente.',
    ]);
  });

  it('should find insureds quickly by name or document for a broker', async () => {
    const tag = uniqueTag();
    const mine = [];
    for (const n of [1, 2, 3])
      mine.push(await createInsured(t, { name: `Prefeitura ${tag} ${n}`, as: 'corretor' }));
    const res = await t.call(searchInsured, { as: 'corretor', query: { TextSearch: tag } });
    expect(res.status).toBe(200);
    expect(res.data.map((i) => i.Id).sort()).toEqual(mine.map((i) => i.Id).sort());
    const byDoc = await t.data(searchInsured, {
      as: 'corretor',
      query: { TextSearch: mine[1]!.InsuredDocument },
    });
    expect(byDoc.map((i) => i.Id)).toEqual([mine[1]!.Id]);
  });

  it('should validate an insured for a new proposal: blocked, new without name, created with name', async () => {
    const blocked = await createInsured(t);
    await t.data(setInsuredBlocked, {
      as: 'admin',
      query: { id: blocked.Id, isBlocked: true, blockJustify: 'Inadimplência' },
    });
    const validate = (body: { Document: string; Name?: string }) =>
      t.data(validateInsuredByDocumentToNewProposal, { as: 'corretor', body });
    const b = await validate({ Document: blocked.InsuredDocument });
    expect(b).toMatchObject({
      CanProceed: false,
      IsNew: false,
      Message: 'Segurado bloqueado: Inadimplência.',
    });
    expect((await validate({ Document: '11.111.111/1111-11' })).Message).toBe('CNPJ inválido');
    const fresh = uniqueCnpj({ alphanumeric: true, masked: true });
    expect(await validate({ Document: fresh })).toMatchObject({
      CanProceed: false,
      IsNew: true,
      Insured: null,
    });
    const created = await validate({ Document: fresh, Name: 'Consórcio Intermunicipal do Vale' });
    expect(created).toMatchObject({
      CanProceed: true,
      IsNew: true,
      Insured: { InsuredDocument: fresh.replace(/[^0-9A-Z]/g, ''), Name: 'Consórcio Intermunicipal do Vale' },
    });
    expect(await validate({ Document: fresh })).toMatchObject({ CanProceed: true, IsNew: false });
  });
});

describe('locations', () => {
  it('should list states and the cities of a state with IBGE codes', async () => {
    const states = await t.data(getStateProvinces, { as: 'admin' });
    expect(states).toHaveLength(27);
    expect(states[0]).toEqual({ Id: 12, Code: 'AC', Name: 'Acre' });
    const cities = await t.data(getCities, { as: 'admin', query: { stateProvinceId: 35 } });
    expect(cities).toHaveLength(645);
    expect(cities.find((c) => c.Name === 'São Paulo')).toEqual({
      Id: 3550308,
      Name: 'São Paulo',
      StateProvinceId: 35,
    });
  });

  it('should look up a CEP through the provider and say clearly when it is missing or down', async () => {
    const ok = await t.data(searchCep, { as: 'admin', query: { cep: '01310-100' } });
    expect(ok).toEqual({
      ZipCode: '01310100',
      AddressName: 'Avenida Paulista',
      Neighborhood: 'Bela Vista',
      CityId: 3550308,
      CityName: 'São Paulo',
      StateProvinceId: 35,
      StateCode: 'SP',
    });
    const missing = await t.call(searchCep, { as: 'admin', query: { cep: '00000000' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ Errors: ['CEP não encontrado.'] });
    const down = await t.call(searchCep, { as: 'admin', query: { cep: '99999-999' } });
    expect(down.status).toBe(503);
    expect(down.errors[0]).toMatch(/^A consulta de CEP está indisponível/);
    expect((await t.call(searchCep, { as: 'admin', query: { cep: '123' } })).status).toBe(400);
  });
});

describe('beneficiaries', () => {
  const validate = (body: { Document: string; Name: string; CanHaveBeneficiaryPF?: boolean }) =>
    t.data(validateBeneficiaryByDocument, { as: 'corretor', body });
  const search = (TextSearch: string, CanHaveBeneficiaryPF?: boolean) =>
    t.data(searchBeneficiary, { as: 'corretor', query: { TextSearch, CanHaveBeneficiaryPF } });

  it('should search legal persons, and natural persons only when allowed', async () => {
    const tag = uniqueTag();
    const legal = await validate({ Document: uniqueCnpj({ masked: true }), Name: `Caixa ${tag} Federal` });
    expect(legal.Beneficiary).toMatchObject({ IsNaturalPerson: false });
    await validate({
      Document: uniqueCpf({ masked: true }),
      Name: `João ${tag}`,
      CanHaveBeneficiaryPF: true,
    });
    expect((await search(tag)).map((b) => b.Name)).toEqual([`Caixa ${tag} Federal`]);
    expect((await search(tag, true)).map((b) => b.Name).sort()).toEqual([
      `Caixa ${tag} Federal`,
      `João ${tag}`,
    ]);
  });

  it('should validate by document, refuse a CPF where not allowed, create and save a location', async () => {
    const cpf = uniqueCpf({ masked: true });
    const name = uniqueName('João da Silva');
    expect(await validate({ Document: cpf, Name: name })).toMatchObject({
      CanProceed: false,
      Message: 'Esta modalidade não admite beneficiário pessoa física.',
    });
    const created = await validate({ Document: cpf, Name: name, CanHaveBeneficiaryPF: true });
    const b = created.Beneficiary!;
    expect(b).toMatchObject({ IsNaturalPerson: true, Document: cpf.replace(/\D/g, '') });
    const loc = await t.data(saveBeneficiaryLocation, {
      as: 'corretor',
      body: { BeneficiaryId: b.Id, ZipCode: '01310100', AddressName: 'Avenida Paulista', ...saoPaulo },
    });
    expect(loc.Locations).toHaveLength(1);
    const wrongCity = await t.call(saveBeneficiaryLocation, {
      as: 'corretor',
      // São Paulo (3550308) is not in Rio de Janeiro (33).
      body: {
        BeneficiaryId: b.Id,
        ZipCode: '01310100',
        AddressName: 'Avenida Paulista',
        StateProvinceId: 33,
        CityId: 3550308,
      },
    });
    expect(wrongCity.status).toBe(422);
    expect(wrongCity.body).toEqual({ Errors: ['O município não pertence à UF informada.'] });
    expect((await search(name, true)).map((x) => x.Id)).toEqual([b.Id]);
  });
});
