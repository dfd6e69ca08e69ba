import {
  Permission,
  registerPolicyHolderNomeationRequest,
  registerPolicySro,
  UserType,
} from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { userWith } from '../../test/signed-in.js';
import { callerOf, mayCall } from './may-call.js';

const caller = (type: number, permissions: number[]) => callerOf(userWith(type, permissions));

describe('mayCall', () => {
  it('should allow a call when the user holds any one of its permissions and is of one of its types', () => {
    expect(
      mayCall(
        caller(UserType.BROKER, [Permission.GERENCIAR_TOMADORES]),
        registerPolicyHolderNomeationRequest,
      ),
    ).toBe(true);
    expect(
      mayCall(caller(UserType.INSURANCE, [Permission.GERENCIAR_PROPOSTAS_SEGURADORA]), registerPolicySro),
    ).toBe(true);
  });

  it('should refuse a call when the permission or the user type is missing', () => {
    expect(
      mayCall(
        caller(UserType.BROKER, [Permission.VISUALIZAR_TOMADORES]),
        registerPolicyHolderNomeationRequest,
      ),
    ).toBe(false);
    expect(
      mayCall(
        caller(UserType.INSURANCE, [Permission.GERENCIAR_TOMADORES]),
        registerPolicyHolderNomeationRequest,
      ),
    ).toBe(false);
    expect(mayCall(callerOf(undefined), registerPolicySro)).toBe(false);
  });

  it('should need every call given, and allow a call that asks nothing', () => {
    const broker = caller(UserType.BROKER, [Permission.GERENCIAR_TOMADORES]);
    expect(mayCall(broker, registerPolicyHolderNomeationRequest, registerPolicySro)).toBe(false);
    expect(mayCall(callerOf(undefined), {})).toBe(true);
  });
});
