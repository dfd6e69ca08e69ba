import type { TenantContext, UserContext } from '../../context.js';
import { conflict, notFound, unprocessable } from '../../lib/errors.js';
import { termAcceptanceCount } from '../auth/index.js';
import { uploadCountBy } from '../files/index.js';
import * as users from '../users/index.js';

/** A user who signed in, accepted terms, uploaded files or queried external data has history. */
export const userHasHistory = async (ctx: TenantContext, u: users.UserWithPerson) => {
  if (u.user.lastLoginAt) return true;
  // One after another on the request's transaction client, stopping at the first that has some.
  if ((await termAcceptanceCount(ctx, u.user.id)) > 0) return true;
  if ((await uploadCountBy(ctx, u.user.id)) > 0) return true;
  return (await users.apiHistoryCountBy(ctx, u.user.id)) > 0;
};

/** DeleteUserInfo: only a user without history (else it is inactivated); never oneself. */
export const deleteUser = async (ctx: UserContext, userId: number) => {
  const scope = await users.brokerScope(ctx);
  const u = await users.findUserById(ctx, userId);
  if (!u || (scope !== undefined && u.user.brokerId !== scope)) throw notFound('Usuário não encontrado.');
  if (u.user.id === ctx.user.userId) throw unprocessable('Você não pode excluir o seu próprio usuário.');
  if (await userHasHistory(ctx, u)) {
    throw conflict('Este usuário já tem histórico no portal e não pode ser excluído. Inative-o.');
  }
  await users.deleteUserAndOrphanPerson(ctx, u);
  await users.accessChanged(ctx, [userId]);
  return true;
};
