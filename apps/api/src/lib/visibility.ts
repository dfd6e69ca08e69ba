import { isAdvisor, isBroker, isInsurance, UserType } from '@aval/domain';
import { type AnyColumn, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { UserContext } from '../context.js';

/**
 * Who may see what, in one place. Each entity has a scope function that turns the caller (user
 * type + the ids on `ctx.links()`) into a `Scope`; repositories turn a scope into a Drizzle
 * condition over their own columns with `scopeCondition`, services test one record with `inScope`.
 *
 * | caller                         | policy holder                  | insured | broker          | proposal / policy      |
 * |--------------------------------|--------------------------------|---------|-----------------|------------------------|
 * | insurer staff                  | all                            | all     | all             | all                    |
 * | broker, agent, advisor as one  | approved nominations of its    | all     | its own         | of its brokerage       |
 * |                                | brokerage                      |         |                 |                        |
 * | policy holder user             | itself                         | all     | none            | its own                |
 * | advisor (own identity)         | none (acts as a broker to work)| all     | the advised ones| none                   |
 * | other                          | none                           | all     | none            | none                   |
 *
 * Insureds are obligees (public bodies, companies) shared by every broker's proposals, so every
 * user type the call allows sees all of the company's; the call's user types and permissions
 * narrow it further.
 */
export type Scope =
  | { all: true }
  | { all: false; brokerIds: readonly number[]; policyHolderIds: readonly number[] };

const all: Scope = { all: true };
const only = (brokerIds: readonly number[] = [], policyHolderIds: readonly number[] = []): Scope => ({
  all: false,
  brokerIds,
  policyHolderIds,
});
const ids = (id: number | undefined) => (id === undefined ? [] : [id]);

/** The records of the caller's own brokerage or own policy holder (proposals, policies, policy holders). */
const ownScope = async (ctx: UserContext): Promise<Scope> => {
  if (isInsurance(ctx.user.userType)) return all;
  const links = await ctx.links();
  if (isBroker(ctx.user.userType)) return only(ids(links.brokerId));
  if (ctx.user.userType === UserType.POLICY_HOLDER) return only([], ids(links.policyHolderId));
  return only();
};

/** Policy holders: the brokerage's approved nominations, a policy holder user's own record. */
export const policyHolderScope = ownScope;

/** Insureds: all of the company for every user type the call allows (see the table above). */
export const insuredScope = async (_ctx: UserContext): Promise<Scope> => all;

/** Brokers: staff all, a broker or agent its own, an advisor the brokerages it advises. */
export const brokerScope = async (ctx: UserContext): Promise<Scope> => {
  if (isInsurance(ctx.user.userType)) return all;
  const links = await ctx.links();
  if (isBroker(ctx.user.userType)) return only(ids(links.brokerId));
  if (isAdvisor(ctx.user.userType)) return only(links.advisedBrokerIds);
  return only();
};

/** Proposals: those of the caller's brokerage, or of its policy holder. */
export const proposalScope = ownScope;

/** Policies: the same rule as proposals. */
export const policyScope = ownScope;

/** How an entity is tied to brokers and policy holders: a column, or a condition over the ids. */
type Link = AnyColumn | ((ids: readonly number[]) => SQL);

const linkCondition = (link: Link | undefined, list: readonly number[]) => {
  if (!link || list.length === 0) return undefined;
  return typeof link === 'function' ? link(list) : inArray(link, [...list]);
};

/** The scope as a condition (undefined: no restriction; `false` when nothing is visible). */
export const scopeCondition = (scope: Scope, on: { broker?: Link; policyHolder?: Link }): SQL | undefined => {
  if (scope.all) return undefined;
  const parts = [
    linkCondition(on.broker, scope.brokerIds),
    linkCondition(on.policyHolder, scope.policyHolderIds),
  ].filter((c): c is SQL => c !== undefined);
  if (parts.length === 0) return sql`false`;
  return parts.length === 1 ? parts[0] : or(...parts);
};

/** Whether one record (its broker and policy holder ids) is inside the scope. */
export const inScope = (scope: Scope, record: { brokerId?: number | null; policyHolderId?: number | null }) =>
  scope.all ||
  (record.brokerId != null && scope.brokerIds.includes(record.brokerId)) ||
  (record.policyHolderId != null && scope.policyHolderIds.includes(record.policyHolderId));
