import * as calls from '@aval/contracts';
import { maskCpfCnpj, UserType, type UserTypeId } from '@aval/domain';
import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { insurerProfile } from '../lib/insurer-profile.js';
import { saveAdvisedBrokers } from '../modules/accounts/save-advised-brokers.js';
import { saveUserInfo } from '../modules/accounts/save-user.js';
import { companyTags, oauthClients, termsOfUse } from '../modules/auth/auth.table.js';
import { changePassword, PORTAL_CLIENT_ID, sendFirstAccess } from '../modules/auth/index.js';
import * as usersService from '../modules/users/index.js';
import { defaultProfiles, functionalityCatalogue, menuCatalogue } from '../modules/users/menus.catalogue.js';
import {
  companyMenus,
  menuFunctionalities,
  menus,
  profileFunctionalities,
  profiles,
  users,
} from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';
import { actorContext, perform, publicContext } from './context.js';
import { mailedLink } from './platform.js';

/** Password of every demo user (documented in the README). */
export const DEMO_PASSWORD = 'Aval@2026';
/** The portal SPA is a public OAuth2 client: its "secret" ships in the browser and is no secret. */
export const PORTAL_CLIENT_SECRET = 'aval-portal-spa';

/** The demo's people; `brokerage`: the demo brokerage whose registration or administrator creates them (brokers.ts). */
const demoPeople: readonly {
  local: string;
  name: string;
  type: UserTypeId;
  profile: string;
  brokerage?: 'registration' | 'administrator';
  /** Created with the demo policy holder it belongs to (policy-holders.ts). */
  holder?: true;
}[] = [
  { local: 'admin', name: 'Helena Duarte', type: UserType.INSURANCE, profile: 'Administrador' },
  { local: 'analista', name: 'Rafael Moreira', type: UserType.INSURANCE, profile: 'Analista' },
  // The administrators of the Lopes and Azevedo brokerages: their users come with its registration.
  {
    local: 'corretor',
    name: 'Marina Lopes',
    type: UserType.BROKER,
    profile: 'Corretor',
    brokerage: 'registration',
  },
  {
    local: 'corretor2',
    name: 'Paulo Azevedo',
    type: UserType.BROKER,
    profile: 'Corretor',
    brokerage: 'registration',
  },
  // An agent of Lopes, created by the insurer once the brokerage exists.
  {
    local: 'agente',
    name: 'Tiago Fernandes',
    type: UserType.AGENT,
    profile: 'Agente',
    brokerage: 'administrator',
  },
  {
    local: 'tomador',
    name: 'Construtora Horizonte Azul Ltda.',
    type: UserType.POLICY_HOLDER,
    profile: 'Tomador',
    holder: true,
  },
  // A second holder's user: the life-cycle journey follows its own proposal to a policy it then sees.
  {
    local: 'tomador2',
    name: 'Engenharia Vale do Paraíba S.A.',
    type: UserType.POLICY_HOLDER,
    profile: 'Tomador',
    holder: true,
  },
  { local: 'assessor', name: 'Beatriz Campos', type: UserType.ADVISOR, profile: 'Assessor' },
];

export const demoUsername = (local: string, hostSlug: string) => `${local}@${hostSlug}.demo`;
const slugOf = (host: string) => host.split('.')[0]!;

const termsHtml = `<h2>Termos de uso do portal [NOME_SEGURADORA]</h2>
<p>Este portal é oferecido por <strong>[NOME_SEGURADORA]</strong>, CNPJ [CNPJ_SEGURADORA], a corretores,
tomadores e colaboradores para cotação, emissão e acompanhamento de seguro garantia.</p>
<p>Ao usar o portal você declara que as informações enviadas são verdadeiras, que manterá sua senha em
sigilo e que os documentos anexados pertencem às partes da operação. Os dados pessoais são tratados
conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018), para as finalidades de análise de risco,
emissão de apólices e cumprimento de obrigações regulatórias (SUSEP).</p>
<p>Dúvidas: [EMAIL_CONTATO].</p>`;

/**
 * The platform's installation data, written directly (no portal call creates them: they are what an
 * installation starts with): menus, functionalities, the default profiles, the portal's OAuth client,
 * the company tags and the terms of use. Then, at a company's first start, its demo users, created
 * as people create them (`createDemoUsers`). Idempotent.
 */
