import { isInsurance } from '@aval/domain';
import type { UserContext } from '../../context.js';

/**
 * Document-owner rule (documents/document-owners.ts): the insurer's own documents are for its
 * staff only (like the calls that list them).
 */
export const mayReadDocuments = async (ctx: UserContext, companyId: number) =>
  isInsurance(ctx.user.userType) && companyId === ctx.company.id;
