import { isInsurance, Permission, UserType } from '@aval/domain';
import type { UserContext } from '../../context.js';
import { forbidden, notFound, unprocessable } from '../../lib/errors.js';
import * as users from '../users/index.js';

/**
 * SaveAdvisorBrokers: the insurer names the broker users an advisor advises (replacing the list);
 * the advisor then sees their brokerages. The advisor must be an advisor user of the company and
 * each of them a broker user of it.
 */
export const saveAdvisedBrokers = async (
  ctx: UserContext,
  input: { AdvisorUserId: number; BrokerUserIds: number[] },
) => {
  if (!isInsurance(ctx.user.userType) || !ctx.user.permissions.has(Permission.GERENCIAR_USUARIOS))
    throw forbidden();
  const advisor = await users.findUserById(ctx, input.AdvisorUserId);
  if (!advisor) throw notFound('Usuário não encontrado.');
  if (advisor.user.userTypeId !== UserType.ADVISOR)
    throw unprocessable('O usuário informado não é assessor.');
  const brokerUserIds = [...new Set(input.BrokerUserIds)];
  for (const id of brokerUserIds) {
    const broker = await users.findUserById(ctx, id);
    if (broker?.user.userTypeId !== UserType.BROKER)
      throw unprocessable(`O usuário ${id} não é um corretor desta seguradora.`);
  }
  await users.replaceAdvisedBrokers(ctx, advisor.user.id, brokerUserIds);
  return { AdvisorUserId: advisor.user.id, BrokerUserIds: brokerUserIds };
};
