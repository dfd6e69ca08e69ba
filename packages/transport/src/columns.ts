/** Column builders of every table (API and kanban): money, rates, timestamps and the address. */
import { integer, numeric, text, timestamp } from 'drizzle-orm/pg-core';
import { rowTime } from './clock.js';

/** Money: numeric(18,2), read and written as a decimal string (never a JS float). */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** A rate, percentage or ratio with 6 decimals: numeric(9,6). */
export const rate = (name: string) => numeric(name, { precision: 9, scale: 6 });

/** `created_at timestamptz not null default now()`. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowTime);

/** `updated_at timestamptz not null default now()` (set it on every update). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowTime);

/** `created_at` and `updated_at` of a table whose rows change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** The address columns of an owner whose address may be left blank (brokers). */
export const optionalAddressColumns = () => ({
  zipCode: text('zip_code'),
  addressName: text('address_name'),
  number: text('number'),
  complement: text('complement'),
  neighborhood: text('neighborhood'),
  stateProvinceId: integer('state_province_id'),
  cityId: integer('city_id'),
});

/**
 * The address columns every location shares (spec §3: ZipCode ... CityId, IBGE codes): CEP,
 * street, state and city required.
 */
export const addressColumns = () => {
  const c = optionalAddressColumns();
  return {
    ...c,
    zipCode: c.zipCode.notNull(),
    addressName: c.addressName.notNull(),
    stateProvinceId: c.stateProvinceId.notNull(),
    cityId: c.cityId.notNull(),
  };
};
