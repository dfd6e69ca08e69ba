import { UserType } from '@aval/domain';
import type { TenantContext } from '../../context.js';
import * as users from '../users/index.js';

/** The brokerage's administrator user: type 2, default 'Corretor' profile, no password yet. */
export const createAdministratorUser = (
  ctx: TenantContext,
  brokerId: number,
  admin: { name: string; cpf: string; email: string; phone: string | null },
) =>
  users.createUserWithDefaultProfile(ctx, {
    userTypeId: UserType.BROKER,
    preferredProfile: 'Corretor',
    name: admin.name,
    document: admin.cpf,
    email: admin.email,
    phone: admin.phone,
    brokerId,
  });
