import {
  changeUserInfoPassword,
  changeUserInfoStatus,
  deleteProfile,
  deleteUserInfo,
  getInsurerRequestDocuments,
  getMenus,
  getPersonThr3dAPIHistory,
  getProfileByCompanyId,
  getUserInfo,
  getUsers,
  insertOrUpdateProfile,
  MenuId,
  menuShownTo,
  Permission,
  saveAdvisorBrokers,
  saveUserInfo,
  updateMenuFuncionalityInProfile,
  updateUserInfoProfile,
  validateUserInfoChangePasswordRequest,
} from '@aval/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, uniqueCnpj, uniqueName, uniqueTag } from '../../test/factories.js';
import { createTestApp, demoUser, passwordGrant, type TestApp } from '../../test/harness.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const profilesOf = (userInfoTypeId: number) =>
  t.data(getProfileByCompanyId, { as: 'admin', query: { userInfoTypeId } });
const createProfile = async (functionalities: number[]) => {
  const profile = await t.data(insertOrUpdateProfile, {
    as: 'admin',
    body: { Name: uniqueName('Perfil'), UserTypeId: 1 },
  });
  await t.data(updateMenuFuncionalityInProfile, {
    as: 'admin',
    body: { ProfileUniqueId: profile.UniqueId, MenuFuncionalityIds: functionalities },
  });
  return profile;
};

