import { generateCnpj, generateCpf, Permission, UserType } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserContext } from '../../context.js';
import { withTenant } from '../../db/client.js';
import { createBroker, uniqueCnpj, uniqueTag } from '../../test/factories.js';
import {
  authHeaders,
  companyKeyOf,
  createTestApp,
  passwordGrant,
  signIn,
  type TestApp,
  uploadPdf,
} from '../../test/harness.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';
import { decideBrokerRegistration, reviewBrokerDocument } from './brokers.service.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Record<string, string>;
let analyst: Record<string, string>;
let broker: Record<string, string>;
let broker2: Record<string, string>;
let agent: Record<string, string>;
let advisor: Record<string, string>;
let holder: Record<string, string>;
let admin325: Record<string, string>;

// biome-ignore lint/suspicious/noExplicitAny: reply bodies are read loosely in assertions
type Json = Record<string, any>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
  [admin, analyst, broker, broker2, agent, advisor, holder, admin325] = await Promise.all([
    signIn(t, 'admin').then((s) => s.headers),
    signIn(t, 'analista').then((s) => s.headers),
    signIn(t, 'corretor').then((s) => s.headers),
    signIn(t, 'corretor2').then((s) => s.headers),
    signIn(t, 'agente').then((s) => s.headers),
    signIn(t, 'assessor').then((s) => s.headers),
    signIn(t, 'tomador').then((s) => s.headers),
    signIn(t, 'admin', 325).then((s) => s.headers),
  ]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const put = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url, headers, payload });
const ok = async (res: Awaited<ReturnType<typeof get>>) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  const body = res.json();
  return ('Response' in body ? body.Response : body) as Json;
};

const search = async (query: string, headers = admin) =>
  (await ok(await get(`/api/Broker/GetSearchBrokers?rowsPerPage=50&${query}`, headers))) as {
    Data: Json[];
    Total: number;
  };
const brokerNamed = async (name: string) =>
  (await search(`searchValue=${encodeURIComponent(name)}`)).Data[0]!;

/** Four brokerages named with `tag`: pending, active, blocked and inactive (registration refused). */
const brokersInEveryStatus = async (tag: string) => {
  const named = (status: string) => ({ name: `Corretora ${tag} ${status} Ltda.` });
  const pending = await createBroker(t, { ...named('Pendente'), approve: false });
  const active = await createBroker(t, named('Ativa'));
  const blocked = await createBroker(t, named('Bloqueada'));
  await ok(
    await post(
      '/api/Broker/InverterBlocked',
      { BrokerId: blocked.id, Justification: 'SUSEP suspensa' },
      admin,
    ),
  );
  const inactive = await createBroker(t, { ...named('Inativa'), approve: false });
  await asInsurer((ctx) =>
    decideBrokerRegistration(ctx, inactive.id, { approve: false, note: 'Contrato divergente' }),
  );
  return { pending, active, blocked, inactive };
};

/** A UserContext for service functions without a spec call (the kanban issue will call them). */
const asInsurer = <T>(fn: (ctx: UserContext) => Promise<T>, userId = 1) =>
  withTenant(t.platform.database.db, 54, (tx) =>
    fn({
      requestId: 'test',
      host: 'aurora.localhost',
      ip: '127.0.0.1',
      log: t.platform.log,
      platform: t.platform,
      db: tx,
      company: { id: 54, key: companyKeyOf(54), name: 'Aurora Seguros Garantia' },
      user: {
        userId,
        companyId: 54,
        userType: UserType.INSURANCE,
        permissions: new Set([
          Permission.GERENCIAR_CORRETORES,
          Permission.VISUALIZAR_CORRETORES,
          Permission.GERENCIAR_DOCUMENTOS,
          Permission.EDITAR_DOCUMENTOS,
        ]),
      },
      links: async () => ({ advisedBrokerIds: [] }),
    }),
  );

/** The text of the e-mails to `to`, once at least `n` arrived. */
const mailsTo = async (to: string, n: number) => (await smtp.waitForMails(to, n)).map((m) => mailText(m.raw));

const uploadFile = (headers: Record<string, string>, name = 'contrato.pdf') => uploadPdf(t, headers, name);

