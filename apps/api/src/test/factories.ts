import {
  changeUserInfoPassword,
  getAllCompanyBranch,
  insertBroker,
  insertModality,
  insertOrUpdateProfile,
  saveUserInfo,
  updateMenuFuncionalityInProfile,
  uploadArchives,
  validateBrokerRegistrationRequest,
  validateInsuredByDocumentToNewProposal,
} from '@aval/contracts';
import { generateCnpj, generateCpf, Permission, UserType, type UserTypeId } from '@aval/domain';
import { eq } from 'drizzle-orm';
import type { UserContext } from '../context.js';
import { withTenant } from '../db/client.js';
import { decideBrokerRegistration } from '../modules/brokers/brokers.registration.js';
import { brokers } from '../modules/brokers/brokers.table.js';
import { policyHolders } from '../modules/policy-holders/policy-holders.table.js';
import { users } from '../modules/users/users.table.js';
import type { Caller } from './call.js';
import { companyKeyOf, passwordGrant, SAMPLE_PDF, type TestApp } from './harness.js';

/**
 * Data factories: each test creates what it needs (through the API, or through a service where no
 * call of the spec creates it) with names no other test uses, and asserts on that data instead of
 * counts that depend on the demo seed.
 */

let sequence = 0;
/** A short token unique within the run (names, e-mails, search terms). */
export const uniqueTag = () =>
  `${(Date.now() % 1e8).toString(36)}${(sequence++).toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
/** A name with a tag no other test uses (`prefix` + tag), so a search by it finds only this data. */
export const uniqueName = (prefix: string) => `${prefix} ${uniqueTag()}`;
export const uniqueEmail = (local = 'pessoa') => `${local}.${uniqueTag()}@exemplo-teste.com.br`;
export const uniqueCnpj = (options: { masked?: boolean; alphanumeric?: boolean } = {}) =>
  generateCnpj(options);
export const uniqueCpf = (options: { masked?: boolean } = {}) => generateCpf(options);

/** Runs `fn` as an insurer user of `companyId` with `permissions` (service functions with no call). */
export const asInsurer = <T>(
  t: TestApp,
  fn: (ctx: UserContext) => Promise<T>,
  options: { companyId?: number; userId?: number; permissions?: number[] } = {},
) => {
  const companyId = options.companyId ?? 54;
  return withTenant(t.database.db, companyId, (tx) =>
    fn({
      requestId: 'test',
      host: 'localhost',
      ip: '127.0.0.1',
      log: t.platform.log,
      platform: t.platform,
      db: tx,
      company: { id: companyId, key: companyKeyOf(companyId), name: `Empresa ${companyId}` },
      user: {
        userId: options.userId ?? 1,
        companyId,
        userType: UserType.INSURANCE,
        permissions: new Set(options.permissions ?? Object.values(Permission)),
      },
      links: async () => ({ advisedBrokerIds: [] }),
    } as UserContext),
  );
};

/** An insured created as a broker would when starting a proposal (ValidateInsuredByDocument…). */
export const createInsured = async (
  t: TestApp,
  options: { name?: string; document?: string; as?: Caller } = {},
) => {
  const reply = await t.data(validateInsuredByDocumentToNewProposal, {
    as: options.as ?? 'admin',
    body: {
      Document: options.document ?? uniqueCnpj({ masked: true }),
      Name: options.name ?? uniqueName('Segurado'),
    },
  });
  if (!reply.Insured) throw new Error(`insured not created: ${JSON.stringify(reply)}`);
  return reply.Insured;
};

/**
 * Completes the first access of `email` through the link queued for it (ChangeUserInfoPassword)
 * and signs in with the password grant: returns the caller of that session.
 */
export const completeFirstAccess = async (
  t: TestApp,
  email: string,
  password = 'Primeira#Senha9',
  companyId = 54,
): Promise<{ token: string; company: number }> => {
  const link = (await queuedMailsTo(t, email)).find((m) => m.includes('/primeiro-acesso/'));
  const uniqueId = link?.match(/\/primeiro-acesso\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!uniqueId) throw new Error(`no first-access link queued to ${email}`);
  await t.data(changeUserInfoPassword, {
    companyKey: companyId,
    body: { UniqueId: uniqueId, Password: password, ConfirmPassword: password },
  });
  const grant = await passwordGrant(t, email, password, companyId);
  if (grant.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${grant.body}`);
  return { token: (grant.json() as { access_token: string }).access_token, company: companyId };
};

/** Sets the functionalities of a profile (UpdateMenuFuncionalityInProfile, as the administrator). */
export const setProfileFunctionalities = (t: TestApp, profileUniqueId: string, ids: number[]) =>
  t.data(updateMenuFuncionalityInProfile, {
    as: 'admin',
    body: { ProfileUniqueId: profileUniqueId, MenuFuncionalityIds: ids },
  });

/** A new insurer profile holding exactly `functionalities`; its UniqueId. */
export const createProfile = async (t: TestApp, functionalities: number[]) => {
  const profile = await t.data(insertOrUpdateProfile, {
    as: 'admin',
    body: { Name: uniqueName('Perfil'), UserTypeId: UserType.INSURANCE },
  });
  await setProfileFunctionalities(t, profile.UniqueId, functionalities);
  return profile.UniqueId;
};

/**
 * A user created by an insurer administrator (SaveUserInfo; first-access e-mail queued). With
 * `password`, the user completes the first access and signs in (`as` is that session).
 */
