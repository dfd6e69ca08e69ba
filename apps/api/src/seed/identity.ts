import { maskCpfCnpj, UserType } from '@aval/domain';
import { hash } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { insurerProfile } from '../lib/insurer-profile.js';
import { companyTags, oauthClients, termsOfUse } from '../modules/auth/auth.table.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { PORTAL_CLIENT_ID } from '../modules/auth/tokens.service.js';
import { defaultProfiles, functionalityCatalogue, menuCatalogue } from '../modules/users/menus.catalogue.js';
import {
  advisorBrokers,
  companyMenus,
  menuFunctionalities,
  menus,
  persons,
  profileFunctionalities,
  profiles,
  users,
} from '../modules/users/users.table.js';
import { demoCompanies } from './companies.js';

/** Password of every demo user (documented in the README). */
export const DEMO_PASSWORD = 'Aval@2026';
/** The portal SPA is a public OAuth2 client: its "secret" ships in the browser and is no secret. */
export const PORTAL_CLIENT_SECRET = 'aval-portal-spa';

const demoPeople = [
  { local: 'admin', name: 'Helena Duarte', type: UserType.INSURANCE, profile: 'Administrador' },
  { local: 'analista', name: 'Rafael Moreira', type: UserType.INSURANCE, profile: 'Analista' },
  { local: 'corretor', name: 'Marina Lopes', type: UserType.BROKER, profile: 'Corretor' },
  { local: 'corretor2', name: 'Paulo Azevedo', type: UserType.BROKER, profile: 'Corretor' },
  { local: 'agente', name: 'Tiago Fernandes', type: UserType.AGENT, profile: 'Agente' },
  {
    local: 'tomador',
    name: 'Construtora Horizonte Azul Ltda.',
    type: UserType.POLICY_HOLDER,
    profile: 'Tomador',
  },
  // A second holder's user: the life-cycle journey follows its own proposal to a policy it then sees.
  {
    local: 'tomador2',
    name: 'Engenharia Vale do Paraíba S.A.',
    type: UserType.POLICY_HOLDER,
    profile: 'Tomador',
  },
  { local: 'assessor', name: 'Beatriz Campos', type: UserType.ADVISOR, profile: 'Assessor' },
] as const;

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

/** Menus, functionalities, default profiles, the portal client, terms and demo users. Idempotent. */
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
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
    const ids = new Map<string, number>();
    // Demo users are created at the company's first start only: a demo user whose e-mail (its
    // username) was changed must not come back with the demo password on the next restart.
    const [firstStart] = await db
      .select({ none: sql<boolean>`count(*) = 0` })
      .from(users)
      .where(eq(users.companyId, c.id));
    for (const p of demoPeople) {
      const username = demoUsername(p.local, slug);
      const [existing] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, c.id), sql`lower(${users.username}) = ${username}`));
      if (existing) {
        ids.set(p.local, existing.id);
        continue;
      }
      if (!firstStart?.none) continue;
      const [person] = await db
        .insert(persons)
        .values({ companyId: c.id, name: p.name, email: username })
        .returning();
      const [user] = await db
        .insert(users)
        .values({
          companyId: c.id,
          personId: person!.id,
          username,
          passwordHash,
          userTypeId: p.type,
          profileId: profileIds.get(p.profile) ?? null,
        })
        .returning();
      ids.set(p.local, user!.id);
    }
    for (const broker of ['corretor', 'corretor2']) {
      const advisorUserId = ids.get('assessor');
      const brokerUserId = ids.get(broker);
      if (!advisorUserId || !brokerUserId) continue;
      await db
        .insert(advisorBrokers)
        .values({ companyId: c.id, advisorUserId, brokerUserId })
        .onConflictDoNothing();
    }
    seeded.push({
      company: c.name,
      host: c.hosts[0],
      users: demoPeople.map((p) => ({ username: demoUsername(p.local, slug), type: p.type })),
    });
  }
  return seeded;
};
