import type { AddressInput, LocationView } from '@aval/contracts';
import { unprocessable } from '../../lib/errors.js';
import { checkCityInState, cityById, stateById } from './ibge.js';

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

/** Address columns from the input, after checking the city belongs to the state. */
export const addressColumns = (input: AddressInput) => {
  const problem = checkCityInState(input.StateProvinceId, input.CityId);
  if (problem) throw unprocessable(problem);
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