export const seedIdentity = async (db: Db) => {
  for (const m of menuCatalogue) {
    await db
      .insert(menus)
      .values({ id: m.id, name: m.name, route: m.route, defaultOrder: m.order ?? m.id })
      .onConflictDoUpdate({ target: menus.id, set: { name: m.name, route: m.route } });
  }
  for (const f of functionalityCatalogue) {
    const values = {
      id: f.id,
      menuId: f.menuId,
      name: f.name,
      refUniqueId: f.ref ?? null,
      userTypeIds: f.userTypes,
    };
    await db
      .insert(menuFunctionalities)
      .values(values)
      .onConflictDoUpdate({ target: menuFunctionalities.id, set: values });
  }
  const clientSecretHash = await hash(PORTAL_CLIENT_SECRET);
  const seeded: { company: string; host: string; users: { username: string; type: number }[] }[] = [];

  for (const c of demoCompanies) {
    for (const m of menuCatalogue) {
      await db
        .insert(companyMenus)
        .values({ companyId: c.id, menuId: m.id, order: m.order ?? m.id })
        .onConflictDoNothing();
    }
    const [client] = await db
      .select()
      .from(oauthClients)
      .where(and(eq(oauthClients.companyId, c.id), eq(oauthClients.clientId, PORTAL_CLIENT_ID)));
    if (!client) {
      await db.insert(oauthClients).values({
        companyId: c.id,
        clientId: PORTAL_CLIENT_ID,
        secretHash: clientSecretHash,
        grants: ['password', 'refresh_token'],
      });
    }
    const profileIds = new Map<string, number>();
    // The company's default profiles as they are now (users rename and retype them).
    const defaults = await db
      .select({ id: profiles.id, name: profiles.name, userTypeId: profiles.userTypeId })
      .from(profiles)
      .where(and(eq(profiles.companyId, c.id), eq(profiles.isDefault, true)));
    for (const p of defaultProfiles) {
      // The unique key: user type and the name in lower case.
      const existing = defaults.find(
        (d) => d.userTypeId === p.userType && d.name.toLowerCase() === p.name.toLowerCase(),
      );
      if (existing) {
        profileIds.set(p.name, existing.id);
        continue;
      }
      // A user type that has default profiles already had them seeded: one missing by name was
      // renamed by users and is not created again.
      if (defaults.some((d) => d.userTypeId === p.userType)) continue;
      const [profile] = await db
        .insert(profiles)
        .values({ companyId: c.id, name: p.name, userTypeId: p.userType, isDefault: true })
        .returning();
      profileIds.set(p.name, profile!.id);
      await db.insert(profileFunctionalities).values(
        p.permissions.map((functionalityId) => ({
          companyId: c.id,
          profileId: profile!.id,
          functionalityId,
        })),
      );
    }
    for (const [name, value] of [
      ['NOME_SEGURADORA', c.name],
      // The CNPJ the insurer's policies print (one source: its profile).
      ['CNPJ_SEGURADORA', maskCpfCnpj(insurerProfile(c).cnpj)],
      ['EMAIL_CONTATO', `atendimento@${slugOf(c.hosts[0])}.demo`],
    ] as const) {
      await db.insert(companyTags).values({ companyId: c.id, name, value }).onConflictDoNothing();
    }
    await db
      .insert(termsOfUse)
      .values({ companyId: c.id, version: 1, html: termsHtml })
      .onConflictDoNothing();

    const slug = slugOf(c.hosts[0]);
    // Demo users are created at the company's first start only: a demo user whose e-mail (its
    // username) was changed must not come back with the demo password on the next restart.
    const [firstStart] = await db
      .select({ none: sql<boolean>`count(*) = 0` })
      .from(users)
      .where(eq(users.companyId, c.id));
    if (firstStart?.none) await createDemoUsers(db, c, profileIds.get('Administrador') ?? null);
    seeded.push({
      company: c.name,
      host: c.hosts[0],
      users: demoPeople.map((p) => ({ username: demoUsername(p.local, slug), type: p.type })),
    });
  }
  return seeded;
};

type Company = (typeof demoCompanies)[number];

/**
 * The installer's one step: the company's first administrator (`admin@`), who cannot be created by
 * anyone in the portal since no one is there yet. Created in the users directory with the default
 * Administrador profile and, like every other user, no password: the first-access e-mail gives it one.
 */
