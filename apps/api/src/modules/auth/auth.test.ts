import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  demoUser,
  passwordGrant,
  refreshGrant,
  signIn,
  type TestApp,
} from '../../test/harness.js';
import { roomInWindow } from '../../test/wait.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe('POST /connect/token (password grant)', () => {
  it('should issue a signed access token and a refresh token with offline_access', async () => {
    const res = await passwordGrant(t, demoUser('admin'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid offline_access' });
    expect(body.expires_in).toBeGreaterThan(800);
    expect(body.refresh_token).toMatch(/^[0-9a-f]{64}$/);
    const claims = decode(body.access_token);
    expect(claims).toMatchObject({ cid: 54, utp: 1, iss: 'aval', aud: 'aval-portal' });
    expect(claims.prm).toContain(26);
  });

  it('should not issue a refresh token without offline_access', async () => {
    const res = await passwordGrant(t, demoUser('analista'), undefined, 54, { scope: 'openid' });
    expect(res.statusCode).toBe(200);
    expect(res.json().refresh_token).toBeUndefined();
  });

  it('should answer invalid_grant in pt-BR for a wrong password or unknown user, alike', async () => {
    const wrong = await passwordGrant(t, demoUser('corretor'), 'Errada@123');
    const unknown = await passwordGrant(t, 'ninguem@aurora.demo', 'Errada@123');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Usuário ou senha inválidos.',
      });
    }
  });

  it('should refuse an unknown client with invalid_client', async () => {
    const res = await passwordGrant(t, demoUser('admin'), undefined, 54, { client_secret: 'outro' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Cliente inválido.' });
  });

  it("should not let a user of one company sign in through another company's key", async () => {
    const res = await passwordGrant(t, demoUser('admin', 325), undefined, 54);
    expect(res.statusCode).toBe(400);
  });

  it('should lock the account after 5 failures and say until when', async () => {
    const user = demoUser('agente');
    for (let i = 0; i < 4; i++) expect((await passwordGrant(t, user, 'Errada@123')).statusCode).toBe(400);
    const fifth = await passwordGrant(t, user, 'Errada@123');
    expect(fifth.json().error_description).toMatch(/^Conta bloqueada temporariamente/);
    expect(new Date(fifth.json().locked_until).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const right = await passwordGrant(t, user);
    expect(right.statusCode).toBe(400);
    expect(right.json().locked_until).toBeDefined();
  });
});

describe('POST /connect/token (refresh_token grant)', () => {
  it('should rotate the refresh token on every use', async () => {
    const first = await signIn(t, 'corretor');
    const r1 = await refreshGrant(t, first.refreshToken!);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().refresh_token;
    expect(second).toBeDefined();
    expect(second).not.toBe(first.refreshToken);
    const r2 = await refreshGrant(t, second);
    expect(r2.statusCode).toBe(200);
  });

  it('should revoke the whole family when a rotated token is reused', async () => {
    const s = await signIn(t, 'corretor2');
    const r1 = await refreshGrant(t, s.refreshToken!);
    const latest = r1.json().refresh_token;
    const reuse = await refreshGrant(t, s.refreshToken!);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Sessão expirada. Entre novamente.',
    });
    const afterTheft = await refreshGrant(t, latest);
    expect(afterTheft.statusCode).toBe(400);
  });

  it('should refuse a refresh token of another company', async () => {
    const s = await signIn(t, 'admin');
    const res = await refreshGrant(t, s.refreshToken!, 325);
    expect(res.statusCode).toBe(400);
  });
});

describe('rate limit', () => {
  it('should answer 429 in pt-BR when one address asks for tokens too often', async () => {
    const limited = await createTestApp({ env: { TOKEN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      // The counters count per clock minute: four calls across a minute's turn would count 3 + 1.
      await roomInWindow(60);
      for (let i = 0; i < 3; i++) await passwordGrant(limited, 'x@aurora.demo', 'Errada@1');
      const res = await passwordGrant(limited, 'x@aurora.demo', 'Errada@1');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ Errors: ['Muitas tentativas. Aguarde um momento e tente novamente.'] });
    } finally {
      await limited.close();
    }
  });
});

