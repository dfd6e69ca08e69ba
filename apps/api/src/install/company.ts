import { randomBytes } from 'node:crypto';
import { defaultRatingBands, defaultScoreParameters, UserType, unmaskCnpj } from '@aval/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Platform, TenantContext } from '../context.js';
import type { Db } from '../db/client.js';
import { companies } from '../db/platform.table.js';
import { companyTags } from '../modules/auth/auth.table.js';
import { sendFirstAccess } from '../modules/auth/index.js';
import {
  installInsurerRecord,
  installStandardCatalogue,
  insurerTagParty,
} from '../modules/parameterisation/index.js';
import { creditRatingBands, creditScoreParameters } from '../modules/policy-holders/policy-holders.table.js';
import { companyHosts } from '../modules/portal/portal.table.js';
import * as usersService from '../modules/users/index.js';
import { users } from '../modules/users/users.table.js';
import {
  installCompanyMenus,
  installCompanyTexts,
  installDefaultProfiles,
  installPortalClient,
} from './company-access.js';
import { type CompanyInstall, type CompanyInstallInput, InstallRefused, parseInstallInput } from './input.js';

/** What the installer needs of the platform: the mail queue (the first-access e-mail) and the configuration (its link). */
export type InstallPlatform = Pick<Platform, 'config' | 'jobs' | 'queues'>;

export type InstalledCompany = {
  id: number;
  name: string;
  companyKey: string;
  hosts: string[];
  /** Whether this run created the company (false: it existed and was only completed). */
  created: boolean;
  administrator: {
    username: string;
    /** The first-access link of the administrator created by this run; null when the company had users. */
    firstAccessLink: string | null;
  };
};

type CompanyRow = typeof companies.$inferSelect;

const refused = (path: string, message: string) => new InstallRefused([{ path, message }]);

/** 'Fiança Brasil Seguradora' → 'fianca' (the first word, for a readable CompanyKey). */
const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .toLowerCase()
    .split(' ')
    .find(Boolean)
    ?.slice(0, 20) ?? 'seguradora';

const companyOf = async (db: Db, where: ReturnType<typeof eq>) =>
  (await db.select().from(companies).where(where))[0];

/**
 * The company's CNPJ, unmasked: its record's (Dados da seguradora, which its administrator may have
 * corrected); for an insurer installed before the record existed whose record has none yet, the one
 * its installation wrote as a tag of its terms.
 */
const cnpjOf = async (db: Db, companyId: number) => {
  const recorded = (await insurerTagParty({ db, company: { id: companyId } })).document;
  if (recorded) return recorded;
  const [tag] = await db
    .select({ value: companyTags.value })
    .from(companyTags)
    .where(and(eq(companyTags.companyId, companyId), eq(companyTags.name, 'CNPJ_SEGURADORA')));
  return tag ? unmaskCnpj(tag.value) : undefined;
};

/**
 * The company this input installs, when it exists: by `id`, else by `companyKey`, else the owner of
 * its first host when that company has the same CNPJ (a second run of the same command). Refused
 * when the id and the key name two companies, or a host belongs to another company.
 */
const existingCompany = async (db: Db, input: CompanyInstall): Promise<CompanyRow | undefined> => {
  const byId = input.id ? await companyOf(db, eq(companies.id, input.id)) : undefined;
  const byKey = input.companyKey
    ? await companyOf(db, eq(companies.companyKey, input.companyKey))
    : undefined;
  if (byKey && (byId ? byId.id !== byKey.id : input.id !== undefined))
    throw refused(
      'companyKey',
      `A chave "${input.companyKey}" já é da seguradora ${byKey.name} (empresa ${byKey.id}).`,
    );
  const owners = await db
    .select({ host: companyHosts.host, companyId: companyHosts.companyId, name: companies.name })
    .from(companyHosts)
    .innerJoin(companies, eq(companies.id, companyHosts.companyId))
    .where(inArray(companyHosts.host, input.hosts));
  let found = byId ?? byKey;
  const first = owners.find((o) => o.host === input.hosts[0]);
  if (!found && !input.id && first && (await cnpjOf(db, first.companyId)) === unmaskCnpj(input.cnpj))
    found = await companyOf(db, eq(companies.id, first.companyId));
  for (const o of owners)
    if (o.companyId !== found?.id)
      throw refused(
        'hosts',
        `O endereço "${o.host}" já é da seguradora ${o.name} (empresa ${o.companyId}): escolha outro endereço.`,
      );
  return found;
};

