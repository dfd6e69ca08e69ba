import type { InsurerRecordView } from '@aval/contracts';
import { describe, expect, it } from 'vitest';
import {
  insurerRecordBodyOf,
  insurerRecordDraftOf,
  validateInsurerRecordDraft,
} from './insurer-record-draft.js';

const record: InsurerRecordView = {
  LegalName: 'Aurora Seguros Garantia',
  Cnpj: '75.686.462/0001-03',
  SusepCode: '10054',
  ZipCode: '01452002',
  AddressName: 'Avenida Brigadeiro Faria Lima',
  Number: '1054',
  Complement: null,
  Neighborhood: 'Itaim Bibi',
  StateProvinceId: 35,
  StateCode: 'SP',
  CityId: 3550308,
  CityName: 'São Paulo',
  SusepProcesses: [
    { BranchCode: '0775', BranchName: 'Setor público', Number: '15414.602449/2024-53', Required: true },
    { BranchCode: '0776', BranchName: 'Setor privado', Number: '15414.602450/2024-54', Required: true },
    { BranchCode: 'NamedRisk', BranchName: 'Riscos nomeados', Number: null, Required: false },
    {
      BranchCode: 'RC',
      BranchName: 'Responsabilidade civil',
      Number: '15414.602452/2024-56',
      Required: false,
    },
  ],
  BankCode: '341',
  BankName: 'Itaú Unibanco S.A.',
  BankAgency: '0912',
  BankAccount: '45127',
  BankWallet: '109',
  PixKey: '75686462000103',
  SacPhone: '0800 754 1054',
  OuvidoriaPhone: '0800 654 2054',
  OuvidoriaEmail: 'ouvidoria@auroraseguros.com.br',
  Site: 'www.auroraseguros.com.br',
  Missing: [],
  History: [],
};

describe('the insurer record form', () => {
  it('should send the stored record as it came, the branches without a process left out', () => {
    const draft = insurerRecordDraftOf(record);
    expect(draft.ZipCode).toBe('01452-002');
    expect(validateInsurerRecordDraft(draft)).toEqual({});
    const body = insurerRecordBodyOf(draft);
    expect(body).toMatchObject({
      ZipCode: '01452002',
      StateProvinceId: 35,
      CityId: 3550308,
      Complement: null,
    });
    expect(body.SusepProcesses.map((p) => p.BranchCode)).toEqual(['0775', '0776', 'RC']);
  });

  it("should put the contract's messages on the inputs that show them, a process on its own branch's input", () => {
    const draft = insurerRecordDraftOf(record);
    const processes = draft.SusepProcesses.map((p) =>
      p.BranchCode === '0776'
        ? { ...p, Number: '' }
        : p.BranchCode === 'RC'
          ? { ...p, Number: '15414.6' }
          : p,
    );
    expect(
      validateInsurerRecordDraft({
        ...draft,
        Cnpj: '75.686.462/0001-04',
        SacPhone: 'SAC',
        OuvidoriaEmail: 'ouvidoria@',
        SusepProcesses: processes,
      }),
    ).toEqual({
      Cnpj: 'CNPJ da seguradora inválido.',
      'SusepProcesses.1.Number': 'Informe o processo SUSEP do ramo 0776.',
      'SusepProcesses.3.Number': 'Número de processo SUSEP inválido: use o formato 15414.600123/2021-45.',
      SacPhone: 'Telefone inválido: use 0800 123 4567, 4004-1234 ou (11) 2345-6789.',
      OuvidoriaEmail: 'E-mail da Ouvidoria inválido.',
    });
  });
});
