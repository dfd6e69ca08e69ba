import type { AddressInput, CepAddress, LocationView, OptionalAddressInput } from '@aval/contracts';
import type { TenantContext } from '../../context.js';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors.js';
import { CepProviderUnavailable } from './cep-provider.js';
import { checkCityInState, citiesOf, cityById, cityByName, stateByCode, stateById, states } from './ibge.js';

/**
 * City of an IBGE code with its state code (undefined when unknown); a city by state and name
 * (accents and case ignored); a state by its code (`SP`); the city-in-state check's problem.
 */
export { checkCityInState, cityById, cityByName, stateByCode };

export const getStateProvinces = () => states;
export const getCities = (stateProvinceId: number) => citiesOf(stateProvinceId);

export const searchCep = async (ctx: TenantContext, raw: string): Promise<CepAddress> => {
  const cep = raw.replace(/\D/g, '');
  if (cep.length !== 8) throw badRequest('CEP inválido.');
  let found: Awaited<ReturnType<TenantContext['platform']['cep']['lookup']>>;
  try {
    found = await ctx.platform.cep.lookup(cep);
  } catch (err) {
    if (err instanceof CepProviderUnavailable) {
      ctx.log.warn({ err: err.message }, 'CEP provider unavailable');
      throw new AppError(
        503,
        'A consulta de CEP está indisponível no momento. Preencha o endereço manualmente.',
        'cep_unavailable',
      );
    }
    throw err;
  }
  if (!found) throw notFound('CEP não encontrado.');
  const state = stateByCode(found.state);
  const city = cityByName(found.state, found.city);
  return {
    ZipCode: cep,
    AddressName: found.street,
    Neighborhood: found.neighborhood,
    CityId: city?.Id ?? null,
    CityName: city?.Name ?? found.city,
    StateProvinceId: state?.Id ?? null,
    StateCode: found.state,
  };
};

// ---------------------------------------------------------------- addresses of every owner

/**
 * The one city-in-state check of every owner's address (policy holders, insureds, beneficiaries,
 * brokers): 422 'UF inválida.', 'Município inválido.' or 'O município não pertence à UF informada.'.
 */
export const assertCityInState = (stateProvinceId: number, cityId: number) => {
  const problem = checkCityInState(stateProvinceId, cityId);
  if (problem) throw unprocessable(problem);
};

/** The address columns of a complete address, after the city-in-state check. */
export const addressValues = (input: AddressInput) => {
  assertCityInState(input.StateProvinceId, input.CityId);
  return {
    zipCode: input.ZipCode,
    addressName: input.AddressName,
    number: input.Number ?? null,
    complement: input.Complement ?? null,
    neighborhood: input.Neighborhood ?? null,
    stateProvinceId: input.StateProvinceId,
    cityId: input.CityId,
  };
};

/**
 * The address columns of an address that may be left blank (brokers): a city needs its state, and
 * the same city-in-state check applies.
 */
export const optionalAddressValues = (input: OptionalAddressInput) => {
  if (input.CityId != null) {
    if (input.StateProvinceId == null) throw unprocessable('Informe o estado.');
    assertCityInState(input.StateProvinceId, input.CityId);
  } else if (input.StateProvinceId != null && !stateById(input.StateProvinceId)) {
    throw unprocessable('UF inválida.');
  }
  return {
    zipCode: input.ZipCode ?? null,
    addressName: input.AddressName ?? null,
    number: input.Number ?? null,
    complement: input.Complement ?? null,
    neighborhood: input.Neighborhood ?? null,
    stateProvinceId: input.StateProvinceId ?? null,
    cityId: input.CityId ?? null,
  };
};

type LocationRow = {
  id: number;
  zipCode: string;
  addressName: string;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  stateProvinceId: number;
  cityId: number;
  isMain: boolean;
};

/** A stored address as the spec's location, with state code and city name from IBGE. */
export const toLocationView = (r: LocationRow): LocationView => ({
  Id: r.id,
  ZipCode: r.zipCode,
  AddressName: r.addressName,
  Number: r.number,
  Complement: r.complement,
  Neighborhood: r.neighborhood,
  StateProvinceId: r.stateProvinceId,
  StateCode: stateById(r.stateProvinceId)?.Code ?? '',
  CityId: r.cityId,
  CityName: cityById(r.cityId)?.Name ?? '',
  IsMain: r.isMain,
});
