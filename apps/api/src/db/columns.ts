import { integer, text } from 'drizzle-orm/pg-core';

/** The address columns every location table shares (spec §3: ZipCode ... CityId, IBGE codes). */
export const addressColumns = () => ({
  zipCode: text('zip_code').notNull(),
  addressName: text('address_name').notNull(),
  number: text('number'),
  complement: text('complement'),
  neighborhood: text('neighborhood'),
  stateProvinceId: integer('state_province_id').notNull(),
  cityId: integer('city_id').notNull(),
});
