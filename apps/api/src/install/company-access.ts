import { hash } from '@node-rs/argon2';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companyTags, oauthClients, termsOfUse } from '../modules/auth/auth.table.js';
import { PORTAL_CLIENT_ID } from '../modules/auth/index.js';
import { defaultProfiles, menuCatalogue } from '../modules/users/menus.catalogue.js';
import { companyMenus, profileFunctionalities, profiles } from '../modules/users/users.table.js';

/** The portal SPA is a public OAuth2 client: its "secret" ships in the browser and is no secret. */
export const PORTAL_CLIENT_SECRET = 'aval-portal-spa';

/** The company's side menu: every menu of the catalogue in its default order (users reorder them). */
export const installCompanyMenus = async (db: Db, companyId: number) => {
  for (const m of menuCatalogue) {
    await db
      .insert(companyMenus)
      .values({ companyId, menuId: m.id, order: m.order ?? m.id })
      .onConflictDoNothing();
  }
};

/** The portal's OAuth client of the company (password and refresh_token grants), when it has none. */
export const installPortalClient = async (db: Db, companyId: number) => {
  const [client] = await db
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(and(eq(oauthClients.companyId, companyId), eq(oauthClients.clientId, PORTAL_CLIENT_ID)));
  if (client) return;
  await db.insert(oauthClients).values({
    companyId,
    clientId: PORTAL_CLIENT_ID,
    secretHash: await hash(PORTAL_CLIENT_SECRET),
    grants: ['password', 'refresh_token'],
  });
};

/**
 * The company's default profiles with their permissions (modules/users/menus.catalogue.ts);
 * returns their ids by catalogue name. Users rename, retype and change them: a profile found by
 * its unique key (user type, name in any case) is kept as it is, and a user type that has default
 * profiles already had them installed, so one missing by name was renamed and is not created again.
 */
export const installDefaultProfiles = async (db: Db, companyId: number) => {
  const ids = new Map<string, number>();
  const defaults = await db
    .select({ id: profiles.id, name: profiles.name, userTypeId: profiles.userTypeId })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.isDefault, true)));
  for (const p of defaultProfiles) {
    const existing = defaults.find(
      (d) => d.userTypeId === p.userType && d.name.toLowerCase() === p.name.toLowerCase(),
    );
    if (existing) {
      ids.set(p.name, existing.id);
      continue;
    }
    if (defaults.some((d) => d.userTypeId === p.userType)) continue;
    const [profile] = await db
      .insert(profiles)
      .values({ companyId, name: p.name, userTypeId: p.userType, isDefault: true })
      .returning();
    ids.set(p.name, profile!.id);
    await db
      .insert(profileFunctionalities)
      .values(
        p.permissions.map((functionalityId) => ({ companyId, profileId: profile!.id, functionalityId })),
      );
  }
  return ids;
};

const termsHtml = `<h2>Termos de uso do portal [NOME_SEGURADORA]</h2>
<p>Este portal é oferecido por <strong>[NOME_SEGURADORA]</strong>, CNPJ [CNPJ_SEGURADORA], a corretores,
tomadores e colaboradores para cotação, emissão e acompanhamento de seguro garantia.</p>
<p>Ao usar o portal você declara que as informações enviadas são verdadeiras, que manterá sua senha em
sigilo e que os documentos anexados pertencem às partes da operação. Os dados pessoais são tratados
conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018), para as finalidades de análise de risco,
emissão de apólices e cumprimento de obrigações regulatórias (SUSEP).</p>
<p>Dúvidas: [EMAIL_CONTATO].</p>`;

/**
 * The tag of the company's texts that is its own (its contact e-mail) and the first version of its
 * terms of use, written with the tags. The insurer's name and CNPJ are no tags of their own: the
 * terms read them from its record (`insurerTagParty`), the one source. Both are the insurer's to
 * edit afterwards: rows that exist are left as they are.
 */
export const installCompanyTexts = async (db: Db, companyId: number, tags: { contactEmail: string }) => {
  await db
    .insert(companyTags)
    .values({ companyId, name: 'EMAIL_CONTATO', value: tags.contactEmail })
    .onConflictDoNothing();
  await db.insert(termsOfUse).values({ companyId, version: 1, html: termsHtml }).onConflictDoNothing();
};
