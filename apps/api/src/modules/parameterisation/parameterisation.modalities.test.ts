import { describe, expect, it } from 'vitest';
import {
  admin,
  adminName,
  branchId,
  broker,
  call,
  get,
  modalityId,
  ok,
  other,
  staff,
  useParameterisationFixture,
} from '../../test/fixtures/parameterisation.js';

useParameterisationFixture();

type CreatedModality = {
  Id: number;
  UniqueId: string;
  ModalityGroupId: number;
  BranchId: number;
  Name: string;
};

let serial = 0;
/** A fresh modality of Aurora's branch 0776 in a new group, named uniquely (tests stand alone). */
const createModality = async (name = `Garantia de Contratos de Energia ${++serial}-${Date.now()}`) =>
  (await ok('POST', '/api/Core/InsertModality', {
    BranchId: await branchId(54, '0776'),
    NewModalityGroupName: 'Energia',
    Name: name,
    MaxInsuredAmountValue: '8000000.00',
    AutomaticApprovalLimit: 1500000,
    MinInsurancePremium: '350,00',
    RetroactiveDays: 10,
    FutureDays: 45,
    MinPeriodInDays: 30,
    MaxPeriodInDays: 730,
  })) as CreatedModality;

describe('modalities: insert, update and change history', () => {
  it('should create a modality in a new group and record its creation', async () => {
    const created = await createModality('Garantia de Contratos de Energia');
    expect(created).toMatchObject({
      Name: 'Garantia de Contratos de Energia',
      ModalityGroupName: 'Energia',
      BranchCode: '0776',
      AutomaticApprovalLimit: '1500000.00',
      MinInsurancePremium: '350.00',
      IsActive: true,
    });
    const history = await ok(
      'GET',
      `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`,
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      Field: 'Created',
      FieldLabel: 'Inclusão',
      NewValue: 'Garantia de Contratos de Energia',
    });
  });

  it('should refuse inconsistent limits, a missing group and duplicates', async () => {
    const branch = await branchId(54, '0776');
    const base = { BranchId: branch, NewModalityGroupName: 'Energia', Name: 'Outra' };
    const bad = await call('POST', '/api/Core/InsertModality', admin, {
      ...base,
      MinPeriodInDays: 400,
      MaxPeriodInDays: 30,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.Errors).toContain('O prazo mínimo em dias não pode ser maior que o prazo máximo.');
    const cancel = await call('POST', '/api/Core/InsertModality', admin, { ...base, AutomaticCancel: true });
    expect(cancel.body.Errors).toContain('Informe os dias após o vencimento para o cancelamento automático.');
    const noGroup = await call('POST', '/api/Core/InsertModality', admin, { BranchId: branch, Name: 'X' });
    expect(noGroup.status).toBe(400);
    const money = await call('POST', '/api/Core/InsertModality', admin, {
      ...base,
      MinInsurancePremium: 'abc',
    });
    expect(money.status).toBe(400);
    expect(money.body).toEqual({
      Errors: ['Valor inválido inválido, campo numérico.'],
      Fields: [{ Field: 'MinInsurancePremium', Message: 'Valor inválido inválido, campo numérico.' }],
    });
    const unnamed = await call('POST', '/api/Core/InsertCoverage', admin, { ModalityId: 1, Name: ' ' });
    expect(unnamed.body).toEqual({
      Errors: ['Informe o nome da cobertura.'],
      Fields: [{ Field: 'Name', Message: 'Informe o nome da cobertura.' }],
    });
    const untyped = await call('POST', '/api/Core/InsertModality', admin, { ...base, IsActive: 'sim' });
    expect(untyped.body.Errors).toEqual(['Entrada inválida: esperava um valor booleano, recebeu um texto']);
    const existing = await createModality();
    const dup = await call('POST', '/api/Core/InsertModality', admin, { ...base, Name: existing.Name });
    expect(dup.status).toBe(409);
    const foreign = await call('POST', '/api/Core/InsertModality', other, base);
    expect(foreign.status).toBe(404);
  });

  it('should update the limits and write one history entry per field with the spec labels', async () => {
    const created = await createModality();
    const updated = await ok('PUT', '/api/Core/UpdateModality', {
      Id: created.Id,
      MaxInsuredAmountValue: '9000000',
      AutomaticApprovalLimit: '1500000.00', // unchanged: no entry
      MinInsurancePremium: '400.00',
      RetroactiveDays: 20,
      FutureDays: 60,
      MinPeriodInDays: 60,
      MaxPeriodInDays: 1095,
      IsComplementary: true,
      AutomaticCancel: true,
      DaysAfterDueDate: 45,
    });
    expect(updated).toMatchObject({
      MaxInsuredAmountValue: '9000000.00',
      DaysAfterDueDate: 45,
      AutomaticCancel: true,
    });
    const history = await ok(
      'GET',
      `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`,
    );
    const byField = Object.fromEntries(history.map((h: { Field: string }) => [h.Field, h]));
    expect(byField.AutomaticApprovalLimit).toBeUndefined();
    expect(byField.MaxInsuredAmountValue).toMatchObject({
      FieldLabel: 'Valor máximo da importância segurada',
      OldValue: 'R$ 8.000.000,00',
      NewValue: 'R$ 9.000.000,00',
      EntityLabel: 'Modalidade',
    });
    expect(byField.MinInsurancePremium.FieldLabel).toBe('Prêmio mínimo');
    expect(byField.RetroactiveDays).toMatchObject({
      FieldLabel: 'Dias de retroatividade',
      OldValue: '10',
      NewValue: '20',
    });
    expect(byField.FutureDays.FieldLabel).toBe('Dias futuros');
    expect(byField.MinPeriodInDays.FieldLabel).toBe('Prazo mínimo em dias');
    expect(byField.MaxPeriodInDays.FieldLabel).toBe('Prazo máximo em dias');
    expect(byField.IsComplementary).toMatchObject({
      FieldLabel: 'Modalidade complementar',
      OldValue: 'Não',
      NewValue: 'Sim',
    });
    expect(byField.AutomaticCancel.FieldLabel).toBe('Cancelamento automático');
    expect(byField.DaysAfterDueDate).toMatchObject({
      FieldLabel: 'Dias após o vencimento',
      OldValue: null,
      NewValue: '45',
    });
    expect(byField.MaxInsuredAmountValue.ChangedByName).toBe(adminName);
    expect(typeof byField.MaxInsuredAmountValue.ChangedBy).toBe('number');
    expect(Number.isNaN(Date.parse(byField.MaxInsuredAmountValue.ChangedAt))).toBe(false);
  });

  it('should refuse an update that breaks the limits, and another company changing the modality', async () => {
    const created = await createModality();
    const bad = await call('PUT', '/api/Core/UpdateModality', admin, {
      Id: created.Id,
      MinPeriodInDays: 5000,
    });
    expect(bad.status).toBe(400);
    const foreign = await call('PUT', '/api/Core/UpdateModality', other, {
      Id: created.Id,
      Name: 'Invadida',
    });
    expect(foreign.status).toBe(404);
    expect(
      (await get(`/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`, other))
        .status,
    ).toBe(404);
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${created.Id}`);
    expect(m.Name).toBe(created.Name);
  });

  it('should hide inactive modalities from readers and show them to parameterisation users on request', async () => {
    const created = await createModality();
    await ok('PUT', '/api/Core/UpdateModality', { Id: created.Id, IsActive: false });
    const url = `/api/Core/GetModalitiesByBranch?branchId=${created.BranchId}&includeInactive=true`;
    const forBroker = await ok('GET', url, undefined, broker);
    expect(forBroker.find((m: { Id: number }) => m.Id === created.Id)).toBeUndefined();
    const forAdmin = await ok('GET', url);
    expect(forAdmin.find((m: { Id: number }) => m.Id === created.Id)).toMatchObject({ IsActive: false });
  });

  it('should keep the history for parameterisation users only', async () => {
    const created = await createModality();
    expect(
      (await get(`/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${created.Id}`, staff))
        .status,
    ).toBe(403);
  });
});

describe('coverages and complementary modalities', () => {
  it('should insert, update and enable/disable a coverage with history', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Fornecedor');
    const c = await ok('POST', '/api/Core/InsertCoverage', {
      ModalityId: id,
      Name: 'Garantia de Qualidade',
      IsAdditional: true,
      InsuredAmountPercentage: '20',
      Rate: 0.15,
    });
    expect(c).toMatchObject({
      Name: 'Garantia de Qualidade',
      IsAdditional: true,
      Rate: '0.150000',
      IsActive: true,
    });
    const u = await ok('PUT', '/api/Core/UpdateCoverage', {
      Id: c.Id,
      Rate: '0.25',
      Name: 'Garantia de Qualidade do Produto',
    });
    expect(u).toMatchObject({
      Rate: '0.250000',
      Name: 'Garantia de Qualidade do Produto',
      InsuredAmountPercentage: '20.000000',
    });
    const off = await ok('DELETE', `/api/Core/EnableDisableCoverage?id=${c.Id}`);
    expect(off.IsActive).toBe(false);
    const active = await ok(
      'GET',
      `/api/Core/GetAdditionalCoverages?ModalityUniqueId=${uniqueId}`,
      undefined,
      broker,
    );
    expect(active.find((x: { Id: number }) => x.Id === c.Id)).toBeUndefined();
    const all = await ok(
      'GET',
      `/api/Core/GetAdditionalCoverages?ModalityUniqueId=${uniqueId}&ignoreDeleted=false`,
    );
    expect(all.find((x: { Id: number }) => x.Id === c.Id)).toMatchObject({ IsActive: false });
    const on = await ok('DELETE', `/api/Core/EnableDisableCoverage?id=${c.Id}`);
    expect(on.IsActive).toBe(true);
    const history = await ok('GET', `/api/ModalityChangeHistory/GetModalityChangeHistory?modalityId=${id}`);
    const coverageEntries = history.filter((h: { Entity: string }) => h.Entity === 'Coverage');
    expect(coverageEntries.map((h: { Field: string }) => h.Field).sort()).toEqual(
      ['Created', 'IsActive', 'IsActive', 'Name', 'Rate'].sort(),
    );
    expect(coverageEntries.find((h: { Field: string }) => h.Field === 'Rate')).toMatchObject({
      OldValue: '0,15%',
      NewValue: '0,25%',
      EntityLabel: 'Cobertura',
    });
  });

  it('should refuse bad coverage input and another company', async () => {
    const { id } = await modalityId(54, '0775', 'Fornecedor');
    expect((await call('POST', '/api/Core/InsertCoverage', admin, { ModalityId: id, Name: '' })).status).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/Core/InsertCoverage', admin, { ModalityId: id, Name: 'X', Rate: '101' }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/Core/InsertCoverage', other, { ModalityId: id, Name: 'X' })).status,
    ).toBe(404);
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`);
    const coverageId = m.Coverages[0].Id;
    expect((await call('PUT', '/api/Core/UpdateCoverage', other, { Id: coverageId, Name: 'Y' })).status).toBe(
      404,
    );
    expect((await call('DELETE', `/api/Core/EnableDisableCoverage?id=${coverageId}`, other)).status).toBe(
      404,
    );
  });

  it('should return the objects of chosen additional coverages', async () => {
    const { id, uniqueId } = await modalityId(54, '0775', 'Executante Construtor');
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`);
    const labor = m.AdditionalCoverages.find((c: { Name: string }) => c.Name.startsWith('Ações'));
    const objects = await ok(
      'POST',
      '/api/Core/GetAdditionalCoveragesObjects',
      { ModalityUniqueId: uniqueId, CoverageIds: [labor.Id] },
      broker,
    );
    expect(objects).toHaveLength(1);
    expect(objects[0].CoverageName).toBe('Ações Trabalhistas e Previdenciárias');
    expect(objects[0].Objects[0]).toMatchObject({ TermType: 5, TermTypeName: 'Objeto da Cobertura' });
    expect(objects[0].Objects[0].PreviewHtml).toContain('Prefeitura Municipal de Exemplo');
    const res = await call('POST', '/api/Core/GetAdditionalCoveragesObjects', other, {
      ModalityUniqueId: uniqueId,
      CoverageIds: [labor.Id],
    });
    expect(res.status).toBe(404);
  });

  it('should link, refuse and toggle complementary modalities', async () => {
    const fornecedor = await modalityId(54, '0775', 'Fornecedor');
    const licitante = await modalityId(54, '0775', 'Licitante');
    const judicial = await modalityId(54, '0775', 'Judicial Cível');
    const adiantamento = await modalityId(54, '0775', 'Adiantamento de Pagamento');
    const self = await call(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${licitante.id}`,
      admin,
    );
    expect(self.status).toBe(400);
    const notComplementary = await call(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${judicial.id}`,
      admin,
    );
    expect(notComplementary.status).toBe(422);
    expect(notComplementary.body.Errors[0]).toContain('não está marcada como modalidade complementar');
    const dup = await call(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${fornecedor.id}&complementaryModalityId=${adiantamento.id}`,
      admin,
    );
    expect(dup.status).toBe(409);
    const link = await ok(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${adiantamento.id}`,
    );
    expect(link).toMatchObject({
      ModalityName: 'Licitante',
      ComplementaryModalityName: 'Adiantamento de Pagamento',
      IsActive: true,
    });
    const off = await ok(
      'DELETE',
      `/api/Core/EnableDisableComplementaryModality?complementaryModalityId=${link.Id}`,
    );
    expect(off.IsActive).toBe(false);
    const activeOnly = await ok(
      'GET',
      `/api/Core/GetComplementaryModalities?modalityId=${licitante.id}&onlyActive=true`,
      undefined,
      broker,
    );
    expect(activeOnly).toEqual([]);
    const again = await ok(
      'POST',
      `/api/Core/InsertComplementaryModality?modalityId=${licitante.id}&complementaryModalityId=${adiantamento.id}`,
    );
    expect(again).toMatchObject({ Id: link.Id, IsActive: true });
    expect(
      (
        await call(
          'DELETE',
          `/api/Core/EnableDisableComplementaryModality?complementaryModalityId=${link.Id}`,
          other,
        )
      ).status,
    ).toBe(404);
    const all325 = await ok('GET', '/api/Core/GetComplementaryModalities', undefined, other);
    expect(all325.find((c: { Id: number }) => c.Id === link.Id)).toBeUndefined();
  });
});
