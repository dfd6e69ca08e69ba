import { getAddressInfoByCep } from '@brazilian-utils/brazilian-utils';

export type CepResult = { cep: string; street: string; neighborhood: string; city: string; state: string };

/** Where CEP lookups go. Replaceable: HTTP in production, a fixture in tests and in the demo. */
export type CepProvider = { lookup: (cep: string) => Promise<CepResult | undefined> };

export class CepProviderUnavailable extends Error {}

/**
 * Public CEP services through @brazilian-utils (needs internet access at run time). A CEP no
 * service knows — or one the library refuses as impossible, such as 00000000 — is "not found";
 * only a failure of every service is "unavailable".
 */
export const httpCepProvider = (lookup: typeof getAddressInfoByCep = getAddressInfoByCep): CepProvider => ({
  lookup: async (cep) => {
    try {
      const info = await lookup(cep);
      return {
        cep,
        street: info.street ?? '',
        neighborhood: info.neighborhood ?? '',
        city: info.city,
        state: info.state,
      };
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'GetAddressInfoByCepNotFoundError' || name === 'GetAddressInfoByCepValidationError')
        return undefined;
      throw new CepProviderUnavailable((err as Error).message);
    }
  },
});

/** A small fixed set of real CEPs, for tests and the offline demo. */
export const fixtureCepProvider = (): CepProvider => {
  const data: Record<string, Omit<CepResult, 'cep'>> = {
    '01310100': { street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    '20040002': { street: 'Rua da Assembleia', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' },
    '70040010': {
      street: 'Esplanada dos Ministérios',
      neighborhood: 'Zona Cívico-Administrativa',
      city: 'Brasília',
      state: 'DF',
    },
    '30130010': {
      street: 'Avenida Afonso Pena',
      neighborhood: 'Centro',
      city: 'Belo Horizonte',
      state: 'MG',
    },
    '80010000': { street: 'Rua XV de Novembro', neighborhood: 'Centro', city: 'Curitiba', state: 'PR' },
    '40020000': { street: 'Avenida Sete de Setembro', neighborhood: 'Centro', city: 'Salvador', state: 'BA' },
    '90010150': {
      street: 'Rua dos Andradas',
      neighborhood: 'Centro Histórico',
      city: 'Porto Alegre',
      state: 'RS',
    },
    '50030230': { street: 'Avenida Rio Branco', neighborhood: 'Recife', city: 'Recife', state: 'PE' },
    '69005070': { street: 'Avenida Eduardo Ribeiro', neighborhood: 'Centro', city: 'Manaus', state: 'AM' },
    '88010400': { street: 'Rua Felipe Schmidt', neighborhood: 'Centro', city: 'Florianópolis', state: 'SC' },
  };
  return {
    lookup: async (cep) => {
      if (cep === '99999999') throw new CepProviderUnavailable('fixture: provider down');
      const found = data[cep];
      return found ? { cep, ...found } : undefined;
    },
  };
};