const installFirstAdministrator = async (db: Db, company: Company, profileId: number | null) => {
  const ctx = publicContext(db, company);
  const person = demoPeople.find((p) => p.local === 'admin')!;
  const username = demoUsername('admin', slugOf(company.hosts[0]));
  const { user } = await usersService.insertPersonAndUser(
    ctx,
    { name: person.name, email: username, document: null, phone: null },
    { userTypeId: person.type, profileId, brokerId: null },
  );
  await sendFirstAccess(ctx, user.id, person.name, username);
  return user.id;
};

/**
 * A demo user opens the first-access (or recovery) link mailed to them and defines the demo
 * password, through the same call as the portal's "Criar senha" page.
 */
export const defineDemoPassword = async (db: Db, company: Company, username: string) => {
  const token = mailedLink(db, username, /\/(?:primeiro-acesso|alterar-senha)\/([A-Za-z0-9_-]+)/);
  await changePassword(publicContext(db, company), {
    UniqueId: token,
    Password: DEMO_PASSWORD,
    ConfirmPassword: DEMO_PASSWORD,
  });
};

/** The company's administrator as the seed acts as them (the insurer's user who creates the others). */
export const demoAdministrator = async (db: Db, company: Company) => {
  const username = demoUsername('admin', slugOf(company.hosts[0]));
  const found = await usersService.findUserByUsername(publicContext(db, company), username);
  return found && actorContext(db, company, found.user.id);
};

/**
 * A demo user created by the insurer's administrator on the Usuários screen (SaveUserInfo: person,
 * profile, first-access e-mail), who then defines the demo password from that e-mail.
 */
export const createDemoUser = async (
  admin: UserContext,
  company: Company,
  local: string,
  brokerId?: number,
  policyHolderUniqueId?: string,
) => {
  const person = demoPeople.find((p) => p.local === local)!;
  const profile = (await usersService.getProfiles(admin, person.type)).find((p) => p.Name === person.profile);
  const username = demoUsername(local, slugOf(company.hosts[0]));
  await perform(admin, calls.saveUserInfo, () =>
    saveUserInfo(admin, {
      Name: person.name,
      Email: username,
      UserTypeId: person.type,
      ProfileUniqueId: profile?.UniqueId ?? null,
      BrokerId: brokerId ?? null,
      PolicyHolderUniqueId: policyHolderUniqueId ?? null,
    }),
  );
  await defineDemoPassword(admin.db as Db, company, username);
};

/**
 * The company's demo users at its first start: the administrator installed, then the people who
 * belong to no brokerage nor holder created by them (the brokers' users come with their brokerages,
 * brokers.ts; the holders' with their holders, policy-holders.ts).
 */
const createDemoUsers = async (db: Db, company: Company, adminProfileId: number | null) => {
  await installFirstAdministrator(db, company, adminProfileId);
  await defineDemoPassword(db, company, demoUsername('admin', slugOf(company.hosts[0])));
  const admin = (await demoAdministrator(db, company))!;
  for (const p of demoPeople)
    if (p.local !== 'admin' && !p.brokerage && !p.holder) await createDemoUser(admin, company, p.local);
};

/**
 * The insurer's administrator names the two demo brokers as the demo advisor's (`assessor@`) through
 * SaveAdvisorBrokers. Idempotent: an advisor who advises someone is left as it is.
 */
export const linkDemoAdvisor = async (db: Db) => {
  for (const c of demoCompanies) {
    const slug = slugOf(c.hosts[0]);
    const idOf = async (local: string) =>
      (await usersService.findUserByUsername(publicContext(db, c), demoUsername(local, slug)))?.user.id;
    const advisorUserId = await idOf('assessor');
    const admin = await demoAdministrator(db, c);
    if (!advisorUserId || !admin) continue;
    if ((await usersService.advisedBrokerUsers(admin, advisorUserId)).length) continue;
    const brokerUserIds: number[] = [];
    for (const broker of ['corretor', 'corretor2']) {
      const id = await idOf(broker);
      if (id) brokerUserIds.push(id);
    }
    await perform(admin, calls.saveAdvisorBrokers, () =>
      saveAdvisedBrokers(admin, { AdvisorUserId: advisorUserId, BrokerUserIds: brokerUserIds }),
    );
  }
};
