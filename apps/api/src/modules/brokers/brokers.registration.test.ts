import { generateCnpj, generateCpf } from '@aval/domain';
import { describe, expect, it } from 'vitest';
import { brokerRegistration } from '../../test/factories.js';
import {
  admin,
  asInsurer,
  broker,
  brokerNamed,
  get,
  type Json,
  mailsTo,
  ok,
  post,
  search,
  smtp,
  t,
  useBrokersFixture,
} from '../../test/fixtures/brokers.js';
import { companyKeyOf, passwordGrant } from '../../test/harness.js';
import { mailText } from '../../test/smtp.js';
import { decideBrokerRegistration } from './brokers.registration.js';

useBrokersFixture();

describe('broker self-registration', () => {
  const cnpj = generateCnpj({ alphanumeric: true, masked: true });
  const adminCpf = generateCpf({ masked: true });
  const officerCpf = generateCpf({ masked: true });
  const pub = { companykey: companyKeyOf(54) };
  let token: string;

  const form = (overrides: Json = {}) => {
    const base = brokerRegistration(cnpj, token, 'lucia@vertice.com.br');
    const [administrator, officer] = base.ResponsiblePersons;
    return {
      ...base,
      Name: 'Vértice Corretora de Seguros Ltda.',
      TradeName: 'Vértice',
      Email: 'contato@vertice.com.br',
      ResponsiblePersons: [
        { ...administrator, Name: 'Lúcia Vértice', Cpf: adminCpf },
        { ...officer, Name: 'Carlos Vértice', Cpf: officerCpf, Email: 'carlos@vertice.com.br' },
      ],
      ...overrides,
    };
  };

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
