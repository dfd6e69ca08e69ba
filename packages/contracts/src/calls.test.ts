import { describe, expect, it } from 'vitest';
import {
  authenticationAdvisor,
  authenticationBroker,
  connectToken,
  getUserInfo,
} from './auth/auth.contracts.js';
import {
  authenticationAdvisorCall,
  authenticationBrokerCall,
  connectTokenCall,
  getPortalConfigCall,
  getUserInfoCall,
} from './calls.js';
import type { EndpointDef } from './endpoint.js';
import { getPortalConfig } from './portal/portal.contracts.js';

const wireKeys = ['area', 'method', 'path', 'envelope', 'auth', 'companyKey', 'form', 'multipart'] as const;
const wireOf = (def: EndpointDef) =>
  Object.fromEntries(wireKeys.filter((k) => def[k] !== undefined).map((k) => [k, def[k]]));

describe('calls without schemas', () => {
  it.each([
    ['GetPortalConfig', getPortalConfigCall, getPortalConfig],
    ['connect/token', connectTokenCall, connectToken],
    ['GetUserInfo', getUserInfoCall, getUserInfo],
    ['AuthenticationBroker', authenticationBrokerCall, authenticationBroker],
    ['AuthenticationAdvisor', authenticationAdvisorCall, authenticationAdvisor],
  ] as const)('should send %s as its descriptor does', (_name, call, descriptor) => {
    expect(call).toEqual(wireOf(descriptor));
    expect(Object.values(call).some((v) => typeof v === 'object')).toBe(false);
  });
});