const updatePayload = (b: Json, changes: Json = {}) => ({
  UniqueId: b.UniqueId,
  Name: b.Name,
  TradeName: b.TradeName,
  SUSEPProtocol: b.SUSEPProtocol,
  Email: b.Email,
  Phone: b.Phone,
  ZipCode: b.ZipCode,
  AddressName: b.AddressName,
  Number: b.Number,
  Complement: b.Complement,
  Neighborhood: b.Neighborhood,
  StateProvinceId: b.StateProvinceId,
  CityId: b.CityId,
  BankId: b.BankId,
  BankAgency: b.BankAgency,
  BankAccount: b.BankAccount,
  BankAccountTypeId: b.BankAccountTypeId,
  ResponsiblePersons: b.ResponsiblePersons.map((p: Json) => ({
    ResponsiblePersonTypeId: p.ResponsiblePersonTypeId,
    Name: p.Name,
    Cpf: p.Cpf,
    Email: p.Email,
    Phone: p.Phone,
  })),
  ...changes,
});

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
    expect((await put('/api/Broker/UpdateBroker', updatePayload(mine), analyst)).statusCode).toBe(403);
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
    expect((await post('/api/Broker/InverterBlocked', { BrokerId: azevedo.Id }, analyst)).statusCode).toBe(
      403,
    );
    expect((await post('/api/Broker/InverterBlocked', { BrokerId: azevedo.Id }, broker)).statusCode).toBe(
      403,
    );
    expect((await post('/api/Broker/InverterBlocked', {}, admin)).statusCode).toBe(400);
  });
});

