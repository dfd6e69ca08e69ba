import { CEP_INVALID_MESSAGE, isValidCep } from '@aval/domain';
import { z } from 'zod';
import { optionalText, requiredText } from './fields.js';

/**
 * The one address of every owner (policy-holder, insured and beneficiary locations, brokers):
 * spec §3 ZipCode ... CityId, state and city as IBGE codes. The API also checks that the city
 * belongs to the state (locations module).
 */

const zipCode = () =>
  z
    .string({ message: 'Informe o CEP.' })
    .trim()
    .min(1, { message: 'Informe o CEP.', abort: true })
    .refine((v) => isValidCep(v), { message: CEP_INVALID_MESSAGE })
    .transform((v) => v.replace(/\D/g, ''));
const stateProvinceId = () =>
  z.coerce
    .number({ message: 'Informe o estado.' })
    .int('Estado inválido.')
    .min(11, 'Estado inválido.')
    .max(53, 'Estado inválido.');
const cityId = () =>
  z.coerce
    .number({ message: 'Informe a cidade.' })
    .int('Cidade inválida.')
    .min(1_000_000, 'Cidade inválida.')
    .max(9_999_999, 'Cidade inválida.');

const lineFields = {
  Number: optionalText('o número', 20),
  Complement: optionalText('o complemento', 80),
  Neighborhood: optionalText('o bairro', 80),
};

/** A complete address: CEP, street, state and city required. */
export const addressInput = z.object({
  ZipCode: zipCode(),
  AddressName: requiredText('o logradouro', 150, { min: 2 }),
  ...lineFields,
  StateProvinceId: stateProvinceId(),
  CityId: cityId(),
});
export type AddressInput = z.infer<typeof addressInput>;

/** The same fields, each optional (an owner whose address may be left blank: brokers). */
export const optionalAddressFields = {
  ZipCode: zipCode().nullish(),
  AddressName: optionalText('o logradouro', 150),
  ...lineFields,
  StateProvinceId: stateProvinceId().nullish(),
  CityId: cityId().nullish(),
};
export const optionalAddressInput = z.object(optionalAddressFields);
export type OptionalAddressInput = z.infer<typeof optionalAddressInput>;

/** A stored address as the spec's location, with the state code and city name (IBGE). */
export const locationView = z
  .object({
    Id: z.number().int(),
    ZipCode: z.string(),
    AddressName: z.string(),
    Number: z.string().nullable(),
    Complement: z.string().nullable(),
    Neighborhood: z.string().nullable(),
    StateProvinceId: z.number().int(),
    StateCode: z.string(),
    CityId: z.number().int(),
    CityName: z.string(),
    IsMain: z.boolean(),
  })
  .meta({ id: 'Location' });
export type LocationView = z.infer<typeof locationView>;
