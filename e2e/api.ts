import { type APIRequestContext, expect } from '@playwright/test';
import { defaultHost, demoPassword, hostUrl } from './support.js';

/**
 * The API as the portal calls it, for what a journey sets up or checks outside the task it plays
 * (a demo user's bearer, a GET or POST with the spec's envelope, a proposal's detail).
 */
export const api = (path: string) => hostUrl('localhost', path);

/**
 * The admin API of the simulated SRO registradora the journeys' server sends to (its port as
 * playwright.config.ts gives it: E2E_SRO_PORT, else E2E_PORT + 1000), e.g. its SUSEP register.
 */
export const sroSim = (path: string) =>
  `http://127.0.0.1:${process.env.E2E_SRO_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1000}${path}`;

export type Caller = { request: APIRequestContext; headers: Record<string, string> };

/** The bearer of a demo user (the token call of the portal), for setting data up. */
export const caller = async (request: APIRequestContext, username: string): Promise<Caller> => {
  const config = await request.get(api(`/api/Application/GetPortalConfig?dns=${defaultHost}`));
  const companykey = ((await config.json()) as { Response: { CompanyKey: string } }).Response.CompanyKey;
  const res = await request.post(api('/connect/token'), {
    headers: { companykey },
    form: {
      grant_type: 'password',
      username,
      password: demoPassword,
      client_id: 'aval-portal',
      client_secret: 'aval-portal-spa',
      scope: 'openid offline_access',
    },
  });
  expect(res.status(), `token for ${username}`).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  return { request, headers: { companykey, authorization: `Bearer ${access_token}` } };
};

// biome-ignore lint/suspicious/noExplicitAny: the journeys read a few fields of each answer
export type Json = any;
export const answer = async (
  res: Awaited<ReturnType<APIRequestContext['get']>>,
  what: string,
): Promise<Json> => {
  const body = (await res.json()) as Json;
  expect(res.status(), `${what}: ${JSON.stringify(body).slice(0, 400)}`).toBeLessThan(300);
  return body.Response ?? body;
};
export const get = async (c: Caller, path: string) =>
  answer(await c.request.get(api(path), { headers: c.headers }), path);
export const post = async (c: Caller, path: string, data: unknown) =>
  answer(await c.request.post(api(path), { headers: c.headers, data }), path);

export const detail = (c: Caller, id: string) =>
  get(c, `/api/Proposal/GetProposalByUniqueId2?ProposalUniqueId=${id}`);

/**
 * A head office in Recife as the registry's set-up calls take it (SaveComplementarData's Locations,
 * SaveInsuredLocation): the main location of a journey's own policy holder or insured.
 */
export const recifeHeadOffice = {
  ZipCode: '50030230',
  AddressName: 'Avenida Rio Branco',
  Number: '304',
  Neighborhood: 'Centro',
  StateProvinceId: 26,
  CityId: 2611606,
  IsMain: true,
};
