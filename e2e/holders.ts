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

/** A holder's 2025 statement, enough for its limits to be calculated (a mid-sized contractor's). */
export const statement2025 = {
  Year: 2025,
  Revenue: '48000000.00',
  Equity: '12000000.00',
  NetIncome: '3100000.00',
  Indebtedness: '5200000.00',
};

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
 * The main demo broker nominated by the holder: the broker asks (RegisterPolicyHolderNomeationRequest),
 * the analyst moves its NOMEACAO_TOMADOR card to the pipe's approve step (as the seed's
 * nominations are decided), and the broker's list then has the holder.
 */
export const nominateBroker = async (request: APIRequestContext, holder: Json) => {
  const broker = await caller(request, demoUsers.broker.username);
  const analyst = await caller(request, demoUsers.analyst.username);
  const nomination = await post(broker, '/api/PolicyHolder/RegisterPolicyHolderNomeationRequest', {
    PolicyHolderUniqueId: holder.UniqueId,
  });
  const pipes = (await get(analyst, '/api/kanban/v1.0/pipes')).data as Json[];
  const pipe = pipes.find((p) => p.token === 'nomeacao');
  expect(pipe, 'the Nomeação pipe').toBeTruthy();
  // The API opens the card through a job: it is on the board a moment later.
  let steps: Json[] = [];
  let card: Json;
  await expect
    .poll(
      async () => {
        steps = (
          await get(
            analyst,
            `/api/kanban/v1.0/pipes/${pipe.id}/steps/filter?cardType=NOMEACAO_TOMADOR&filterCardsValues=${holder.Document}`,
          )
        ).data;
        card = steps.flatMap((s) => s.cards).find((c: Json) => c.cardRef === nomination.UniqueId);
        return Boolean(card);
      },
      { message: 'the nomination card', timeout: 60_000 },
    )
    .toBe(true);
  const approve = steps.find((s) => s.kind === 'approve');
  await post(analyst, `/api/kanban/v1.0/steps/${card.stepId}/card-navigation`, {
    cardId: card.id,
    stepToId: approve.id,
    version: card.version,
  });
  await expect
    .poll(
      async () =>
        (
          await get(
            broker,
            `/api/PolicyHolder/SearchPolicyHoldersRelatedToCurrentUserLogged?policyHolderDocument=${holder.Document}`,
          )
        ).Data.map((h: Json) => h.UniqueId),
      { message: 'the holder in the broker’s list', timeout: 60_000 },
    )
    .toContain(holder.UniqueId);
  return { broker, analyst };
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
