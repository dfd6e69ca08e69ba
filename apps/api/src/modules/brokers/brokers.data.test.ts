import { Permission, UserType } from '@aval/domain';
import { describe, expect, it } from 'vitest';
import { createBroker, uniqueCnpj, uniqueTag } from '../../test/factories.js';
import {
  admin,
  admin325,
  advisor,
  agent,
  analyst,
  broker,
  broker2,
  brokerNamed,
  brokersInEveryStatus,
  get,
  holder,
  type Json,
  ok,
  post,
  put,
  search,
  t,
  updatePayload,
  useBrokersFixture,
} from '../../test/fixtures/brokers.js';
import { authHeaders, companyKeyOf } from '../../test/harness.js';

useBrokersFixture();

describe('broker data', () => {
  it('should give a broker and an agent their own brokerage when they ask for the current broker', async () => {
    const mine = await ok(await get('/api/Broker/GetCurrentBroker', broker));
    expect(mine).toMatchObject({
      Name: 'Lopes & Azevedo Corretora de Seguros Ltda.',
      StatusKey: 'active',
      WaitingValidation: false,
      HasPendingDocuments: true,
      IsBlocked: false,
      ComissionPercentage: '20.00',
      BankAccountTypeName: 'Conta corrente',
    });
    expect(mine.CpfCnpj).toMatch(/^\w{2}\.\w{3}\.\w{3}\/\w{4}-\d{2}$/);
    expect(mine.ResponsiblePersons.map((p: Json) => p.ResponsiblePersonTypeName)).toEqual([
      'Administrador',
      'Responsável Financeiro',
    ]);
    expect(mine.BankName).toMatch(/^\d{3} - /);
    expect((await ok(await get('/api/Broker/GetCurrentBroker', agent))).Id).toBe(mine.Id);
    expect((await ok(await get('/api/Broker/GetCurrentBroker', broker2))).Name).toBe(
      'Azevedo Consultoria e Corretagem de Seguros Ltda.',
    );
  });

  it('should give insurer staff and advisors a named brokerage and refuse a policy holder', async () => {
    expect((await get('/api/Broker/GetCurrentBroker', admin)).statusCode).toBe(400);
    const prisma = await brokerNamed('Prisma');
    const detail = await ok(
      await get(`/api/Broker/GetCurrentBroker?brokerUniqueId=${prisma.UniqueId}`, analyst),
    );
    expect(detail).toMatchObject({ Name: 'Prisma Corretagem de Seguros Eireli', StatusKey: 'blocked' });
    expect(detail.ResponsiblePersons).toHaveLength(2);
    expect(
      (await get(`/api/Broker/GetCurrentBroker?brokerUniqueId=${prisma.UniqueId}`, broker)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/Broker/GetCurrentBroker?brokerUniqueId=${prisma.UniqueId}`, advisor)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/Broker/GetCurrentBroker?brokerUniqueId=${prisma.UniqueId}`, admin325)).statusCode,
    ).toBe(404);
    const lopes = await brokerNamed('Lopes');
    expect(
      (await ok(await get(`/api/Broker/GetCurrentBroker?brokerUniqueId=${lopes.UniqueId}`, advisor))).Id,
    ).toBe(lopes.Id);
    expect((await get('/api/Broker/GetCurrentBroker', holder)).statusCode).toBe(403);
    const noBroker = await authHeaders(t, { cid: 54, utp: 2, prm: [2], sub: '99999' });
    expect((await get('/api/Broker/GetCurrentBroker', noBroker)).statusCode).toBe(403);
  });

  it('should search every brokerage of the company for insurer staff with status filters and paging', async () => {
    const tag = uniqueTag();
    const made = await brokersInEveryStatus(tag);
    const all = await search(`searchValue=${tag}`);
    expect(all.Total).toBe(4);
    // Registrations waiting for validation (pending, or refused: inactive) come first.
    expect(all.Data.map((b) => b.StatusKey)).toEqual(['inactive', 'pending', 'active', 'blocked']);
    const only = async (status: string) =>
      (await search(`searchValue=${tag}&Status=${status}`)).Data.map((b) => b.UniqueId);
    expect(await only('pending')).toEqual([made.pending.uniqueId]);
    expect(await only('active')).toEqual([made.active.uniqueId]);
    expect(await only('blocked')).toEqual([made.blocked.uniqueId]);
    expect(await only('inactive')).toEqual([made.inactive.uniqueId]);
    // IgnoreInactive leaves out inactive and blocked brokerages.
    const operating = await search(`searchValue=${tag}&IgnoreInactive=true`);
    expect(operating.Data.map((b) => b.UniqueId).sort()).toEqual(
      [made.pending, made.active].map((b) => b.uniqueId).sort(),
    );
    const page = await ok(
      await get(`/api/Broker/GetSearchBrokers?searchValue=${tag}&currentPage=2&rowsPerPage=3`, analyst),
    );
    expect(page).toMatchObject({ Total: 4, CurrentPage: 2, RowsPerPage: 3 });
    expect(page.Data).toHaveLength(1);
    const byCnpj = await search(`searchValue=${encodeURIComponent(made.active.cnpj)}`);
    expect(byCnpj.Data.map((b) => b.UniqueId)).toEqual([made.active.uniqueId]);
    const alphanumeric = await createBroker(t, { cnpj: uniqueCnpj({ alphanumeric: true, masked: true }) });
    const found = await search(`searchValue=${encodeURIComponent(alphanumeric.cnpj)}`);
    expect(found.Data.map((b) => b.CpfCnpj)).toEqual([alphanumeric.cnpj]);
  });

  it('should sort brokerages by name, CNPJ, SUSEP or registration date either way, pending first when unsorted', async () => {
    const order = (values: string[], dir: 1 | -1) =>
      [...values].sort((a, b) => dir * (a < b ? -1 : a > b ? 1 : 0));
    const list = async (sort: string) =>
      (await ok(await get(`/api/Broker/GetSearchBrokers?rowsPerPage=200&${sort}`, admin))).Data as Json[];
    const byCnpj = (await list('orderBy=Cnpj&orderDirection=desc')).map((b) => b.CpfCnpj as string);
    expect(byCnpj.length).toBeGreaterThan(5);
    expect(byCnpj).toEqual(order(byCnpj, -1));
    expect((await list('orderBy=Cnpj&orderDirection=asc')).map((b) => b.CpfCnpj)).toEqual(
      [...byCnpj].reverse(),
    );
    const byName = (await list('orderBy=Name')).map((b) => b.Name as string);
    expect(byName[0]).not.toBe(byName.at(-1));
    expect((await list('orderBy=Name&orderDirection=desc')).map((b) => b.Name)).toEqual(
      [...byName].reverse(),
    );
    const byDate = (await list('orderBy=CreatedAt&orderDirection=desc')).map((b) => b.CreatedAt as string);
    expect(byDate).toEqual(order(byDate, -1));
    // Unsorted, the registrations waiting for the insurer lead the list.
    const unsorted = await list('');
    const firstOther = unsorted.findIndex((b) => !b.WaitingValidation);
    expect(firstOther).toBeGreaterThan(0);
    expect(unsorted.slice(firstOther).some((b) => b.WaitingValidation)).toBe(false);
    expect((await get('/api/Broker/GetSearchBrokers?orderBy=Email', analyst)).statusCode).toBe(400);
  });

  it('should list only the advised brokerages for an advisor and only operating ones for a broker', async () => {
    const mine = await search('', advisor);
    expect(mine.Data.map((b) => b.TradeName).sort()).toEqual(['Azevedo Seguros', 'Lopes Seguros']);
    expect(mine.Data.find((b) => b.TradeName === 'Lopes Seguros')!.AdvisedUsers).toEqual([
      expect.objectContaining({ Name: 'Marina Lopes', Username: 'corretor@aurora.demo' }),
    ]);
    const tag = uniqueTag();
    const made = await brokersInEveryStatus(tag);
    const coBrokers = await search(`searchValue=${tag}&Status=pending`, broker);
    expect(coBrokers.Data.map((b) => b.UniqueId)).toEqual([made.active.uniqueId]);
    expect((await search(`searchValue=${tag}`, broker)).Total).toBe(1);
    expect((await search(`searchValue=${tag}`, advisor)).Total).toBe(0);
    expect((await get('/api/Broker/GetSearchBrokers', holder)).statusCode).toBe(403);
    expect((await get('/api/Broker/GetSearchBrokers?rowsPerPage=500', admin)).statusCode).toBe(400);
  });

  it('should keep one company from seeing or changing the brokers of another', async () => {
    const lopes = await brokerNamed('Lopes');
    const other = await ok(
      await get(`/api/Broker/GetSearchBrokers?searchValue=${encodeURIComponent(lopes.CpfCnpj)}`, admin325),
    );
    expect(other.Total).toBe(0);
    const tag = uniqueTag();
    const theirs = await createBroker(t, { companyId: 325, name: `Corretora ${tag} Ltda.` });
    expect((await search(`searchValue=${tag}`, admin325)).Data.map((b) => b.UniqueId)).toEqual([
      theirs.uniqueId,
    ]);
    expect((await search(`searchValue=${tag}`)).Total).toBe(0);
    expect((await get(`/api/Broker/ValidateBrokerStatus?BrokerId=${lopes.Id}`, admin325)).statusCode).toBe(
      404,
    );
    expect((await post('/api/Broker/InverterBlocked', { BrokerId: lopes.Id }, admin325)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/api/Broker/GetBrokerFinancialData?brokerUniqueId=${lopes.UniqueId}`, admin325)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/Broker/GetBrokerRequestDocumentsByBroker?brokerId=${lopes.Id}`, admin325)).statusCode,
    ).toBe(404);
    expect((await get(`/api/BrokerChangeHistory/Get?brokerId=${lopes.Id}`, admin325)).statusCode).toBe(404);
    const token54 = broker.authorization;
    const wrongCompany = { companykey: companyKeyOf(325), authorization: token54! };
    expect((await get('/api/Broker/GetCurrentBroker', wrongCompany)).statusCode).toBe(403);
  });

  it('should tell whether a brokerage may operate and why not', async () => {
    const own = await ok(await get('/api/Broker/ValidateBrokerStatus', broker));
    expect(own.CanOperate).toBe(false);
    expect(own.PendingRequiredDocuments).toBe(4);
    expect(own.Messages).toEqual(['A corretora tem 4 documentos obrigatórios pendentes.']);
    expect(await ok(await get('/api/Broker/ValidateBrokerStatus', broker2))).toMatchObject({
      CanOperate: true,
      Messages: [],
    });
    const prisma = await brokerNamed('Prisma');
    expect(
      (await ok(await get(`/api/Broker/ValidateBrokerStatus?BrokerId=${prisma.Id}`, admin))).Messages,
    ).toEqual(['A corretora está bloqueada. Entre em contato com a seguradora.']);
    const nova = await brokerNamed('Nova Garantia');
    expect(
      (await ok(await get(`/api/Broker/ValidateBrokerStatus?BrokerId=${nova.Id}`, admin))).Messages,
    ).toContain('O cadastro da corretora aguarda a validação da seguradora.');
    expect((await get('/api/Broker/ValidateBrokerStatus', admin)).statusCode).toBe(400);
    expect((await get('/api/Broker/ValidateBrokerStatus?BrokerId=abc', admin)).statusCode).toBe(400);
    expect((await get(`/api/Broker/ValidateBrokerStatus?BrokerId=${prisma.Id}`, broker)).statusCode).toBe(
      404,
    );
    expect((await get('/api/Broker/ValidateBrokerStatus?BrokerId=999999', admin)).statusCode).toBe(404);
    expect((await get('/api/Broker/ValidateBrokerStatus', holder)).statusCode).toBe(403);
  });

  it('should give bank data and commission ranges of the own brokerage or of any for the insurer', async () => {
    const fin = await ok(await get('/api/Broker/GetBrokerFinancialData', broker));
    expect(fin).toMatchObject({ BankAccountTypeId: 1, ComissionPercentage: '20.00' });
    expect(fin.BankCode).toMatch(/^\d{3}$/);
    const azevedo = await brokerNamed('Azevedo Consultoria');
    expect(
      (await get(`/api/Broker/GetBrokerFinancialData?brokerUniqueId=${azevedo.UniqueId}`, broker)).statusCode,
    ).toBe(404);
    expect(
      (await ok(await get(`/api/Broker/GetBrokerFinancialData?brokerUniqueId=${azevedo.UniqueId}`, analyst)))
        .ComissionPercentage,
    ).toBe('18.00');
    expect((await get('/api/Broker/GetBrokerFinancialData?brokerUniqueId=nope', admin)).statusCode).toBe(400);

    const own = (await ok(await get('/api/Broker/GetBrokerProposalCommissions', broker))) as Json[];
    expect(own.length).toBeGreaterThan(2);
    const specific = own.filter((c) => c.IsBrokerSpecific);
    expect(specific).toHaveLength(2);
    for (const c of own) {
      expect(Number(c.DefaultComissionPercentage)).toBeGreaterThanOrEqual(Number(c.MinComissionPercentage));
      expect(Number(c.DefaultComissionPercentage)).toBeLessThanOrEqual(Number(c.MaxComissionPercentage));
    }
    const other = (await ok(
      await get(`/api/Broker/GetBrokerProposalCommissions?brokerId=${azevedo.Id}`, admin),
    )) as Json[];
    expect(other.every((c) => !c.IsBrokerSpecific)).toBe(true);
    expect((await get('/api/Broker/GetBrokerProposalCommissions', holder)).statusCode).toBe(403);
  });

  it("should let the insurer set a brokerage's own commission range on a modality, inside the modality's, refusing a broker, another company and a range outside", async () => {
    const azevedo = await brokerNamed('Azevedo Consultoria');
    const [m] = (await ok(
      await get(`/api/Broker/GetBrokerProposalCommissions?brokerId=${azevedo.Id}`, admin),
    )) as Json[];
    const body = {
      BrokerId: azevedo.Id,
      ModalityId: m!.ModalityId,
      MinComissionPercentage: m!.MinComissionPercentage,
      MaxComissionPercentage: m!.MaxComissionPercentage,
      DefaultComissionPercentage: m!.MinComissionPercentage,
    };
    const url = '/api/Broker/SaveBrokerProposalCommission';
    const saved = (await ok(await post(url, body, admin))) as Json[];
    expect(saved.find((c) => c.ModalityId === m!.ModalityId)).toMatchObject({
      IsBrokerSpecific: true,
      DefaultComissionPercentage: m!.MinComissionPercentage,
    });
    expect((await post(url, body, broker)).statusCode).toBe(403);
    expect((await post(url, body, admin325)).statusCode).toBe(404);
    const above = { ...body, MaxComissionPercentage: (Number(m!.MaxComissionPercentage) + 1).toFixed(2) };
    const refused = await post(url, above, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Errors[0]).toMatch(/dentro da faixa da modalidade/);
  });

  it('should let a broker update its data, record each change and refuse the commission', async () => {
    const mine = await ok(await get('/api/Broker/GetCurrentBroker', broker));
    const updated = await ok(
      await put(
        '/api/Broker/UpdateBroker',
        updatePayload(mine, { Phone: '(11) 3333-4444', TradeName: 'Lopes' }),
        broker,
      ),
    );
    expect(updated).toMatchObject({ Phone: '(11) 3333-4444', TradeName: 'Lopes' });
    const history = await ok(await get('/api/BrokerChangeHistory/Get?rowsPerPage=5', broker));
    expect(history.Data.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Field: 'Phone',
          FieldLabel: 'Telefone',
          OldValue: '(11) 3456-7890',
          NewValue: '(11) 3333-4444',
          ChangedByName: 'Marina Lopes',
        }),
        expect.objectContaining({ Field: 'TradeName', OldValue: 'Lopes Seguros', NewValue: 'Lopes' }),
      ]),
    );
    const commission = await put(
      '/api/Broker/UpdateBroker',
      updatePayload(mine, { ComissionPercentage: '25' }),
      broker,
    );
    expect(commission.statusCode).toBe(403);
    expect(commission.json().Errors).toEqual([
      'Somente a seguradora altera o percentual de comissão da corretora.',
    ]);
    const azevedo = await brokerNamed('Azevedo Consultoria');
    const theirs = await put(
      '/api/Broker/UpdateBroker',
      updatePayload(mine, { UniqueId: azevedo.UniqueId }),
      broker,
    );
    expect(theirs.statusCode).toBe(404);
    expect((await put('/api/Broker/UpdateBroker', updatePayload(mine), agent)).statusCode).toBe(403);
    // Insurer staff who only see brokerages (no 21; the demo analyst has it since the SRO fixes).
    const viewer = await authHeaders(t, {
      cid: 54,
      utp: UserType.INSURANCE,
      prm: [Permission.VISUALIZAR_CORRETORES],
    });
    expect((await put('/api/Broker/UpdateBroker', updatePayload(mine), viewer)).statusCode).toBe(403);
  });

  it('should let the insurer change the commission and refuse invalid data with pt-BR messages', async () => {
    const lopes = await brokerNamed('Lopes');
    const full = await ok(await get('/api/Broker/GetCurrentBroker', broker));
    expect(full.Id).toBe(lopes.Id);
    const res = await ok(
      await put('/api/Broker/UpdateBroker', updatePayload(full, { ComissionPercentage: '22,5' }), admin),
    );
    expect(res.ComissionPercentage).toBe('22.50');
    const history = await ok(
      await get(`/api/BrokerChangeHistory/Get?brokerId=${lopes.Id}&rowsPerPage=1`, admin),
    );
    expect(history.Data[0]).toMatchObject({
      Field: 'ComissionPercentage',
      OldValue: '20,00%',
      NewValue: '22,50%',
      ChangedByName: 'Helena Duarte',
    });
    const people = updatePayload(full).ResponsiblePersons;
    const bad = await put(
      '/api/Broker/UpdateBroker',
      updatePayload(full, {
        Email: 'sem-arroba',
        BankId: 9999,
        ResponsiblePersons: [{ ...people[0], Cpf: '111.111.111-11' }],
      }),
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      Errors: ['Informe o administrador e o responsável financeiro.'],
      Fields: [
        { Field: 'ResponsiblePersons', Message: 'Informe o administrador e o responsável financeiro.' },
      ],
    });
    const bad2 = await put(
      '/api/Broker/UpdateBroker',
      updatePayload(full, {
        Email: 'sem-arroba',
        BankId: 9999,
        ResponsiblePersons: [{ ...people[0], Cpf: '111.111.111-11' }, people[0]],
      }),
      admin,
    );
    expect(bad2.statusCode).toBe(400);
    expect(bad2.json().Errors).toEqual([
      'E-mail da corretora: E-mail inválido',
      'Banco inválido.',
      'Informe um administrador e um responsável financeiro.',
      'Administrador: CPF inválido',
    ]);
    expect(bad2.json().Fields).toEqual([
      { Field: 'Email', Message: 'E-mail inválido' },
      { Field: 'BankId', Message: 'Banco inválido.' },
      { Field: 'ResponsiblePersons.0.Cpf', Message: 'CPF inválido' },
    ]);
    const agency = await put('/api/Broker/UpdateBroker', updatePayload(full, { BankAgency: 'abc' }), admin);
    expect(agency.json()).toEqual({
      Errors: ['Agência inválida.'],
      Fields: [{ Field: 'BankAgency', Message: 'Agência inválida.' }],
    });
    const wrongCity = await put(
      '/api/Broker/UpdateBroker',
      updatePayload(full, { StateProvinceId: 33, CityId: 3550308 }),
      admin,
    );
    expect(wrongCity.statusCode).toBe(422);
    expect(wrongCity.json().Errors).toEqual(['O município não pertence à UF informada.']);
    const cityWithoutState = await put(
      '/api/Broker/UpdateBroker',
      updatePayload(full, { StateProvinceId: null, CityId: 3550308 }),
      admin,
    );
    expect(cityWithoutState.statusCode).toBe(422);
    expect(cityWithoutState.json().Errors).toEqual(['Informe o estado.']);
  });

  it('should block and unblock a brokerage for the insurer only, with the justification in the history', async () => {
    const azevedo = await brokerNamed('Azevedo Consultoria');
    const blocked = await ok(
      await post(
        '/api/Broker/InverterBlocked',
        { BrokerUniqueId: azevedo.UniqueId, Justification: 'SUSEP suspensa' },
        admin,
      ),
    );
    expect(blocked).toMatchObject({ IsBlocked: true, StatusKey: 'blocked', StatusName: 'Bloqueada' });
    expect((await ok(await get('/api/Broker/ValidateBrokerStatus', broker2))).CanOperate).toBe(false);
    const again = await ok(await post('/api/Broker/InverterBlocked', { BrokerId: azevedo.Id }, admin));
    expect(again.IsBlocked).toBe(false);
    const history = await ok(
      await get(`/api/BrokerChangeHistory/Get?brokerId=${azevedo.Id}&rowsPerPage=2`, analyst),
    );
    expect(history.Data.map((h: Json) => h.NewValue)).toEqual(['Desbloqueada', 'Bloqueada — SUSEP suspensa']);
    const viewer = await authHeaders(t, {
      cid: 54,
      utp: UserType.INSURANCE,
      prm: [Permission.VISUALIZAR_CORRETORES],
    });
    expect((await post('/api/Broker/InverterBlocked', { BrokerId: azevedo.Id }, viewer)).statusCode).toBe(
      403,
    );
    expect((await post('/api/Broker/InverterBlocked', { BrokerId: azevedo.Id }, broker)).statusCode).toBe(
      403,
    );
    expect((await post('/api/Broker/InverterBlocked', {}, admin)).statusCode).toBe(400);
  });
});