describe('broker request documents', () => {
  it('should list the own documents, the deleted ones and the archives of a document', async () => {
    const docs = (await ok(await get('/api/Broker/GetBrokerRequestDocuments', broker))) as Json[];
    expect(docs.map((d) => d.StatusName).sort()).toEqual([
      'Aguardando Análise',
      'Conforme',
      'Conforme',
      'Pendente',
      'Pendente',
      'Pendente',
      'Reprovado',
    ]);
    const rejected = docs.find((d) => d.StatusName === 'Reprovado')!;
    expect(rejected.ReviewNote).toMatch(/ilegível/);
    expect(docs.find((d) => d.Name.startsWith('Declaração'))!.CreatedByInsurer).toBe(true);
    const deleted = (await ok(
      await get('/api/Broker/GetBrokerRequestDocumentsDeletedByBroker', broker),
    )) as Json[];
    expect(deleted.map((d) => d.Name)).toEqual(['Procuração antiga']);
    const byId = await ok(
      await get(
        `/api/Broker/GetBrokerRequestDocumentArchives?BrokerRequestDocumentId=${rejected.Id}`,
        broker,
      ),
    );
    const byUnique = await ok(
      await get(
        `/api/Broker/GetBrokerRequestDocumentArchives?RequestDocumentUniqueId=${rejected.UniqueId}`,
        admin,
      ),
    );
    expect(byId).toHaveLength(1);
    expect(byUnique).toEqual(byId);
    const azevedo = await brokerNamed('Azevedo Consultoria');
    const theirs = (await ok(
      await get(`/api/Broker/GetBrokerRequestDocumentsByBroker?brokerId=${azevedo.Id}`, admin),
    )) as Json[];
    expect(theirs.every((d) => d.StatusName === 'Conforme')).toBe(true);
    expect(
      (
        await get(
          `/api/Broker/GetBrokerRequestDocumentArchives?BrokerRequestDocumentId=${theirs[0]!.Id}`,
          broker,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/Broker/GetBrokerRequestDocumentsByBroker?brokerId=${azevedo.Id}`, broker)).statusCode,
    ).toBe(404);
    expect((await get('/api/Broker/GetBrokerRequestDocumentArchives', broker)).statusCode).toBe(400);
    expect((await get('/api/Broker/GetBrokerRequestDocuments', admin)).statusCode).toBe(403);
    expect((await get('/api/Broker/GetBrokerRequestDocuments', holder)).statusCode).toBe(403);
  });

  it('should upload, submit to review, and let the insurer approve and request new documents', async () => {
    const docs = (await ok(await get('/api/Broker/GetBrokerRequestDocuments', broker))) as Json[];
    const pending = docs.find((d) => d.Name === 'Documento de identidade do administrador')!;
    const archive = await uploadFile(broker, 'rg-marina.pdf');
    const uploaded = await ok(
      await post(
        '/api/Broker/UploadBrokerRequestDocumentArchive',
        { RequestDocumentUniqueId: pending.UniqueId, ArchiveUniqueIds: [archive] },
        broker,
      ),
    );
    expect(uploaded.Archives.map((a: Json) => a.Name)).toEqual(['rg-marina.pdf']);
    const submitted = (await ok(
      await post(
        '/api/Broker/SubmitDocumentToReview',
        { RequestDocumentUniqueIds: [pending.UniqueId] },
        broker,
      ),
    )) as Json[];
    expect(submitted.map((d) => d.StatusName)).toEqual(['Aguardando Análise']);
    // Without a list, every eligible slot goes (the rejected one, which has a file).
    const rest = (await ok(await post('/api/Broker/SubmitDocumentToReview', {}, broker))) as Json[];
    expect(rest.map((d) => d.Name)).toEqual(['Comprovante da conta bancária']);
    expect((await post('/api/Broker/SubmitDocumentToReview', {}, broker)).statusCode).toBe(422);
    const approved = await asInsurer((ctx) => reviewBrokerDocument(ctx, pending.UniqueId, { approve: true }));
    expect(approved.StatusName).toBe('Conforme');
    expect((await ok(await get('/api/Broker/ValidateBrokerStatus', broker))).PendingRequiredDocuments).toBe(
      3,
    );

    const lopes = await brokerNamed('Lopes');
    const created = await ok(
      await post(
        '/api/Broker/CreateBrokerRequestDocumentByInsurer',
        {
          BrokerId: lopes.Id,
          Name: 'Certidão negativa de débitos',
          RequestDocumentTypeId: 5,
          IsRequired: true,
        },
        admin,
      ),
    );
    expect(created).toMatchObject({
      CreatedByInsurer: true,
      StatusName: 'Pendente',
      RequestDocumentTypeName: 'Corretora',
    });
    const insurerFile = await uploadFile(admin, 'cnd.pdf');
    const byInsurer = await ok(
      await post(
        '/api/Broker/UploadBrokerRequestDocumentArchiveByInsurer',
        {
          BrokerUniqueId: lopes.UniqueId,
          RequestDocumentUniqueId: created.UniqueId,
          ArchiveUniqueIds: [insurerFile],
        },
        admin,
      ),
    );
    expect(byInsurer.Archives).toHaveLength(1);
    const history = await ok(await get('/api/BrokerChangeHistory/Get?rowsPerPage=3', broker));
    expect(history.Data[0]).toMatchObject({ Field: 'Documents', ChangedByName: 'Helena Duarte' });
    expect(
      (
        await post(
          '/api/Broker/CreateBrokerRequestDocumentByInsurer',
          { BrokerId: lopes.Id, Name: 'Outro documento', RequestDocumentTypeId: 5 },
          broker,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/Broker/UploadBrokerRequestDocumentArchiveByInsurer',
          { BrokerId: lopes.Id, RequestDocumentUniqueId: created.UniqueId, ArchiveUniqueIds: [insurerFile] },
          broker,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/Broker/CreateBrokerRequestDocumentByInsurer',
          { BrokerId: lopes.Id, Name: 'x', RequestDocumentTypeId: 9 },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          '/api/Broker/CreateBrokerRequestDocumentByInsurer',
          { BrokerId: lopes.Id, Name: 'Outro documento', RequestDocumentTypeId: 5 },
          admin325,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          '/api/Broker/UploadBrokerRequestDocumentArchive',
          {
            RequestDocumentUniqueId: created.UniqueId,
            ArchiveUniqueIds: ['00000000-0000-4000-8000-000000000000'],
          },
          broker,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('should let the insurer delete a broker document and refuse it to the broker', async () => {
    const docs = (await ok(await get('/api/Broker/GetBrokerRequestDocuments', broker))) as Json[];
    const target = docs.find((d) => d.Name === 'Comprovante de endereço')!;
    const refused = await post(
      '/api/Broker/DeleteBrokerRequestDocument',
      { RequestDocumentUniqueId: target.UniqueId },
      broker,
    );
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await post(
          '/api/Broker/DeleteBrokerRequestDocument',
          { RequestDocumentUniqueId: target.UniqueId },
          admin325,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      await ok(
        await post(
          '/api/Broker/DeleteBrokerRequestDocument',
          { RequestDocumentUniqueId: target.UniqueId },
          admin,
        ),
      ),
    ).toBe(true);
    const deleted = (await ok(
      await get('/api/Broker/GetBrokerRequestDocumentsDeletedByBroker', broker),
    )) as Json[];
    expect(deleted.map((d) => d.Name).sort()).toEqual(['Comprovante de endereço', 'Procuração antiga']);
    expect(
      (await post('/api/Broker/DeleteBrokerRequestDocument', { RequestDocumentUniqueId: 'x' }, admin))
        .statusCode,
    ).toBe(400);
  });
});

describe('broker self-registration', () => {
  const cnpj = generateCnpj({ alphanumeric: true, masked: true });
  const adminCpf = generateCpf({ masked: true });
  const officerCpf = generateCpf({ masked: true });
  const pub = { companykey: companyKeyOf(54) };
  let token: string;

  const form = (overrides: Json = {}) => ({
    Cnpj: cnpj,
    Token: token,
    Name: 'Vértice Corretora de Seguros Ltda.',
    TradeName: 'Vértice',
    SUSEPProtocol: '202612345',
    Email: 'contato@vertice.com.br',
    Phone: '(11) 3222-1000',
    ZipCode: '01310-100',
    AddressName: 'Avenida Paulista',
    Number: '1000',
    Neighborhood: 'Bela Vista',
    StateProvinceId: 35,
    CityId: 3550308,
    BankId: 341,
    BankAgency: '1234',
    BankAccount: '56789-0',
    BankAccountTypeId: 1,
    ResponsiblePersons: [
      {
        ResponsiblePersonTypeId: 1,
        Name: 'Lúcia Vértice',
        Cpf: adminCpf,
        Email: 'lucia@vertice.com.br',
        Phone: '(11) 98888-7777',
      },
      { ResponsiblePersonTypeId: 2, Name: 'Carlos Vértice', Cpf: officerCpf, Email: 'carlos@vertice.com.br' },
    ],
    ...overrides,
  });

  it('should refuse an invalid or already registered CNPJ when registration starts', async () => {
    const invalid = await get(
      '/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=11.111.111/1111-11&Email=a@b.com.br',
      pub,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().Errors).toEqual(['CNPJ inválido']);
    const full = await ok(await get('/api/Broker/GetCurrentBroker', broker));
    const taken = await get(
      `/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=${encodeURIComponent(full.CpfCnpj)}&Email=a@b.com.br`,
      pub,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Errors[0]).toMatch(/já está cadastrada/);
    const noMail = await get(
      `/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=${encodeURIComponent(cnpj)}`,
      pub,
    );
    expect(noMail.statusCode).toBe(400);
    expect(
      (await get('/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=x&Email=a@b.com.br', {})).statusCode,
    ).toBe(400);
  });

  it('should e-mail a link, register the brokerage as pending and send first access only after approval', async () => {
    const started = await ok(
      await get(
        `/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=${encodeURIComponent(cnpj)}&Email=Lucia@Vertice.com.br`,
        pub,
      ),
    );
    expect(started).toMatchObject({ Cnpj: cnpj, Email: 'lucia@vertice.com.br', TokenValid: true });
    const mail = mailText((await smtp.waitForMail('lucia@vertice.com.br')).raw);
    const plain = cnpj.replace(/[^0-9A-Z]/g, '');
    const match = mail.match(new RegExp(`/completar-cadastro/${plain}\\?token=([A-Za-z0-9_-]{43})`));
    expect(match).toBeTruthy();
    token = match![1]!;
    expect(mail).toContain('Aurora Seguros Garantia');

    const checked = await ok(
      await get(`/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=${plain}&Token=${token}`, pub),
    );
    expect(checked.TokenValid).toBe(true);
    expect(checked.Banks.find((b: Json) => b.Code === '341')).toBeTruthy();
    expect(started.Banks).toEqual([]);
    const wrong = await get(
      `/api/Broker/ValidateBrokerRegistrationRequest?Cnpj=${plain}&Token=${'x'.repeat(43)}`,
      pub,
    );
    expect(wrong.statusCode).toBe(422);

    const missingOfficer = await post(
      '/api/Broker/InsertBroker',
      form({
        ResponsiblePersons: [
          form().ResponsiblePersons[0],
          { ...form().ResponsiblePersons[0], Cpf: officerCpf },
        ],
      }),
      pub,
    );
    expect(missingOfficer.statusCode).toBe(400);
    expect(missingOfficer.json().Errors).toEqual(['Informe um administrador e um responsável financeiro.']);
    expect((await post('/api/Broker/InsertBroker', form({ SUSEPProtocol: '1' }), pub)).statusCode).toBe(400);
    expect((await post('/api/Broker/InsertBroker', form({ Token: 'y'.repeat(43) }), pub)).statusCode).toBe(
      422,
    );
    expect((await post('/api/Broker/InsertBroker', form({ Token: undefined }), pub)).statusCode).toBe(400);

    const inserted = await ok(await post('/api/Broker/InsertBroker', form(), pub));
    expect(inserted).toMatchObject({ WaitingValidation: true });
    expect((await post('/api/Broker/InsertBroker', form(), pub)).statusCode).toBe(422);

    const listed = (await search('Status=pending')).Data.find((b) => b.UniqueId === inserted.BrokerUniqueId)!;
    expect(listed).toMatchObject({
      Name: 'Vértice Corretora de Seguros Ltda.',
      StatusName: 'Cadastro pendente',
      HasPendingDocuments: true,
      HasPendingComplianceValidation: true,
    });
    const docs = (await ok(
      await get(`/api/Broker/GetBrokerRequestDocumentsByBroker?brokerId=${listed.Id}`, admin),
    )) as Json[];
    expect(docs).toHaveLength(6);
    expect(docs.every((d) => d.StatusName === 'Pendente')).toBe(true);
    // The administrator exists but has no password until the insurer approves.
    expect((await passwordGrant(t, 'lucia@vertice.com.br', 'Qualquer#Senha1')).statusCode).not.toBe(200);
    const received = await mailsTo('lucia@vertice.com.br', 2);
    expect(received[1]).toMatch(/O cadastro da corretora V.+ foi recebido/);

    const decided = await asInsurer((ctx) => decideBrokerRegistration(ctx, listed.Id, { approve: true }));
    expect(decided).toMatchObject({
      WaitingValidation: false,
      HasPendingComplianceValidation: false,
      StatusKey: 'active',
    });
    await expect(
      asInsurer((ctx) => decideBrokerRegistration(ctx, listed.Id, { approve: true })),
    ).rejects.toThrow(/já foi analisado/);
    const firstAccess = (await mailsTo('lucia@vertice.com.br', 3))[2]!;
    const accessToken = firstAccess.match(/\/primeiro-acesso\/([A-Za-z0-9_-]{43})/)![1]!;
    const set = await post(
      '/api/Security/ChangeUserInfoPassword',
      { UniqueId: accessToken, Password: 'Vertice#Senha9', ConfirmPassword: 'Vertice#Senha9' },
      pub,
    );
    expect(set.json()).toEqual({ Response: true });
    const grant = await passwordGrant(t, 'lucia@vertice.com.br', 'Vertice#Senha9');
    expect(grant.statusCode).toBe(200);
    const headers = { ...pub, authorization: `Bearer ${grant.json().access_token}` };
    const me = await ok(await get('/api/Broker/GetCurrentBroker', headers));
    expect(me).toMatchObject({ UniqueId: inserted.BrokerUniqueId, CpfCnpj: cnpj, StatusKey: 'active' });
    const history = await ok(await get('/api/BrokerChangeHistory/Get', headers));
    expect(history.Data.map((h: Json) => h.NewValue)).toEqual([
      'Aprovado',
      'Enviado para análise da seguradora',
    ]);
    expect(history.Data[1].ChangedByName).toBe('Sistema');
  });

  it('should create the administrator user of a seeded pending brokerage when it is approved', async () => {
    const sigma = await brokerNamed('Sigma');
    await asInsurer((ctx) => decideBrokerRegistration(ctx, sigma.Id, { approve: true }));
    await smtp.waitForMail('otavio.siqueira@sigma.corretora.demo');
    const nova = await brokerNamed('Nova Garantia');
    await expect(
      asInsurer((ctx) => decideBrokerRegistration(ctx, nova.Id, { approve: false })),
    ).rejects.toThrow(/motivo/);
    const rejected = await asInsurer((ctx) =>
      decideBrokerRegistration(ctx, nova.Id, { approve: false, note: 'Contrato social divergente' }),
    );
    expect(rejected.StatusKey).toBe('inactive');
  });
});
