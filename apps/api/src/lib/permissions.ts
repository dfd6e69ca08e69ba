import type { PermissionId } from '@aval/domain';
import type { UserContext } from '../context.js';

/** Whether the caller holds any of these permissions (functionalities), as resolved for this request. */
export const hasAny = (ctx: Pick<UserContext, 'user'>, ...ids: number[]) =>
  ids.some((id) => ctx.user.permissions.has(id as PermissionId));