describe('users', () => {
  it('should list the company users with paging and filters', async () => {
    const tag = uniqueTag();
    const created = [];
    for (const n of ['Ana', 'Bruno', 'Carla']) created.push(await createUser(t, { name: `${n} ${tag}` }));
    const inactive = await createUser(t, { name: `Davi ${tag}` });
    await t.data(changeUserInfoStatus, { as: 'admin', query: { userId: inactive.UserInfoId } });
    const page = await t.data(getUsers, {
      as: 'admin',
      query: { search: tag, currentPage: 1, rowsPerPage: 2, filterByActive: true },
    });
    expect(page).toMatchObject({ Total: 3, CurrentPage: 1, RowsPerPage: 2 });
    expect(page.Data).toHaveLength(2);
    const all = await t.data(getUsers, { as: 'admin', query: { search: tag } });
    expect(all.Data.map((u) => u.UserInfoId).sort()).toEqual(
      [...created, inactive].map((u) => u.UserInfoId).sort(),
    );
    // Company 325's users only: its own demo users, none of company 54's.
    const other = await t.data(getUsers, {
      as: { user: 'admin', company: 325 },
      query: { rowsPerPage: 200 },
    });
    const ownDomain = demoUser('admin', 54).split('@')[1]!;
    expect(other.Data.map((u) => u.Username)).toContain(demoUser('admin', 325));
    expect(other.Data.filter((u) => u.Username.endsWith(`@${ownDomain}`))).toEqual([]);
    expect(
      (await t.data(getUsers, { as: { user: 'admin', company: 325 }, query: { search: tag } })).Total,
    ).toBe(0);
  });

  it('should sort the users by name, type, document or last access either way, empty values last', async () => {
    const list = async (
      orderBy: 'Name' | 'UserType' | 'Document' | 'LastLoginAt',
      orderDirection: 'asc' | 'desc',
    ) => (await t.data(getUsers, { as: 'admin', query: { orderBy, orderDirection, rowsPerPage: 200 } })).Data;
    const byType = (await list('UserType', 'asc')).map((u) => u.UserTypeName);
    expect(new Set(byType).size).toBeGreaterThan(2);
    // By the type's name as shown (Agente, Assessor, Corretor, Seguradora, Tomador…), not its id.
    expect(byType).toEqual([...byType].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const byTypeDesc = (await list('UserType', 'desc')).map((u) => u.UserTypeName);
    expect(byTypeDesc).toEqual([...byType].reverse());
    const byLogin = (await list('LastLoginAt', 'desc')).map((u) => u.LastLoginAt);
    const seen = byLogin.filter((d): d is string => d !== null);
    expect(seen.length).toBeGreaterThan(0);
    expect(byLogin.slice(0, seen.length)).toEqual([...seen].sort().reverse());
    expect(byLogin.slice(seen.length).every((d) => d === null)).toBe(true);
    const byDocument = (await list('Document', 'asc')).map((u) => u.Document).filter((d) => d !== null);
    expect(byDocument).toEqual([...byDocument].sort());
    const bad = await t.call(getUsers, { as: 'admin', query: { orderBy: 'Password' as 'Name' } });
    expect(bad.status).toBe(400);
  });

  it('should create a user and e-mail a single-use first-access link that sets the password', async () => {
    const email = `Joana.${uniqueTag()}@Exemplo.com.br`;
    const res = await t.call(saveUserInfo, {
      as: 'admin',
      headers: { host: 'aurora.localhost:3000' },
      body: { Name: 'Joana Prado', Email: email, UserTypeId: 1, Phone: '(11) 98765-4321' },
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      Username: email.toLowerCase(),
      IsActive: true,
      ProfileName: 'Administrador',
    });
    const mail = mailText((await smtp.waitForMail(email.toLowerCase())).raw);
    const token = mail.match(/\/primeiro-acesso\/([A-Za-z0-9_-]{43})/)![1]!;
    const check = await t.data(validateUserInfoChangePasswordRequest, { body: { UniqueId: token } });
    expect(check.Purpose).toBe('first_access');
    const set = await t.call(changeUserInfoPassword, {
      body: { UniqueId: token, Password: 'Primeira#Senha9', ConfirmPassword: 'Primeira#Senha9' },
    });
    expect(set.body).toEqual({ Response: true });
    expect((await passwordGrant(t, email.toLowerCase(), 'Primeira#Senha9')).statusCode).toBe(200);
    const again = await t.call(changeUserInfoPassword, {
      body: { UniqueId: token, Password: 'Segunda#Senha9', ConfirmPassword: 'Segunda#Senha9' },
    });
    expect(again.status).toBe(400);
  });

  it('should create a policy holder user with its holder, refusing a holder for another user type or company', async () => {
    const q = async <T>(query: ReturnType<typeof sql>) =>
      ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [holder] = await q<{ id: number; unique_id: string }>(
      sql`select id, unique_id from policy_holders where company_id = 54 order by id limit 1`,
    );
    const body = {
      Name: 'Tomador Usuário Novo',
      Email: `tomador.${uniqueTag()}@exemplo.com.br`,
      UserTypeId: 3,
      PolicyHolderUniqueId: holder!.unique_id,
    };
    const created = await t.data(saveUserInfo, { as: 'admin', body });
    const [row] = await q<{ policy_holder_id: number }>(
      sql`select policy_holder_id from users where id = ${created.UserInfoId}`,
    );
    expect(row!.policy_holder_id).toBe(holder!.id);
    const other = { ...body, Email: `x.${uniqueTag()}@exemplo.com.br` };
    expect((await t.call(saveUserInfo, { as: 'admin', body: { ...other, UserTypeId: 1 } })).status).toBe(422);
    expect((await t.call(saveUserInfo, { as: { user: 'admin', company: 325 }, body: other })).status).toBe(
      422,
    );
  });

  it('should refuse a duplicate e-mail and invalid data with pt-BR messages', async () => {
    const dup = await t.call(saveUserInfo, {
      as: 'admin',
      body: { Name: 'Outra Pessoa', Email: 'admin@aurora.demo', UserTypeId: 1 },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({
      Errors: ['Já existe um usuário com este e-mail.'],
      Fields: [{ Field: 'Email', Message: 'Já existe um usuário com este e-mail.' }],
    });
    const bad = await t.call(saveUserInfo, {
      as: 'admin',
      body: { Name: 'Pessoa', Email: 'sem-arroba', Document: '111.111.111-11', Phone: '123', UserTypeId: 1 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      Errors: ['E-mail inválido', 'CPF inválido', 'Telefone inválido'],
      Fields: [
        { Field: 'Email', Message: 'E-mail inválido' },
        { Field: 'Document', Message: 'CPF inválido' },
        { Field: 'Phone', Message: 'Telefone inválido' },
      ],
    });
  });

  it("should let the insurer name an advisor's broker users, refusing a broker, another company and users of the wrong type", async () => {
    const idOf = async (local: string) =>
      (await t.data(getUsers, { as: 'admin', query: { search: demoUser(local, 54) } })).Data[0]!.UserInfoId;
    const [advisor, corretor, corretor2] = [
      await idOf('assessor'),
      await idOf('corretor'),
      await idOf('corretor2'),
    ];
    const body = { AdvisorUserId: advisor, BrokerUserIds: [corretor2] };
    expect(await t.data(saveAdvisorBrokers, { as: 'admin', body })).toEqual(body);
    const advised = async () =>
      (
        (await t.database.db.execute(
          sql`select broker_user_id as id from advisor_brokers where advisor_user_id = ${advisor}`,
        )) as unknown as { rows: { id: number }[] }
      ).rows.map((r) => r.id);
    expect(await advised()).toEqual([corretor2]);
    expect((await t.call(saveAdvisorBrokers, { as: 'corretor', body })).status).toBe(403);
    expect((await t.call(saveAdvisorBrokers, { as: { user: 'admin', company: 325 }, body })).status).toBe(
      404,
    );
    const notAdvisor = await t.call(saveAdvisorBrokers, {
      as: 'admin',
      body: { ...body, AdvisorUserId: corretor },
    });
    expect(notAdvisor.status).toBe(422);
    const notBroker = await t.call(saveAdvisorBrokers, {
      as: 'admin',
      body: { ...body, BrokerUserIds: [advisor] },
    });
    expect(notBroker.status).toBe(422);
    await t.data(saveAdvisorBrokers, {
      as: 'admin',
      body: { ...body, BrokerUserIds: [corretor, corretor2] },
    });
    expect((await advised()).sort()).toEqual([corretor, corretor2].sort());
  });

  it('should toggle a user inactive, which stops sign-in', async () => {
    const user = await createUser(t, { password: 'Primeira#Senha9' });
    const res = await t.data(changeUserInfoStatus, { as: 'admin', query: { userId: user.UserInfoId } });
    expect(res.IsActive).toBe(false);
    expect((await passwordGrant(t, user.Username, 'Primeira#Senha9')).statusCode).toBe(400);
  });

  it('should refuse to delete a user with history and delete one without', async () => {
    const signedIn = await createUser(t, { password: 'Primeira#Senha9' });
    const refused = await t.call(deleteUserInfo, { as: 'admin', query: { userInfoId: signedIn.UserInfoId } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      Errors: ['Este usuário já tem histórico no portal e não pode ser excluído. Inative-o.'],
    });
    const fresh = await createUser(t, { userTypeId: 4 });
    const ok = await t.call(deleteUserInfo, { as: 'admin', query: { userInfoId: fresh.UserInfoId } });
    expect(ok.body).toEqual({ Response: true });
    expect((await t.data(getUsers, { as: 'admin', query: { search: fresh.Name } })).Total).toBe(0);
    expect((await t.data(getUsers, { as: 'admin', query: { search: signedIn.Name } })).Total).toBe(1);
  });

  it("should not reach another company's user", async () => {
    const user = await createUser(t);
    const res = await t.call(changeUserInfoStatus, {
      as: { user: 'admin', company: 325 },
      query: { userId: user.UserInfoId },
    });
    expect(res.status).toBe(404);
    const still = await t.data(getUsers, { as: 'admin', query: { search: user.Name } });
    expect(still.Data[0]!.IsActive).toBe(true);
  });
});

describe('profiles', () => {
  it('should create a profile, set its functionalities and assign it', async () => {
    const created = await t.call(insertOrUpdateProfile, {
      as: 'admin',
      body: { Name: uniqueName('Subscritor'), UserTypeId: 1 },
    });
    expect(created.status).toBe(200);
    const profile = created.data;
    expect(profile.Usuarios).toBe(0);
    const set = await t.data(updateMenuFuncionalityInProfile, {
      as: 'admin',
      body: { ProfileUniqueId: profile.UniqueId, MenuFuncionalityIds: [1, 39, 32, 32] },
    });
    expect(set.MenuFuncionalityIds).toEqual([1, 32, 39]);
    const user = await createUser(t, { password: 'Primeira#Senha9' });
    const adminsBefore = (await profilesOf(1)).find((p) => p.Name === 'Administrador')!.Usuarios;
    const assign = await t.data(updateUserInfoProfile, {
      as: 'admin',
      body: { UserInfoId: user.UserInfoId, ProfileUniqueId: profile.UniqueId },
    });
    expect(assign.ProfileName).toBe(profile.Name);
    const counts = await profilesOf(1);
    expect(counts.find((p) => p.UniqueId === profile.UniqueId)?.Usuarios).toBe(1);
    expect(counts.find((p) => p.Name === 'Administrador')?.Usuarios).toBe(adminsBefore - 1);
    const grant = await passwordGrant(t, user.Username, 'Primeira#Senha9');
    const info = await t.data(getUserInfo, { as: { token: grant.json().access_token } });
    // The home (11, Início) needs no functionality: it comes first for every insurer user.
    expect(info.Menus.map((m) => m.Id)).toEqual([11, 1, 7]);
    expect(info.HomeMenuId).toBe(11);
  });

  it('should refuse functionalities of another user type', async () => {
    const broker = (await profilesOf(2))[0]!;
    const res = await t.call(updateMenuFuncionalityInProfile, {
      as: 'admin',
      body: { ProfileUniqueId: broker.UniqueId, MenuFuncionalityIds: [26] },
    });
    expect(res.status).toBe(422);
    expect((await profilesOf(2))[0]!.MenuFuncionalityIds).toEqual(broker.MenuFuncionalityIds);
  });

  it('should refuse to delete a profile held by users, then delete it when free', async () => {
    const profile = await createProfile([1]);
    const user = await createUser(t, { profileUniqueId: profile.UniqueId });
    const held = await t.call(deleteProfile, { as: 'admin', query: { UniqueId: profile.UniqueId } });
    expect(held.status).toBe(409);
    expect(held.body).toEqual({
      Errors: ['Este perfil está atribuído a 1 usuário e não pode ser excluído.'],
    });
    const analystProfile = (await profilesOf(1)).find((p) => p.Name === 'Analista')!;
    await t.data(updateUserInfoProfile, {
      as: 'admin',
      body: { UserInfoId: user.UserInfoId, ProfileUniqueId: analystProfile.UniqueId },
    });
    const ok = await t.call(deleteProfile, { as: 'admin', query: { UniqueId: profile.UniqueId } });
    expect(ok.body).toEqual({ Response: true });
    expect((await profilesOf(1)).map((p) => p.UniqueId)).not.toContain(profile.UniqueId);
  });

  it('should list menus for a user type with only the functionalities it may hold', async () => {
    const menus = await t.data(getMenus, { as: 'admin', query: { userInfoTypeId: 3 } });
    const ids = menus.flatMap((m) => m.MenuFuncionalities.map((f) => f.Id));
    expect(ids).toContain(24);
    expect(ids).not.toContain(26);
  });

  it('should show each demo user a Documentos menu only where its screen answers', async () => {
    for (const as of ['admin', 'analista', 'corretor', 'agente', 'tomador', 'assessor'] as const) {
      const info = await t.data(getUserInfo, { as });
      const shown = info.Menus.some((m) => m.Route === '/documentos' && menuShownTo(m.Id, info.UserTypeId));
      const screen = await t.call(getInsurerRequestDocuments, { as, query: {} });
      expect({ as, shown }).toEqual({ as, shown: screen.status === 200 });
    }
    // A broker's profile holds the documents permissions (it uploads its own request documents with
    // them, so GetUserInfo keeps them), yet the insurer's documents screen is not offered, nor home.
    const broker = await t.data(getUserInfo, { as: 'corretor' });
    const held = broker.Menus.flatMap((m) => m.MenuFuncionalities.map((f) => f.Id));
    expect(held).toContain(Permission.UPLOAD_DOCUMENTOS);
    expect(menuShownTo(MenuId.DOCUMENTOS, broker.UserTypeId)).toBe(false);
    expect(broker.HomeMenuId).not.toBe(MenuId.DOCUMENTOS);
    expect(menuShownTo(MenuId.DOCUMENTOS, (await t.data(getUserInfo, { as: 'admin' })).UserTypeId)).toBe(
      true,
    );
  });

  it('should refuse profile management to a broker (user type and permission)', async () => {
    const res = await t.call(insertOrUpdateProfile, {
      as: 'corretor',
      body: { Name: 'Hacker', UserTypeId: 1 },
    });
    expect(res.status).toBe(403);
  });
});

describe('GetPersonThr3dAPIHistory', () => {
  it('should page the external queries about a document', async () => {
    const { personApiHistory } = await import('./users.table.js');
    const document = uniqueCnpj();
    const row = { document, provider: 'Serasa', queryType: 'Score', status: 'Concluída' };
    await t.database.db.insert(personApiHistory).values([
      { ...row, companyId: 54, provider: 'Receita Federal', queryType: 'QSA' },
      { ...row, companyId: 54 },
      { ...row, companyId: 325 },
    ]);
    const masked = `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}/${document.slice(8, 12)}-${document.slice(12)}`;
    const page = await t.data(getPersonThr3dAPIHistory, {
      as: 'admin',
      query: { document: masked, currentPage: 1, rowsPerPage: 1 },
    });
    expect(page).toMatchObject({ Total: 2, RowsPerPage: 1 });
    expect(page.Data).toHaveLength(1);
    const refused = await t.call(getPersonThr3dAPIHistory, {
      as: { cid: 54, utp: 2, prm: [8] },
      query: { document },
    });
    expect(refused.status).toBe(403);
  });
});
