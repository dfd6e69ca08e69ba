import type { CepAddress } from '@aval/contracts';
import type { TenantContext } from '../../context.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { CepProviderUnavailable } from './cep-provider.js';
import { citiesOf, cityByName, stateByCode, states } from './ibge.js';

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