export const createUser = async (
  t: TestApp,
  options: {
    name?: string;
    email?: string;
    userTypeId?: UserTypeId;
    profileUniqueId?: string;
    company?: number;
    password?: string;
  } = {},
) => {
  const company = options.company ?? 54;
  const user = await t.data(saveUserInfo, {
    as: { user: 'admin', company },
    body: {
      Name: options.name ?? uniqueName('Pessoa de Teste'),
      Email: options.email ?? uniqueEmail(),
      UserTypeId: options.userTypeId ?? UserType.INSURANCE,
      ProfileUniqueId: options.profileUniqueId,
    },
  });
  const as = options.password
    ? await completeFirstAccess(t, user.Username, options.password, company)
    : undefined;
  return { ...user, as };
};

/**
 * A policy holder. No call of the spec registers one (they arrive from the bureau integration,
 * like the demo seed), so the row is written as the seed writes it.
 */
export const createPolicyHolder = async (
  t: TestApp,
  options: Partial<typeof policyHolders.$inferInsert> & { companyId?: number } = {},
) => {
  const [row] = await t.database.db
    .insert(policyHolders)
    .values({
      name: uniqueName('Tomador de Teste Ltda.'),
      document: uniqueCnpj(),
      ...options,
      companyId: options.companyId ?? 54,
    })
    .returning();
  return row!;
};

/** The text of the e-mails queued to `to` (read from the job queue, no SMTP server needed). */
export const queuedMailsTo = async (t: TestApp, to: string) => {
  const jobs = await t.platform.jobs.boss.findJobs<{ to: string; text: string }>('send-mail', {
    data: { to },
  });
  return jobs.map((j) => j.data.text);
};

/** A valid InsertBroker body for `cnpj` (administrator and financial officer with fresh CPFs). */
export const brokerRegistration = (cnpj: string, token: string, adminEmail = uniqueEmail('admin')) => ({
  Cnpj: cnpj,
  Token: token,
  Name: uniqueName('Corretora de Teste Ltda.'),
  TradeName: 'Corretora de Teste',
  SUSEPProtocol: '202612345',
  Email: uniqueEmail('contato'),
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
      Name: 'Administradora de Teste',
      Cpf: uniqueCpf({ masked: true }),
      Email: adminEmail,
      Phone: '(11) 98888-7777',
    },
    {
      ResponsiblePersonTypeId: 2,
      Name: 'Financeiro de Teste',
      Cpf: uniqueCpf({ masked: true }),
      Email: uniqueEmail('financeiro'),
    },
  ],
});

/**
 * A brokerage registered through the public flow (link e-mailed, InsertBroker) and, unless
 * `approve: false`, approved by the insurer. With `signIn`, its administrator sets a password
 * through the first-access link and `as` is a real session of that user.
 */
export const createBroker = async (
  t: TestApp,
  options: { companyId?: number; approve?: boolean; signIn?: boolean; name?: string; cnpj?: string } = {},
) => {
  const companyId = options.companyId ?? 54;
  const cnpj = options.cnpj ?? uniqueCnpj({ masked: true });
  const adminEmail = uniqueEmail('admin');
  await t.data(validateBrokerRegistrationRequest, {
    companyKey: companyId,
    query: { Cnpj: cnpj, Email: adminEmail },
  });
  const [link] = await queuedMailsTo(t, adminEmail);
  const token = link?.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error('no registration link queued');
  const body = {
    ...brokerRegistration(cnpj, token, adminEmail),
    ...(options.name ? { Name: options.name } : {}),
  };
  const { BrokerUniqueId } = await t.data(insertBroker, { companyKey: companyId, body });
  const [broker] = await t.database.db.select().from(brokers).where(eq(brokers.uniqueId, BrokerUniqueId));
  if (!broker) throw new Error('broker not stored');
  if (options.approve !== false)
    await asInsurer(t, (ctx) => decideBrokerRegistration(ctx, broker.id, { approve: true }), { companyId });
  const as =
    options.signIn && options.approve !== false
      ? await completeFirstAccess(t, adminEmail, 'Corretora#Teste9', companyId)
      : undefined;
  const [adminUser] = await t.database.db.select().from(users).where(eq(users.username, adminEmail));
  return { id: broker.id, uniqueId: BrokerUniqueId, cnpj, name: body.Name, adminEmail, adminUser, as };
};

/** A modality of branch `branchCode` in a new group, through InsertModality. */
export const createModality = async (
  t: TestApp,
  options: { companyId?: number; branchCode?: string; name?: string } = {},
) => {
  const as = {
    cid: options.companyId ?? 54,
    utp: UserType.INSURANCE,
    prm: [Permission.PARAMETRIZAR_SEGURADORA],
  };
  const branches = await t.data(getAllCompanyBranch, { as });
  const branch = branches.find((b) => b.Code === (options.branchCode ?? '0776'));
  if (!branch) throw new Error(`no branch ${options.branchCode ?? '0776'}`);
  return t.data(insertModality, {
    as,
    body: {
      BranchId: branch.Id,
      NewModalityGroupName: uniqueName('Grupo').slice(0, 50),
      Name: uniqueName('Modalidade de Teste'),
      MaxInsuredAmountValue: '1000000.00',
    },
  });
};

/** An archive uploaded through POST /api/Archive/Upload (a small PDF unless `data` is given). */
export const createArchive = async (
  t: TestApp,
  options: { as?: Caller; name?: string; data?: Buffer; type?: string } = {},
) => {
  const [archive] = await t.data(uploadArchives, {
    as: options.as ?? 'admin',
    files: [
      {
        name: options.name ?? 'documento.pdf',
        data: options.data ?? SAMPLE_PDF,
        type: options.type ?? 'application/pdf',
      },
    ],
  });
  return archive!;
};
