import { describe, expect, it } from 'vitest';
import {
  admin,
  broker,
  call,
  modalityId,
  ok,
  other,
  useParameterisationFixture,
} from '../../test/fixtures/parameterisation.js';

useParameterisationFixture();

describe('installment parameters', () => {
  it('should create, change and link installment parameters to modalities', async () => {
    const p = await ok('POST', '/api/InstallmentParameter/CreateInstallmentParameter', {
      Code: 'PARC4',
      Name: 'Até 4 parcelas',
      MinimumInstallmentValue: '250.00',
      MaximumInstallments: 4,
      GracePeriodsInDays: [30, 0, 30],
    });
    expect(p).toMatchObject({
      Code: 'PARC4',
      InstallmentParameter: {
        MinimumInstallmentValue: '250.00',
        GracePeriodsInDays: [0, 30],
        PaymentMethods: ['boleto'],
      },
      Modalities: [],
    });
    expect(
      (
        await call('POST', '/api/InstallmentParameter/CreateInstallmentParameter', admin, {
          Code: 'PARC4',
          Name: 'x',
          MinimumInstallmentValue: '1',
          MaximumInstallments: 2,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', '/api/InstallmentParameter/CreateInstallmentParameter', admin, {
          Code: 'P',
          Name: 'x',
          MinimumInstallmentValue: '1',
          MaximumInstallments: 30,
        })
      ).status,
    ).toBe(400);
    const changed = await ok('PUT', '/api/InstallmentParameter/ChangeInstallmentParameter', {
      Id: p.Id,
      MaximumInstallments: 5,
      PaymentMethods: ['boleto', 'pix'],
    });
    expect(changed.InstallmentParameter).toMatchObject({
      MaximumInstallments: 5,
      PaymentMethods: ['boleto', 'pix'],
    });
    const { id } = await modalityId(54, '0775', 'Aduaneiro');
    const linked = await ok('POST', '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter', {
      ModalityId: id,
      InstallmentParameterId: p.Id,
    });
    expect(linked.Modalities.map((m: { ModalityName: string }) => m.ModalityName)).toEqual(['Aduaneiro']);
    const all = await ok('GET', '/api/InstallmentParameter/GetInstallmentParameter', undefined, broker);
    expect(all.map((x: { Code: string }) => x.Code)).toEqual(['AVISTA', 'PARC12', 'PARC4', 'PARC6']);
    expect(
      all
        .find((x: { Code: string }) => x.Code === 'PARC6')
        .Modalities.map((m: { ModalityName: string }) => m.ModalityName),
    ).not.toContain('Aduaneiro');
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    expect(history[0]).toMatchObject({
      Entity: 'InstallmentModalityParameter',
      FieldLabel: 'Parâmetro de parcelamento',
      OldValue: 'PARC6 - Até 6 parcelas',
      NewValue: 'PARC4 - Até 4 parcelas',
    });
    expect(
      await ok('DELETE', '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter', {
        ModalityId: id,
      }),
    ).toBe(true);
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`);
    expect(m.InstallmentParameter).toBeNull();
    expect(
      (
        await call('DELETE', '/api/InstallmentModalityParameter/DeleteInstallmentModalityParameter', admin, {
          ModalityId: id,
        })
      ).status,
    ).toBe(404);
  });

  it('should keep installment parameters per company', async () => {
    const mine = await ok('GET', '/api/InstallmentParameter/GetInstallmentParameter');
    const theirs = await ok('GET', '/api/InstallmentParameter/GetInstallmentParameter', undefined, other);
    expect(theirs.map((x: { Code: string }) => x.Code)).toEqual(['AVISTA', 'PARC12', 'PARC6']);
    const p = mine[0];
    expect(
      (
        await call('PUT', '/api/InstallmentParameter/ChangeInstallmentParameter', other, {
          Id: p.Id,
          Name: 'x',
        })
      ).status,
    ).toBe(404);
    const { id } = await modalityId(325, '0775', 'Aduaneiro');
    expect(
      (
        await call('POST', '/api/InstallmentModalityParameter/ChangeInstallmentModalityParameter', other, {
          ModalityId: id,
          InstallmentParameterId: p.Id,
        })
      ).status,
    ).toBe(404);
  });
});
