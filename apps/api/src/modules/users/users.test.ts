import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  companyKeyOf,
  createTestApp,
  passwordGrant,
  signIn,
  type TestApp,
} from '../../test/harness.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
  admin = (await signIn(t, 'admin')).headers;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const profilesOf = async (type: number) =>
  (
    await t.app.inject({
      url: `/api/UserProfile/GetProfileByCompanyId?userInfoTypeId=${type}`,
      headers: admin,
    })
  ).json().Response as { UniqueId: string; Name: string; Usuarios: number; MenuFuncionalityIds: number[] }[];

describe('users', () => {
  let createdId: number;

  it('should list the company users with paging and filters', async () => {
    const res = await t.app.inject({
      url: '/api/Person/GetUsers?currentPage=1&rowsPerPage=3&filterByActive=true',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ Total: 7, CurrentPage: 1, RowsPerPage: 3 });
    expect(body.Data).toHaveLength(3);
    const other = await t.app.inject({
      url: '/api/Person/GetUsers',
      headers: (await signIn(t, 'admin', 325)).headers,
    });
    expect(other.json().Data.every((u: { Username: string }) => u.Username.endsWith('@fianca.demo'))).toBe(
      true,
    );
  });

  it('should create a user and e-mail a single-use first-access link that sets the password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Person/SaveUserInfo',
      headers: { ...admin, host: 'aurora.localhost:3000' },
      payload: {
        Name: 'Joana Prado',
        Email: 'Joana.Prado@Exemplo.com.br',
        UserTypeId: 1,
        Phone: '(11) 98765-4321',
      },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json().Response;
    createdId = user.UserInfoId;
    expect(user).toMatchObject({
      Username: 'joana.prado@exemplo.com.br',
      IsActive: true,
      ProfileName: 'Administrador',
    });
    const mail = mailText((await smtp.waitForMail('joana.prado@exemplo.com.br')).raw);
    const token = mail.match(/\/primeiro-acesso\/([A-Za-z0-9_-]{43})/)![1]!;
    const headers = { companykey: companyKeyOf(54) };
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/Security/ValidateUserInfoChangePasswordRequest',
      headers,
      payload: { UniqueId: token },
    });
    expect(check.json().Response.Purpose).toBe('first_access');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/Security/ChangeUserInfoPassword',
      headers,
      payload: { UniqueId: token, Password: 'Primeira#Senha9', ConfirmPassword: 'Primeira#Senha9' },
    });
    expect(set.json()).toEqual({ Response: true });
    expect((await passwordGrant(t, 'joana.prado@exemplo.com.br', 'Primeira#Senha9')).statusCode).toBe(200);
  });

  it('should refuse a duplicate e-mail and invalid data with pt-BR messages', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/Person/SaveUserInfo',
      headers: admin,
      payload: { Name: 'Outra Pessoa', Email: 'admin@aurora.demo', UserTypeId: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ Errors: ['Já existe um usuário com este e-mail.'] });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Person/SaveUserInfo',
      headers: admin,
      payload: {
        Name: 'Pessoa',
        Email: 'sem-arroba',
        Document: '111.111.111-11',
        Phone: '123',
        UserTypeId: 1,
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().Errors).toEqual(['E-mail inválido', 'CPF inválido', 'Telefone inválido']);
  });

  it('should toggle a user inactive, which stops sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Person/ChangeUserInfoStatus?userId=${createdId}`,
      headers: admin,
    });
    expect(res.json().Response.IsActive).toBe(false);
    expect((await passwordGrant(t, 'joana.prado@exemplo.com.br', 'Primeira#Senha9')).statusCode).toBe(400);
  });

  it('should refuse to delete a user with history and delete one without', async () => {
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/Person/DeleteUserInfo?userInfoId=${createdId}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      Errors: ['Este usuário já tem histórico no portal e não pode ser excluído. Inative-o.'],
    });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/Person/SaveUserInfo',
      headers: admin,
      payload: { Name: 'Temporário da Silva', Email: 'temp@exemplo.com.br', UserTypeId: 4 },
    });
    const id = fresh.json().Response.UserInfoId;
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/Person/DeleteUserInfo?userInfoId=${id}`,
      headers: admin,
    });
    expect(ok.json()).toEqual({ Response: true });
    const list = await t.app.inject({ url: '/api/Person/GetUsers?search=temp', headers: admin });
    expect(list.json().Total).toBe(0);
  });

  it("should not reach another company's user", async () => {
    const other = (await signIn(t, 'admin', 325)).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/Person/ChangeUserInfoStatus?userId=${createdId}`,
      headers: other,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('profiles', () => {
  let profileId: string;

  it('should create a profile, set its functionalities and assign it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/UserProfile/InsertOrUpdateProfile',
      headers: admin,
      payload: { Name: 'Subscritor', UserTypeId: 1 },
    });
    expect(created.statusCode).toBe(200);
    profileId = created.json().Response.UniqueId;
    expect(created.json().Response.Usuarios).toBe(0);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/Menu/UpdateMenuFuncionalityInProfile',
      headers: admin,
      payload: { ProfileUniqueId: profileId, MenuFuncionalityIds: [1, 39, 32, 32] },
    });
    expect(set.json().Response.MenuFuncionalityIds).toEqual([1, 32, 39]);
    const analyst = (
      await t.app.inject({ url: '/api/Person/GetUsers?search=analista', headers: admin })
    ).json().Data[0];
    const assign = await t.app.inject({
      method: 'POST',
      url: '/api/UserProfile/UpdateUserInfoProfile',
      headers: admin,
      payload: { UserInfoId: analyst.UserInfoId, ProfileUniqueId: profileId },
    });
    expect(assign.json().Response.ProfileName).toBe('Subscritor');
    const counts = await profilesOf(1);
    expect(counts.find((p) => p.Name === 'Subscritor')?.Usuarios).toBe(1);
    expect(counts.find((p) => p.Name === 'Administrador')?.Usuarios).toBe(2); // admin and the user created above
    const info = (
      await t.app.inject({ url: '/api/Security/GetUserInfo', headers: (await signIn(t, 'analista')).headers })
    ).json().Response;
    expect(info.Menus.map((m: { Id: number }) => m.Id)).toEqual([1, 7]);
  });

  it('should refuse functionalities of another user type', async () => {
    const broker = (await profilesOf(2))[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Menu/UpdateMenuFuncionalityInProfile',
      headers: admin,
      payload: { ProfileUniqueId: broker.UniqueId, MenuFuncionalityIds: [26] },
    });
    expect(res.statusCode).toBe(422);
  });

  it('should refuse to delete a profile held by users, then delete it when free', async () => {
    const held = await t.app.inject({
      method: 'DELETE',
      url: `/api/UserProfile/DeleteProfile?UniqueId=${profileId}`,
      headers: admin,
    });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      Errors: ['Este perfil está atribuído a 1 usuário e não pode ser excluído.'],
    });
    const analystProfile = (await profilesOf(1)).find((p) => p.Name === 'Analista')!;
    const analyst = (
      await t.app.inject({ url: '/api/Person/GetUsers?search=analista', headers: admin })
    ).json().Data[0];
    await t.app.inject({
      method: 'POST',
      url: '/api/UserProfile/UpdateUserInfoProfile',
      headers: admin,
      payload: { UserInfoId: analyst.UserInfoId, ProfileUniqueId: analystProfile.UniqueId },
    });
    const ok = await t.app.inject({
      method: 'DELETE',
      url: `/api/UserProfile/DeleteProfile?UniqueId=${profileId}`,
      headers: admin,
    });
    expect(ok.json()).toEqual({ Response: true });
  });

  it('should list menus for a user type with only the functionalities it may hold', async () => {
    const res = await t.app.inject({ url: '/api/Menu/GetMenus?userInfoTypeId=3', headers: admin });
    const ids = res
      .json()
      .Response.flatMap((m: { MenuFuncionalities: { Id: number }[] }) =>
        m.MenuFuncionalities.map((f) => f.Id),
      );
    expect(ids).toContain(24);
    expect(ids).not.toContain(26);
  });

  it('should refuse profile management to a broker (user type and permission)', async () => {
    const broker = (await signIn(t, 'corretor')).headers;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UserProfile/InsertOrUpdateProfile',
      headers: broker,
      payload: { Name: 'Hacker', UserTypeId: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GetPersonThr3dAPIHistory', () => {
  it('should page the external queries about a document', async () => {
    const { personApiHistory } = await import('./users.table.js');
    await t.database.db.insert(personApiHistory).values([
      {
        companyId: 54,
        document: '11222333000181',
        provider: 'Receita Federal',
        queryType: 'QSA',
        status: 'Concluída',
      },
      {
        companyId: 54,
        document: '11222333000181',
        provider: 'Serasa',
        queryType: 'Score',
        status: 'Concluída',
      },
      {
        companyId: 325,
        document: '11222333000181',
        provider: 'Serasa',
        queryType: 'Score',
        status: 'Concluída',
      },
    ]);
    const res = await t.app.inject({
      url: '/api/Person/GetPersonThr3dAPIHistory?document=11.222.333/0001-81&currentPage=1&rowsPerPage=1',
      headers: admin,
    });
    expect(res.json()).toMatchObject({ Total: 2, RowsPerPage: 1 });
    expect(res.json().Data).toHaveLength(1);
    const headers = await authHeaders(t, { cid: 54, utp: 2, prm: [8] });
    expect(
      (await t.app.inject({ url: '/api/Person/GetPersonThr3dAPIHistory?document=11222333000181', headers }))
        .statusCode,
    ).toBe(403);
  });
});
