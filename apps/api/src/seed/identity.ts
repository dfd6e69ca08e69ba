import * as calls from '@aval/contracts';
import { UserType, type UserTypeId } from '@aval/domain';
import type { UserContext } from '../context.js';
import type { Db } from '../db/client.js';
import { installCatalogue } from '../install/catalogue.js';
import { type InstalledCompany, installCompany } from '../install/company.js';
import { saveAdvisedBrokers } from '../modules/accounts/save-advised-brokers.js';
import { saveUserInfo } from '../modules/accounts/save-user.js';
import { changePassword } from '../modules/auth/index.js';
import * as usersService from '../modules/users/index.js';
import { demoCompanies } from './companies.js';
import { actorContext, perform, publicContext } from './context.js';
import { mailedLink, seedPlatform } from './platform.js';

/** Password of every demo user (documented in the README). */
export const DEMO_PASSWORD = 'Aval@2026';

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
  // A second holder's user: the README's life cycle by hand follows a proposal to a policy it then sees.
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

/** The demo's first administrator (`admin@<slug>.demo`), as the installer is given one. */
const demoAdministratorOf = (company: Company) => ({
  name: demoPeople.find((p) => p.local === 'admin')!.name,
  email: demoUsername('admin', slugOf(company.hosts[0])),
});

/**
 * A demo insurer installed as an operator installs one (install/: `npm run install-company`): the
 * company, its hosts, profiles, tags, terms, standard catalogue and credit parameters, and its first
 * administrator, whose first-access e-mail the seed keeps (platform.ts). A company that exists is
 * completed, never overwritten.
 */
const installDemoCompany = (db: Db, c: Company): Promise<InstalledCompany> => {
  const slug = slugOf(c.hosts[0]);
  const input = {
    id: c.id,
    name: c.name,
    companyKey: c.companyKey,
    hosts: [...c.hosts],
    primaryColor: c.primaryColor,
    font: c.font,
    // What the insurer's documents print (its record), given as an operator gives it.
    cnpj: c.record.Cnpj,
    record: c.record,
    contactEmail: `atendimento@${slug}.demo`,
    administrator: demoAdministratorOf(c),
  };
  return installCompany(db, input, seedPlatform(db).platform);
};

/**
 * The demo insurers installed (the menus catalogue, then each company), each followed by its demo
 * users, created as people create them, at the company's first start only (when the installer has
 * just created its administrator): a demo user whose e-mail (its username) was changed must not
 * come back with the demo password on the next restart.
 */
export const seedIdentity = async (db: Db) => {
  await installCatalogue(db);
  const seeded: { company: string; host: string; users: { username: string; type: number }[] }[] = [];
  for (const c of demoCompanies) {
    const installed = await installDemoCompany(db, c);
    if (installed.administrator.firstAccessLink) await createDemoUsers(db, c);
    const slug = slugOf(c.hosts[0]);
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
 * The company's demo users at its first start: the installed administrator defines the demo
 * password from the first-access e-mail, then creates the people who belong to no brokerage nor
 * holder (the brokers' users come with their brokerages, brokers.ts; the holders' with their
 * holders, policy-holders.ts).
 */
const createDemoUsers = async (db: Db, company: Company) => {
  await defineDemoPassword(db, company, demoAdministratorOf(company).email);
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
