import {
  getCompanyProposalTagsEndpoint,
  getCompanyTermOfUseTags,
  getInsurerRecord,
  getTermOfUse,
  saveInsurerRecord,
} from '@aval/contracts';
import { cnpjFromBase, maskCnpj, Permission, UserType } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.js';
import { demoCompanies } from '../../seed/companies.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { changeInsurerRecord, recordBody } from '../../test/insurer-record.js';
import { findInsurerRecord, upsertInsurerRecord } from './insurer-record.repository.js';

/**
 * GetInsurerRecord / SaveInsurerRecord: the insurer's own record (Parametrização › Dados da
 * seguradora), for insurer staff with permission 26 only, every field checked in pt-BR, every
 * change in the shared history, each company its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const aurora = demoCompanies[0].record;

describe("the insurer's record", () => {
  it("should show the administrator the demo insurer's record, complete, with one process line per branch", async () => {
    const r = await t.data(getInsurerRecord, { as: 'admin' });
    expect(r).toMatchObject({
      LegalName: 'Aurora Seguros Garantia',
      Cnpj: '75.686.462/0001-03',
      SusepCode: aurora.SusepCode,
      AddressName: 'Avenida Brigadeiro Faria Lima',
      StateCode: 'SP',
      CityName: 'São Paulo',
      BankCode: '341',
      SacPhone: aurora.SacPhone,
      Missing: [],
    });
    expect(r.SusepProcesses.map((p) => [p.BranchCode, p.Number, p.Required])).toEqual([
      ['0775', '15414.602449/2024-53', true],
      ['0776', '15414.602450/2024-54', true],
      ['NamedRisk', '15414.602451/2024-55', false],
      ['RC', '15414.602452/2024-56', false],
    ]);
  });

  it('should refuse both calls (403) to a broker, to insurer staff without permission 26 and to the analyst', async () => {
    const body = recordBody(await t.data(getInsurerRecord, { as: 'admin' }));
    const without26 = {
      cid: 54,
      utp: UserType.INSURANCE,
      prm: Object.values(Permission).filter((p) => p !== Permission.PARAMETRIZAR_SEGURADORA),
    };
    const brokerWith26 = { cid: 54, utp: UserType.BROKER, prm: [Permission.PARAMETRIZAR_SEGURADORA] };
    for (const as of ['corretor', 'analista', without26, brokerWith26] as const) {
      expect((await t.call(getInsurerRecord, { as })).status, JSON.stringify(as)).toBe(403);
      expect((await t.call(saveInsurerRecord, { as, body })).status, JSON.stringify(as)).toBe(403);
    }
  });

  it('should refuse bad values with pt-BR messages on their fields (400) and write nothing', async () => {
    const before = await t.data(getInsurerRecord, { as: 'admin' });
    const res = await t.call(saveInsurerRecord, {
      as: 'admin',
      body: {
        ...recordBody(before),
        Cnpj: '75.686.462/0001-04',
        SusepCode: '1005',
        ZipCode: '0145-2002',
        SusepProcesses: [
          { BranchCode: '0775', Number: '15414.602449/2024' },
          { BranchCode: '0776', Number: '15414.602450/2024-54' },
        ],
        BankCode: '34',
        BankAgency: '09120',
        PixKey: 'chave',
        SacPhone: 'SAC',
        OuvidoriaEmail: 'ouvidoria@',
        Site: 'aurora',
      },
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      ((res.body as { Fields?: { Field: string; Message: string }[] }).Fields ?? []).map((f) => [
        f.Field,
        f.Message,
      ]),
    );
    expect(fields).toMatchObject({
      Cnpj: 'CNPJ da seguradora inválido.',
      SusepCode: 'Código SUSEP inválido: use os 5 dígitos do registro da seguradora na SUSEP (ex.: 05886).',
      ZipCode: 'CEP inválido',
      'SusepProcesses.0.Number': 'Número de processo SUSEP inválido: use o formato 15414.600123/2021-45.',
      BankCode: 'Código do banco inválido: use os 3 dígitos do código COMPE (ex.: 341).',
      BankAgency: 'Agência inválida: use até 4 dígitos, sem o dígito verificador.',
      PixKey:
        'Chave Pix inválida: use o CNPJ, um e-mail, um celular com DDI (+5511987654321) ou a chave aleatória.',
      SacPhone: 'Telefone inválido: use 0800 123 4567, 4004-1234 ou (11) 2345-6789.',
      OuvidoriaEmail: 'E-mail da Ouvidoria inválido.',
      Site: 'Site inválido: use o endereço do site, como www.seguradora.com.br.',
    });
    const after = await t.data(getInsurerRecord, { as: 'admin' });
    expect(after).toEqual(before);
  });

  it("should refuse (422) a bank outside the Banco Central's list, a branch the insurer lacks, a surety branch without its process and a city of another state", async () => {
    const body = recordBody(await t.data(getInsurerRecord, { as: 'admin' }));
    const res = await t.call(saveInsurerRecord, {
      as: 'admin',
      body: {
        ...body,
        BankCode: '999',
        SusepProcesses: [
          { BranchCode: '0775', Number: '15414.602449/2024-53' },
          { BranchCode: '0999', Number: '15414.602450/2024-54' },
        ],
        StateProvinceId: 33,
      },
    });
    expect(res.status).toBe(422);
    expect(res.errors).toEqual([
      'O ramo 0999 não é um ramo da seguradora.',
      'Informe o processo SUSEP do ramo 0776.',
      'O banco 999 não está na lista de participantes do Banco Central: confira o código.',
      'O município não pertence à UF informada.',
    ]);
  });

  it('should save a change as the administrator, keep it in the history with who changed it, print it in the tags, and leave the other insurers alone', async () => {
    const before = await t.data(getInsurerRecord, { as: 'admin' });
    const other = await t.data(getInsurerRecord, { as: { user: 'admin', company: 325 } });
    const saved = await t.data(saveInsurerRecord, {
      as: 'admin',
      body: { ...recordBody(before), SacPhone: '0800 999 0001', LegalName: 'Aurora Seguros Garantia S.A.' },
    });
    expect(saved).toMatchObject({
      SacPhone: '0800 999 0001',
      LegalName: 'Aurora Seguros Garantia S.A.',
      Missing: [],
    });
    expect(
      saved.History.slice(0, 2).map((h) => [
        h.EntityLabel,
        h.FieldLabel,
        h.OldValue,
        h.NewValue,
        h.ChangedByName,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [
          'Dados da seguradora',
          'Razão social',
          'Aurora Seguros Garantia',
          'Aurora Seguros Garantia S.A.',
          'Helena Duarte',
        ],
        ['Dados da seguradora', 'Telefone do SAC', aurora.SacPhone, '0800 999 0001', 'Helena Duarte'],
      ]),
    );
    // Saving the same record again records nothing.
    await t.data(saveInsurerRecord, { as: 'admin', body: recordBody(saved) });
    expect((await t.data(getInsurerRecord, { as: 'admin' })).History).toHaveLength(saved.History.length);
    // The terms' insurer tags read the record.
    const tags = await t.data(getCompanyProposalTagsEndpoint, { as: 'admin' });
    expect(tags.find((g) => g.Name === 'SEGURADORA')?.Value).toBe('Aurora Seguros Garantia S.A.');
    // Company 325 keeps its own.
    expect(await t.data(getInsurerRecord, { as: { user: 'admin', company: 325 } })).toEqual(other);
  });

  it("should print in the terms of use the insurer's name and CNPJ as its record holds them, changed on the record", async () => {
    const cnpj = maskCnpj(cnpjFromBase('112223330001'));
    const before = await t.data(getInsurerRecord, { as: 'admin' });
    const otherTerms = await t.data(getTermOfUse, { as: { user: 'tomador', company: 325 } });
    const restore = await changeInsurerRecord(t, 'admin', {
      LegalName: 'Aurora Garantias Companhia de Seguros',
      Cnpj: cnpj,
    });
    try {
      // Every user of the portal reads them in the terms, and in the terms' tags.
      const terms = await t.data(getTermOfUse, { as: 'tomador' });
      expect(terms.HTMLTermOfUse).toContain(
        'Este portal é oferecido por <strong>Aurora Garantias Companhia de Seguros</strong>, CNPJ 11.222.333/0001-81,',
      );
      expect(terms.HTMLTermOfUse).not.toContain(before.Cnpj!);
      const tags = await t.data(getCompanyTermOfUseTags, { as: 'tomador' });
      expect(tags).toEqual(
        expect.arrayContaining([
          { Name: 'NOME_SEGURADORA', Value: 'Aurora Garantias Companhia de Seguros' },
          { Name: 'CNPJ_SEGURADORA', Value: cnpj },
          { Name: 'EMAIL_CONTATO', Value: expect.stringContaining('@') },
        ]),
      );
      expect(tags.filter((g) => g.Name === 'NOME_SEGURADORA')).toHaveLength(1);
      // Another insurer's terms stay its own.
      expect(await t.data(getTermOfUse, { as: { user: 'tomador', company: 325 } })).toEqual(otherTerms);
      expect(otherTerms.HTMLTermOfUse).toContain('Fiança Brasil Seguradora');
    } finally {
      await restore();
    }
  });

  it('should read the record afresh in a transaction after its writer changed it there (it is read once per transaction)', async () => {
    const companyId = demoCompanies[0].id;
    const undo = new Error('desfeito');
    const site = (await findInsurerRecord(t.database.db, companyId))?.site;
    await expect(
      withTenant(t.database.db, companyId, async (tx) => {
        const before = await findInsurerRecord(tx, companyId);
        expect(await findInsurerRecord(tx, companyId)).toBe(before); // kept: one read
        await upsertInsurerRecord(tx, companyId, { site: 'https://lida-de-novo.example' });
        expect((await findInsurerRecord(tx, companyId))?.site).toBe('https://lida-de-novo.example');
        throw undo; // leaves the demo record as it was
      }),
    ).rejects.toBe(undo);
    expect((await findInsurerRecord(t.database.db, companyId))?.site).toBe(site);
  });
});