describe('GetUserInfo', () => {
  it("should return the user's menus in server order with their functionalities and home", async () => {
    const s = await signIn(t, 'admin');
    const res = await t.app.inject({ url: '/api/Security/GetUserInfo', headers: s.headers });
    expect(res.statusCode).toBe(200);
    const info = res.json().Response;
    expect(info).toMatchObject({
      Username: 'admin@aurora.demo',
      UserTypeId: 1,
      CompanyId: 54,
      HomeMenuId: 11,
      Advisor: null,
    });
    // Início (11, the home, no functionalities) first, then the spec's order.
    expect(info.Menus.map((m: { Id: number }) => m.Id)).toEqual([11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(info.Menus.map((m: { Order: number }) => m.Order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(info.Menus[0]).toMatchObject({ Name: 'Início', Route: '/inicio', MenuFuncionalities: [] });
    const kanban = info.Menus[1].MenuFuncionalities.find((f: { Id: number }) => f.Id === 34);
    expect(kanban.RefUniqueId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should show a broker only the menus its profile holds, Início as home', async () => {
    const s = await signIn(t, 'corretor');
    const info = (await t.app.inject({ url: '/api/Security/GetUserInfo', headers: s.headers })).json()
      .Response;
    expect(info.HomeMenuId).toBe(11);
    expect(info.Menus[0].Route).toBe('/inicio');
    const ids = info.Menus.map((m: { Id: number }) => m.Id);
    expect(ids).not.toContain(5);
    expect(ids).not.toContain(1);
  });
});

describe('advisors', () => {
  it('should let an advisor act as a broker they advise and come back', async () => {
    const advisor = await signIn(t, 'assessor');
    const info = (await t.app.inject({ url: '/api/Security/GetUserInfo', headers: advisor.headers })).json()
      .Response;
    const brokerId = (
      await t.app.inject({
        url: '/api/Security/GetUserInfo',
        headers: (await signIn(t, 'corretor2')).headers,
      })
    ).json().Response.UserId;

    const act = await t.app.inject({
      method: 'POST',
      url: '/api/Advisor/AuthenticationBroker',
      headers: advisor.headers,
      payload: { BrokerUserId: brokerId },
    });
    expect(act.statusCode).toBe(200);
    const asBroker = { ...advisor.headers, authorization: `Bearer ${act.json().access_token}` };
    expect(decode(act.json().access_token)).toMatchObject({
      sub: String(brokerId),
      act: String(info.UserId),
      utp: 2,
    });
    const brokerInfo = (await t.app.inject({ url: '/api/Security/GetUserInfo', headers: asBroker })).json()
      .Response;
    expect(brokerInfo.UserId).toBe(brokerId);
    expect(brokerInfo.Advisor).toMatchObject({ UserId: info.UserId, Username: 'assessor@aurora.demo' });

    const back = await t.app.inject({
      method: 'POST',
      url: '/api/Advisor/AuthenticationAdvisor',
      headers: asBroker,
    });
    expect(back.statusCode).toBe(200);
    expect(decode(back.json().access_token)).toMatchObject({ sub: String(info.UserId), utp: 6 });
    expect(decode(back.json().access_token).act).toBeUndefined();
  });

  it('should refuse a broker outside the advisor list', async () => {
    const advisor = await signIn(t, 'assessor');
    const agentId = (
      await t.app.inject({ url: '/api/Security/GetUserInfo', headers: (await signIn(t, 'analista')).headers })
    ).json().Response.UserId;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Advisor/AuthenticationBroker',
      headers: advisor.headers,
      payload: { BrokerUserId: agentId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Errors: ['Este corretor não está entre os que você assessora.'] });
  });

  it('should refuse AuthenticationBroker to a user who is not an advisor', async () => {
    const broker = await signIn(t, 'corretor');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Advisor/AuthenticationBroker',
      headers: broker.headers,
      payload: { BrokerUserId: 1 },
    });
    expect(res.statusCode).toBe(403);
  });

  it('should exchange a token only for an identity the caller may act as', async () => {
    const advisor = await signIn(t, 'assessor');
    const uniqueOf = async (local: string) =>
      (
        await t.app.inject({ url: '/api/Security/GetUserInfo', headers: (await signIn(t, local)).headers })
      ).json().Response.UniqueId;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/generate/token',
      headers: advisor.headers,
      payload: { Payload: { UserUniqueId: await uniqueOf('corretor') }, ClientId: 'aval-portal' },
    });
    expect(ok.statusCode).toBe(200);
    expect(decode(ok.json().access_token).utp).toBe(2);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/generate/token',
      headers: advisor.headers,
      payload: { Payload: { UserUniqueId: await uniqueOf('admin') }, ClientId: 'aval-portal' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('terms of use', () => {
  it('should block until the latest terms are accepted, then record the acceptance', async () => {
    const s = await signIn(t, 'tomador');
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/Security/VerifyUserInfoAssignLastTermOfUser',
      headers: s.headers,
    });
    expect(before.json()).toEqual({ Response: false });
    const terms = (await t.app.inject({ url: '/api/Core/GetTermOfUse', headers: s.headers })).json().Response;
    expect(terms.Version).toBe(1);
    expect(terms.HTMLTermOfUse).toContain('Aurora Seguros Garantia');
    expect(terms.HTMLTermOfUse).not.toContain('[NOME_SEGURADORA]');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/Security/AssignLastCompanyTermOfUse',
      headers: s.headers,
    });
    expect(accept.json()).toEqual({ Response: true });
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/Security/VerifyUserInfoAssignLastTermOfUser',
      headers: s.headers,
    });
    expect(after.json()).toEqual({ Response: true });
  });

  it('should list the company tags', async () => {
    const s = await signIn(t, 'tomador');
    const tags = (await t.app.inject({ url: '/api/Core/GetCompanyTermOfUseTags', headers: s.headers })).json()
      .Response;
    expect(tags).toContainEqual({ Name: 'NOME_SEGURADORA', Value: 'Aurora Seguros Garantia' });
  });
});
