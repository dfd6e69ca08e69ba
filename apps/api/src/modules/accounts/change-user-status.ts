import type { UserSummary } from '@aval/contracts';
import type { UserContext } from '../../context.js';
import { notFound, unprocessable } from '../../lib/errors.js';
import { revokeAllOfUser } from '../auth/index.js';
import * as users from '../users/index.js';

/** ChangeUserInfoStatus: activates or inactivates a user; inactivation ends its sessions at once. */
export const changeUserStatus = async (ctx: UserContext, userId: number): Promise<UserSummary> => {
  const scope = await users.brokerScope(ctx);
  const u = await users.findUserById(ctx, userId);
  if (!u || (scope !== undefined && u.user.brokerId !== scope)) throw notFound('Usuário não encontrado.');
  if (u.user.id === ctx.user.userId) throw unprocessable('Você não pode inativar o seu próprio usuário.');
  await users.updateUser(ctx, userId, { isActive: !u.user.isActive });
  // Inactivation ends the user's sessions: refresh tokens revoked, access tokens refused (401).
  if (u.user.isActive) await revokeAllOfUser(ctx, userId);
  else await users.accessChanged(ctx, [userId]);
  return users.userSummary(ctx, userId);
};
