import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { beneficiaries, beneficiaryLocations } from './beneficiaries.table.js';

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
type LocationValues = Omit<
  typeof beneficiaryLocations.$inferInsert,
  'companyId' | 'beneficiaryId' | 'isMain'
>;

export const locationsOf = (db: DbOrTx, beneficiaryIds: number[]) =>
  beneficiaryIds.length
    ? db
        .select()
        .from(beneficiaryLocations)
        .where(inArray(beneficiaryLocations.beneficiaryId, beneficiaryIds))
    : Promise.resolve([]);

/** Up to 20 by a name fragment or document digits (3 or more), natural persons only if asked. */
export const search = (
  db: DbOrTx,
  companyId: number,
  text: string,
  digits: string,
  withNaturalPersons: boolean,
) =>
  db
    .select()
    .from(beneficiaries)
    .where(
      and(
        eq(beneficiaries.companyId, companyId),
        or(
          ilike(beneficiaries.name, likeContains(text)),
          digits.length >= 3 ? ilike(beneficiaries.document, `%${digits}%`) : undefined,
        ),
        withNaturalPersons ? undefined : eq(beneficiaries.isNaturalPerson, false),
      ),
    )
    .orderBy(asc(beneficiaries.name))
    .limit(20);

export const findByDocument = async (db: DbOrTx, companyId: number, document: string) =>
  (
    await db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.companyId, companyId), eq(beneficiaries.document, document)))
  )[0];

export const findById = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.companyId, companyId), eq(beneficiaries.id, id)))
  )[0];

export const findByIds = (db: DbOrTx, companyId: number, ids: number[]) =>
  db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.companyId, companyId), inArray(beneficiaries.id, ids)));

export const insert = async (db: DbOrTx, values: typeof beneficiaries.$inferInsert) =>
  (await db.insert(beneficiaries).values(values).returning())[0]!;

export const locationIdsOf = (db: DbOrTx, beneficiaryId: number) =>
  db
    .select({ id: beneficiaryLocations.id })
    .from(beneficiaryLocations)
    .where(eq(beneficiaryLocations.beneficiaryId, beneficiaryId));

export const updateLocation = (db: DbOrTx, id: number, values: LocationValues) =>
  db.update(beneficiaryLocations).set(values).where(eq(beneficiaryLocations.id, id));

export const insertLocation = (db: DbOrTx, values: typeof beneficiaryLocations.$inferInsert) =>
  db.insert(beneficiaryLocations).values(values);
