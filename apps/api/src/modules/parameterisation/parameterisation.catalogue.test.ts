import { describe, expect, it } from 'vitest';
import {
  admin,
  branchId,
  broker,
  get,
  modalityId,
  ok,
  other,
  t,
  useParameterisationFixture,
} from '../../test/fixtures/parameterisation.js';
import { modalities } from './parameterisation.table.js';
import { installStandardCatalogue } from './standard-catalogue.js';

useParameterisationFixture();

describe('standard catalogue and reads', () => {
  it('should install branches 0775, 0776 and the property products for every company', async () => {
    for (const h of [admin, other]) {
      const branches = await ok('GET', '/api/Core/GetAllCompanyBranch', undefined, h);
      expect(branches.map((b: { Code: string }) => b.Code)).toEqual(['0775', '0776', 'NamedRisk', 'RC']);
      expect(branches[0]).toMatchObject({ IsPublic: true, Kind: 'surety', IofRate: '0.000000' });
      expect(branches[2]).toMatchObject({ Kind: 'property', IofRate: '7.380000' });
    }
  });

  it('should list the surety modalities of branch 0775 with plausible limits to any user of the company', async () => {
    const id = await branchId(54, '0775');
    const list = await ok('GET', `/api/Core/GetModalitiesByBranch?branchId=${id}`, undefined, broker);
    const names = list.map((m: { Name: string }) => m.Name);
    for (const n of [
      'Licitante',
      'Executante Construtor',
      'Fornecedor',
      'Prestador de Serviços',
      'Adiantamento de Pagamento',
      'Retenção de Pagamentos',
      'Judicial Cível',
      'Judicial Trabalhista',
      'Judicial Depósito Recursal',
      'Judicial Fiscal',
      'Aduaneiro',
    ])
      expect(names).toContain(n);
    const fiscal = list.find((m: { Name: string }) => m.Name === 'Judicial Fiscal');
    expect(fiscal).toMatchObject({
      MinPeriodInDays: 1825,
      MaxInsuredAmountValue: '50000000.00',
      BranchCode: '0775',
    });
    const privateId = await branchId(54, '0776');
    const priv = await ok('GET', `/api/Core/GetModalitiesByBranch?branchId=${privateId}`, undefined, broker);
    expect(priv.map((m: { Name: string }) => m.Name)).toContain('Imobiliário');
  });

  it('should answer 404 for a branch of another company and 400 for a bad id', async () => {
    const id = await branchId(54, '0775');
    expect((await get(`/api/Core/GetModalitiesByBranch?branchId=${id}`, other)).status).toBe(404);
    const bad = await get('/api/Core/GetModalitiesByBranch?branchId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.Errors.length).toBeGreaterThan(0);
  });

  it('should group modalities with ModalityGroupUniqueId and list a group', async () => {
    const id = await branchId(54, '0775');
    const groups = await ok('GET', `/api/Modality/GetModalitiesGroups?branchId=${id}`, undefined, broker);
    const judicial = groups.find((g: { Name: string }) => g.Name === 'Judicial');
    expect(judicial.Modalities).toHaveLength(4);
    const byGroup = await ok(
      'GET',
      `/api/Modality/GetModalitiesByGroup?modalityGroupUniqueId=${judicial.ModalityGroupUniqueId}`,
      undefined,
      broker,
    );
    expect(byGroup.map((m: { Name: string }) => m.Name).sort()).toEqual(
      ['Judicial Cível', 'Judicial Depósito Recursal', 'Judicial Fiscal', 'Judicial Trabalhista'].sort(),
    );
    expect(
      (
        await get(
          `/api/Modality/GetModalitiesByGroup?modalityGroupUniqueId=${judicial.ModalityGroupUniqueId}`,
          other,
        )
      ).status,
    ).toBe(404);
    expect((await get('/api/Modality/GetModalitiesByGroup?modalityGroupUniqueId=x')).status).toBe(400);
  });

  it('should return a modality with coverages, terms rendered with tags, clauses, documents and installments', async () => {
    const { id } = await modalityId(54, '0775', 'Executante Construtor');
    const m = await ok('GET', `/api/Core/GetModality?modalityId=${id}`, undefined, broker);
    expect(m.Coverages.map((c: { Name: string }) => c.Name)).toEqual([
      'Cobertura Básica - Executante Construtor',
    ]);
    expect(m.AdditionalCoverages.map((c: { Name: string }) => c.Name)).toEqual([
      'Ações Trabalhistas e Previdenciárias',
      'Multas Contratuais',
    ]);
    const object = m.ContractualTerms.find((x: { TermType: number }) => x.TermType === 3);
    expect(object.Text).toContain('[TOMADOR]');
    expect(object.Tags).toEqual(
      expect.arrayContaining(['VALOR_IS', 'TOMADOR', 'CNPJ_TOMADOR', 'INI_VIGENCIA']),
    );
    expect(object.PreviewHtml).toContain('Construtora Exemplo Ltda.');
    expect(object.PreviewHtml).toContain('R$ 150.000,00');
    expect(object.PreviewHtml).toContain('11.222.333/0001-81');
    expect(object.PreviewHtml).not.toContain('[TOMADOR]');
    expect(
      m.ComplementaryModalities.map(
        (c: { ComplementaryModalityName: string }) => c.ComplementaryModalityName,
      ),
    ).toEqual(['Adiantamento de Pagamento', 'Retenção de Pagamentos']);
    expect(m.ParticularClauses.length).toBeGreaterThan(0);
    expect(m.RequestDocuments.map((d: { Name: string }) => d.Name)).toContain('Contrato ou edital');
    expect(m.InstallmentParameter).toMatchObject({
      Code: 'PARC6',
      InstallmentParameter: { MaximumInstallments: 6 },
    });
    expect((await get(`/api/Core/GetModality?modalityId=${id}`, other)).status).toBe(404);
    expect((await get('/api/Core/GetModality?modalityId=0')).status).toBe(400);
  });

  it('should give the percentage limit and the maintained bank list', async () => {
    expect(
      await ok('GET', '/api/Core/GetPercentageLimitPremiumRelationIssuredAmount', undefined, broker),
    ).toEqual({
      Percentage: '10.000000',
    });
    const banks = await ok('GET', '/api/Core/GetBanks', undefined, broker);
    expect(banks.length).toBeGreaterThan(100);
    expect(banks[0]).toEqual({ Id: 1, Code: '001', Ispb: '00000000', Name: 'Banco do Brasil S.A.' });
    expect(banks.find((b: { Code: string }) => b.Code === '341')).toBeTruthy();
  });

  it('should leave an existing catalogue as it is when the company is installed again', async () => {
    const count = async () => (await t.database.db.select({ id: modalities.id }).from(modalities)).length;
    const before = await count();
    await expect(installStandardCatalogue(t.database.db, 54)).resolves.toBe(false);
    expect(await count()).toBe(before);
  });

  it('should require authentication', async () => {
    const res = await t.app.inject({
      url: '/api/Core/GetBanks',
      headers: { companykey: admin.companykey as string },
    });
    expect(res.statusCode).toBe(401);
  });
});
