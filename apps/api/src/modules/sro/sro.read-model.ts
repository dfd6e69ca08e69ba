import { SroEventType, SroRegistrationStatus } from '@aval/domain';
import { and, countDistinct, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sroRegistrations } from './sro.table.js';

/**
 * The SRO's read model: where the registrations stand, for the lists and reports of other modules
 * (the home's and BI's late registrations, the operators' metrics). Late is the real state: a
 * registration not Registrada whose deadline has passed (docs/sro.md), whatever the policy row says.
 */

/**
 * A query piece (a subquery PostgreSQL inlines): the company's policies with a registration not
 * registered whose deadline is before `day` (or on it, `inclusive`), each with the earliest such
 * deadline (`policy_id`, `deadline`). Join it by `policy_id`.
 */
export const lateSroPolicies = (companyId: number, day: string, inclusive = false): SQL =>
  sql`(select r.policy_id, min(r.deadline) as deadline
         from ${sroRegistrations} r
        where r.company_id = ${companyId}
          and r.status_id <> ${SroRegistrationStatus.REGISTRADA}
          and r.deadline ${inclusive ? sql`<=` : sql`<`} ${day}::date
        group by r.policy_id)`;

/** Policies with a registration not registered past its deadline (before `day`), per company (every company). */
export const lateSroPoliciesByCompany = (db: DbOrTx, day: string) =>
  db
    .select({ companyId: sroRegistrations.companyId, late: countDistinct(sroRegistrations.policyId) })
    .from(sroRegistrations)
    .where(
      and(
        ne(sroRegistrations.statusId, SroRegistrationStatus.REGISTRADA),
        lt(sroRegistrations.deadline, day),
      ),
    )
    .groupBy(sroRegistrations.companyId);

/**
 * A query piece: the company's policies whose issuance has a registration (`policy_id`), for the
 * owner of the policies to find those issued before Aval registered operations.
 */
export const issuanceRecordedPolicies = (companyId: number): SQL =>
  sql`(select r.policy_id from ${sroRegistrations} r
        where r.company_id = ${companyId} and r.event_type = ${SroEventType.EMISSAO})`;
