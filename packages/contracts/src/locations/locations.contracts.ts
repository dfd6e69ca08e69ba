import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { qInt } from '../shared/schemas.js';

export const stateProvince = z
  .object({ Id: z.number().int(), Code: z.string(), Name: z.string() })
  .meta({ id: 'StateProvince' });
export const city = z
  .object({ Id: z.number().int(), Name: z.string(), StateProvinceId: z.number().int() })
  .meta({ id: 'City' });
export const cepAddress = z
  .object({
    ZipCode: z.string(),
    AddressName: z.string(),
    Neighborhood: z.string(),
    CityId: z.number().int().nullable(),
    CityName: z.string(),
    StateProvinceId: z.number().int().nullable(),
    StateCode: z.string(),
  })
  .meta({ id: 'CepAddress' });
export type CepAddress = z.infer<typeof cepAddress>;

export const getStateProvinces = endpoint({
  area: 'locations',
  method: 'GET',
  path: '/api/Location/GetStateProvinces',
  summary: 'Unidades da federação (códigos IBGE), em ordem alfabética',
  response: z.array(stateProvince),
  auth: false,
});

export const getCities = endpoint({
  area: 'locations',
  method: 'GET',
  path: '/api/Location/GetCities',
  summary: 'Municípios de uma UF (códigos IBGE)',
  query: z.object({ stateProvinceId: qInt().min(11).max(53) }),
  response: z.array(city),
  auth: false,
});

export const searchCep = endpoint({
  area: 'locations',
  method: 'GET',
  path: '/api/Location/SearchCEP',
  summary: 'Endereço de um CEP (provedor externo substituível)',
  description:
    '404 quando o CEP não existe; 503 quando o provedor de CEP está fora do ar (preencha o endereço à mão).',
  query: z.object({ cep: z.string().trim().max(10) }),
  response: cepAddress,
  auth: false,
});
