import { addressInput } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.js';
import { contractResolver } from '../forms/contract-form.js';
import {
  applyCepAddress,
  cepLookupMessage,
  cepMessages,
  clearCepAddress,
  emptyAddress,
  toAddressInput,
} from './address-form.js';

const paulista = {
  ZipCode: '01310100',
  AddressName: 'Avenida Paulista',
  Neighborhood: 'Bela Vista',
  CityId: 3550308,
  CityName: 'São Paulo',
  StateProvinceId: 35,
  StateCode: 'SP',
};

describe('address form', () => {
  it('should empty what a previous lookup filled when the next lookup fails', () => {
    const found = applyCepAddress({ ...emptyAddress, Number: '1578' }, paulista);
    const filled = {
      AddressName: found.AddressName,
      Neighborhood: found.Neighborhood,
      StateProvinceId: found.StateProvinceId,
      CityId: found.CityId,
    };
    const typedOver = { ...found, ZipCode: '00000-000', Neighborhood: 'Jardins' };
    expect(clearCepAddress(typedOver, filled)).toMatchObject({
      ZipCode: '00000-000',
      AddressName: '',
      Neighborhood: 'Jardins',
      StateProvinceId: undefined,
      CityId: undefined,
      Number: '1578',
    });
    expect(clearCepAddress(typedOver, undefined)).toEqual(typedOver);
  });

  it('should fill street, district, state and city when the CEP is found', () => {
    const d = applyCepAddress({ ...emptyAddress, Number: '1578' }, paulista);
    expect(d).toMatchObject({
      ZipCode: '01310-100',
      AddressName: 'Avenida Paulista',
      Neighborhood: 'Bela Vista',
      StateProvinceId: 35,
      CityId: 3550308,
      Number: '1578',
    });
  });

  it('should keep what the user typed when the service leaves a field blank', () => {
    const d = applyCepAddress(
      { ...emptyAddress, AddressName: 'Rua A', Neighborhood: 'Centro' },
      { ...paulista, AddressName: '', Neighborhood: '' },
    );
    expect(d.AddressName).toBe('Rua A');
    expect(d.Neighborhood).toBe('Centro');
  });

  it('should tell the user to type the address when the CEP service is down', () => {
    expect(cepLookupMessage(new ApiError(503, ['x'])).text).toBe(cepMessages.unavailable);
    expect(cepLookupMessage(new TypeError('Failed to fetch')).text).toBe(cepMessages.unavailable);
    expect(cepLookupMessage(new ApiError(404, ['CEP não encontrado.'])).text).toBe(cepMessages.notFound);
    expect(cepLookupMessage(new ApiError(400, ['CEP inválido.'])).text).toBe('CEP inválido.');
  });

  it("should put the contract's messages on the missing fields and build the body without mask when complete", () => {
    const validate = contractResolver(addressInput, toAddressInput);
    expect(validate(emptyAddress)).toEqual({
      ZipCode: 'Informe o CEP.',
      AddressName: 'Informe o logradouro.',
      StateProvinceId: 'Informe o estado.',
      CityId: 'Informe a cidade.',
    });
    expect(validate({ ...emptyAddress, ZipCode: '0131', AddressName: 'R' })).toMatchObject({
      ZipCode: 'CEP inválido',
      AddressName: 'O logradouro deve ter no mínimo 2 caracteres.',
    });
    const d = applyCepAddress({ ...emptyAddress, Complement: ' ' }, paulista);
    expect(validate(d)).toEqual({});
    expect(toAddressInput(d)).toEqual({
      ZipCode: '01310100',
      AddressName: 'Avenida Paulista',
      Number: null,
      Complement: null,
      Neighborhood: 'Bela Vista',
      StateProvinceId: 35,
      CityId: 3550308,
    });
  });
});
