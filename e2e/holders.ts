import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { type Caller, caller, get, type Json, post } from './api.js';
import { fromMail } from './mail.js';
import { freshCnpj } from './quote.js';
import { type DemoUser, demoPassword, demoUsers } from './support.js';

/**
 * Policy holders of a journey's own, set up through the API as the insurer and the broker would
 * (none of it is the task the journeys play): a journey never writes to a seeded policy holder
 * other journeys read, and a retry starts with a holder of its own again.
 */

/**
 * A policy holder registered by the administrator (RegisterPolicyHolder, with a CNPJ no one holds).
 * No location, no statement, no document, as the call leaves it.
 */
export const registerHolder = async (request: APIRequestContext, name: string) => {
  const admin = await caller(request, demoUsers.admin.username);
  const holder = (await post(admin, '/api/PolicyHolder/RegisterPolicyHolder', {
    Name: name,
    Document: freshCnpj(),
  })) as Json;
  return { admin, holder };
};

/**
 * A user of the holder's own (type Tomador, profile Tomador), created by the administrator as on the
 * Usuários screen (SaveUserInfo with the holder: a first-access e-mail), who defines the demo
 * password from that e-mail's link as the "Criar senha" page does. Signs in as a demo user does.
 */
export const holderUser = async (admin: Caller, holder: Json): Promise<DemoUser> => {
  const username = `tomador-${randomUUID().slice(0, 8)}@e2e.aurora.demo`;
  const profiles = (await get(admin, '/api/UserProfile/GetSettableProfiles?userInfoTypeId=3')) as Json[];
  const profile = profiles.find((p) => p.Name === 'Tomador');
  expect(profile, 'the Tomador profile').toBeTruthy();
  const since = Date.now();
  await post(admin, '/api/Person/SaveUserInfo', {
    Name: holder.Name,
    Email: username,
    UserTypeId: 3,
    ProfileUniqueId: profile.UniqueId,
    PolicyHolderUniqueId: holder.UniqueId,
  });
  const [link] = await fromMail(username, /\/primeiro-acesso\/([A-Za-z0-9_-]{20,})/, since);
  await post(admin, '/api/Security/ChangeUserInfoPassword', {
    UniqueId: link.split('/').at(-1),
    Password: demoPassword,
    ConfirmPassword: demoPassword,
  });
  return { username, home: '/inicio', name: holder.Name, userType: 3 };
};
