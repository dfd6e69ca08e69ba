import type { UserSummary } from '@aval/contracts';
import { UserType, unmaskCpfCnpj, validateCpfCnpj, validateEmail, validatePhone } from '@aval/domain';
import type { TenantContext, UserContext } from '../../context.js';
import { AppError, type FieldError, forbidden, invalidFields, notFound } from '../../lib/errors.js';
import { sendFirstAccess } from '../auth/index.js';
import * as brokers from '../brokers/index.js';
import * as holders from '../policy-holders/index.js';
import * as users from '../users/index.js';

type SaveUserInput = {
  UserInfoId?: number;
  Name: string;
  Email: string;
  Document?: string | null;
  Phone?: string | null;
  UserTypeId: number;
  ProfileUniqueId?: string | null;
  BrokerId?: number | null;
  PolicyHolderUniqueId?: string | null;
};

const emailTaken = () => {
  const message = 'Já existe um usuário com este e-mail.';
  return new AppError(409, message, 'conflict', [{ Field: 'Email', Message: message }]);
};

const validateUserInput = (input: SaveUserInput) => {
  const errors: FieldError[] = [];
  const email = validateEmail(input.Email);
  if (email) errors.push({ Field: 'Email', Message: email });
  if (input.Document) {
    const message = validateCpfCnpj(input.Document);
    if (message) errors.push({ Field: 'Document', Message: message });
  }
  if (input.Phone) {
    const message = validatePhone(input.Phone);
    if (message) errors.push({ Field: 'Phone', Message: message });
  }
  if (errors.length) throw invalidFields(422, errors);
};

/** An insurer's BrokerId: a brokerage of the same company, for a broker or agent user only. */
const validateBrokerId = async (ctx: TenantContext, userTypeId: number, brokerId: number) => {
  if (userTypeId !== UserType.BROKER && userTypeId !== UserType.AGENT) {
    throw invalidFields(422, [
      { Field: 'BrokerId', Message: 'Somente usuários corretores ou agentes pertencem a uma corretora.' },
    ]);
  }
  if (!(await brokers.isBrokerOfCompany(ctx, brokerId))) {
    throw invalidFields(422, [{ Field: 'BrokerId', Message: 'Corretora não encontrada.' }]);
  }
};

/** An insurer's PolicyHolderUniqueId: a policy holder of the same company, for a policy holder user only. */
const policyHolderIdOf = async (ctx: UserContext, userTypeId: number, uniqueId: string) => {
  if (userTypeId !== UserType.POLICY_HOLDER) {
    throw invalidFields(422, [
      { Field: 'PolicyHolderUniqueId', Message: 'Somente usuários tomadores pertencem a um tomador.' },
    ]);
  }
  const holder = await holders.findHolderByUniqueId(ctx, uniqueId);
  if (!holder)
    throw invalidFields(422, [{ Field: 'PolicyHolderUniqueId', Message: 'Tomador não encontrado.' }]);
  return holder.id;
};

/**
 * SaveUserInfo: creates a user (its person, the profile chosen or its type's default, a first-access
 * e-mail) or edits one. A brokerage manages only its own broker and agent users.
 */
export const saveUserInfo = async (ctx: UserContext, input: SaveUserInput): Promise<UserSummary> => {
  validateUserInput(input);
  const scope = await users.brokerScope(ctx);
  if (scope !== undefined) {
    if (input.UserTypeId !== UserType.BROKER && input.UserTypeId !== UserType.AGENT) {
      throw forbidden('Uma corretora só cadastra usuários corretores ou agentes.');
    }
    input.BrokerId = scope;
  } else if (input.BrokerId != null) {
    await validateBrokerId(ctx, input.UserTypeId, input.BrokerId);
  }
  const policyHolderId =
    scope === undefined && input.PolicyHolderUniqueId
      ? await policyHolderIdOf(ctx, input.UserTypeId, input.PolicyHolderUniqueId)
      : undefined;
  const person = {
    name: input.Name.trim(),
    email: input.Email.trim().toLowerCase(),
    document: input.Document ? unmaskCpfCnpj(input.Document) : null,
    phone: input.Phone ?? null,
  };
  const clash = await users.findUserByUsername(ctx, person.email);
  const profile = await users.resolveProfile(ctx, input.UserTypeId, input.ProfileUniqueId);
  const user = {
    userTypeId: input.UserTypeId,
    profileId: profile?.id ?? null,
    brokerId: input.BrokerId ?? null,
    ...(policyHolderId === undefined ? {} : { policyHolderId }),
  };

  if (input.UserInfoId) {
    const existing = await users.findUserById(ctx, input.UserInfoId);
    if (!existing || (scope !== undefined && existing.user.brokerId !== scope))
      throw notFound('Usuário não encontrado.');
    if (clash && clash.user.id !== existing.user.id) throw emailTaken();
    await users.updatePerson(ctx, existing.person.id, person);
    await users.updateUser(ctx, existing.user.id, { username: person.email, ...user });
    await users.accessChanged(ctx, [existing.user.id]);
    return users.userSummary(ctx, existing.user.id);
  }

  if (clash) throw emailTaken();
  const created = await users.insertPersonAndUser(ctx, person, user);
  await sendFirstAccess(ctx, created.user.id, created.person.name, person.email);
  return users.userSummary(ctx, created.user.id);
};