/** A new company's row: the id and CompanyKey given, or the next id and a fresh key. */
const createCompany = async (db: Db, input: CompanyInstall) => {
  const [next] = await db
    .select({ id: sql<number>`coalesce(max(${companies.id}), 0)::int + 1` })
    .from(companies);
  const id = input.id ?? next!.id;
  const companyKey = input.companyKey ?? `ck-${slugOf(input.name)}-${id}-${randomBytes(4).toString('hex')}`;
  const [row] = await db
    .insert(companies)
    .values({
      id,
      name: input.name,
      companyKey,
      ...(input.primaryColor && { primaryColor: input.primaryColor }),
      ...(input.font && { font: input.font }),
      ...(input.publicUrl && { publicUrl: new URL(input.publicUrl).origin }),
    })
    .returning();
  return row!;
};

/** The credit formula's weights and rating bands (domain.md §5), the insurer's to tune afterwards. */
const installCreditParameters = async (db: Db, companyId: number) => {
  await db
    .insert(creditScoreParameters)
    .values({ companyId, ...defaultScoreParameters })
    .onConflictDoNothing();
  for (const b of defaultRatingBands)
    await db
      .insert(creditRatingBands)
      .values({ companyId, ...b })
      .onConflictDoNothing();
};

/** A caller with no user, of the company, on `platform` (the services' context for the installer). */
const installerContext = (db: Db, platform: InstallPlatform, company: CompanyRow, host: string) =>
  ({
    requestId: 'install',
    host,
    ip: '127.0.0.1',
    log: { info() {}, warn() {}, error() {}, debug() {}, child: () => ({}) },
    platform,
    db,
    company: { id: company.id, key: company.companyKey, name: company.name },
  }) as unknown as TenantContext;

/**
 * The company's first administrator, whom no one can create in the portal since no one is there
 * yet, when the company has no user: created in the users directory with the default Administrador
 * profile and, like every other user, no password; the first-access e-mail (queued on the
 * platform) gives it one. Returns the link that e-mail carries, null when the company had users.
 */
const installFirstAdministrator = async (ctx: TenantContext, input: CompanyInstall, profileId?: number) => {
  const [someone] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, ctx.company.id))
    .limit(1);
  if (someone) return null;
  const { name, email } = input.administrator;
  const { user } = await usersService.insertPersonAndUser(
    ctx,
    { name, email, document: null, phone: null },
    { userTypeId: UserType.INSURANCE, profileId: profileId ?? null, brokerId: null },
  );
  return sendFirstAccess(ctx, user.id, name, email);
};

/**
 * Installs an insurer, or completes one that exists, in one transaction: the company and its portal
 * hosts, its side menu, the portal's OAuth client, the default profiles with their permissions, the
 * tags and terms of use, the standard catalogue of branches and modalities, the insurer's record
 * (what its documents print: the fields given, its empty fields only), the credit formula's
 * parameters, and its first administrator. What exists is never overwritten (users rename the
 * company, its profiles, tags and terms): a second run with the same input changes nothing. Run
 * `installCatalogue` first (the menus the profiles grant). Refuses a bad input or a host of another
 * company (InstallRefused, pt-BR messages) before writing anything.
 */
export const installCompany = async (
  db: Db,
  input: CompanyInstallInput,
  platform: InstallPlatform,
): Promise<InstalledCompany> => {
  const data = parseInstallInput(input);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const existing = await existingCompany(tx, data);
    const company = existing ?? (await createCompany(tx, data));
    const owned = new Set(
      (await tx.select().from(companyHosts).where(eq(companyHosts.companyId, company.id))).map((h) => h.host),
    );
    for (const [i, host] of data.hosts.entries())
      if (!owned.has(host))
        await tx
          .insert(companyHosts)
          .values({ host, companyId: company.id, isDefault: !existing && i === 0 });
    await installCompanyMenus(tx, company.id);
    await installPortalClient(tx, company.id);
    const profileIds = await installDefaultProfiles(tx, company.id);
    await installCompanyTexts(tx, company.id, { contactEmail: data.contactEmail });
    await installStandardCatalogue(tx, company.id);
    await installInsurerRecord(tx, company.id, {
      ...data.record,
      LegalName: data.record?.LegalName ?? data.name,
      Cnpj: unmaskCnpj(data.cnpj),
    });
    await installCreditParameters(tx, company.id);
    const ctx = installerContext(tx, platform, company, data.hosts[0]!);
    const firstAccessLink = await installFirstAdministrator(ctx, data, profileIds.get('Administrador'));
    const hosts = await tx.select().from(companyHosts).where(eq(companyHosts.companyId, company.id));
    return {
      id: company.id,
      name: company.name,
      companyKey: company.companyKey,
      hosts: hosts.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map((h) => h.host),
      created: !existing,
      administrator: { username: data.administrator.email, firstAccessLink },
    };
  });
};
