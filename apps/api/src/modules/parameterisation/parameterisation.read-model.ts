import { rows } from '@aval/transport/tenancy';
import { sql } from 'drizzle-orm';
import type { TenantContext } from '../../context.js';

/**
 * The parameterisation's read model for reports (the BI dashboard's filter choices, issue 29):
 * every branch and modality of the company, active or not, read-only, in the caller's tenant
 * transaction.
 */

/** The company's branches as `code - name`, by code. */
export const branchChoices = (ctx: TenantContext) =>
  rows<{ id: number; name: string }>(
    ctx.db,
    sql`select id, code || ' - ' || name as name from param_branches where company_id = ${ctx.company.id} order by code`,
  );

/** The company's modalities with their branch, by name. */
export const modalityChoices = (ctx: TenantContext) =>
  rows<{ id: number; name: string; branch_id: number }>(
    ctx.db,
    sql`select id, name, branch_id from modalities where company_id = ${ctx.company.id} order by name, id`,
  );
