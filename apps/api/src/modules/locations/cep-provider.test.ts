import {
  GetAddressInfoByCepNotFoundError,
  GetAddressInfoByCepServiceError,
  GetAddressInfoByCepValidationError,
} from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { CepProviderUnavailable, httpCepProvider } from './cep-provider.js';

/** The library's own outcomes, without the internet: the edge we cannot reach in tests. */
const failingWith = (error: Error) => httpCepProvider(async () => Promise.reject(error));

describe('HTTP CEP provider', () => {
  it('should answer "not found" for a CEP no service knows', async () => {
    await expect(
      failingWith(new GetAddressInfoByCepNotFoundError('x')).lookup('01999999'),
    ).resolves.toBeUndefined();
  });

  it('should answer "not found", not "unavailable", for a CEP the library calls impossible', async () => {
    await expect(
      failingWith(new GetAddressInfoByCepValidationError('x')).lookup('00000000'),
    ).resolves.toBeUndefined();
  });

  it('should answer "unavailable" only when every service failed', async () => {
    await expect(
      failingWith(new GetAddressInfoByCepServiceError('x')).lookup('01310100'),
    ).rejects.toBeInstanceOf(CepProviderUnavailable);
    await expect(failingWith(new TypeError('fetch failed')).lookup('01310100')).rejects.toBeInstanceOf(
      CepProviderUnavailable,
    );
  });

  it('should map a found address', async () => {
    const provider = httpCepProvider(async () => ({
      cep: '01310100',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
    }));
    expect(await provider.lookup('01310100')).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
  });
});
