import type {
  authenticationAdvisor,
  authenticationBroker,
  connectToken,
  getUserInfo,
} from './auth/auth.contracts.js';
import type { EndpointDef } from './endpoint.js';
import type { getPortalConfig } from './portal/portal.contracts.js';

/** The fields of a descriptor the web's client reads to make a call (never its schemas). */
export type WireKey = 'area' | 'method' | 'path' | 'envelope' | 'auth' | 'companyKey' | 'form' | 'multipart';

/**
 * A call without its schemas: what the portal's start-up and sign-in send, so the first screen
 * ships without zod and the descriptors' schemas (issue 33: login route ≤ 150 KB JS gzip). The
 * descriptor it stands for is carried in the type only (`EndpointRequest` / `EndpointResult`).
 */
export type CallRef<D extends EndpointDef> = Pick<D, WireKey & keyof D> & { readonly __descriptor?: D };

/** What the client accepts: a full descriptor or a call without its schemas. */
export type CallDef = Pick<EndpointDef, WireKey>;

/**
 * `callOf<typeof descriptor>()({ ...its wire fields })`: the compiler holds every field to the
 * descriptor's own literal (a different method, path, envelope or auth flag does not compile).
 */
export const callOf =
  <D extends EndpointDef>() =>
  (wire: Pick<D, WireKey & keyof D>): CallRef<D> =>
    wire;

export const getPortalConfigCall = callOf<typeof getPortalConfig>()({
  area: 'auth',
  method: 'GET',
  path: '/api/Application/GetPortalConfig',
  auth: false,
  companyKey: false,
});

export const connectTokenCall = callOf<typeof connectToken>()({
  area: 'auth',
  method: 'POST',
  path: '/connect/token',
  envelope: 'raw',
  auth: false,
  form: true,
});

export const getUserInfoCall = callOf<typeof getUserInfo>()({
  area: 'auth',
  method: 'GET',
  path: '/api/Security/GetUserInfo',
});

export const authenticationBrokerCall = callOf<typeof authenticationBroker>()({
  area: 'auth',
  method: 'POST',
  path: '/api/Advisor/AuthenticationBroker',
  envelope: 'raw',
});

export const authenticationAdvisorCall = callOf<typeof authenticationAdvisor>()({
  area: 'auth',
  method: 'POST',
  path: '/api/Advisor/AuthenticationAdvisor',
  envelope: 'raw',
});
