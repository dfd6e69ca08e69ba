import {
  calculateFinancialData,
  getProposalByUniqueId,
  getProposalByUniqueId2,
  getProposalRiskChange,
  getProposals,
  insertComplementaryModality,
  insertCoverage,
  insertParticularClause,
  resetProposalRiskChange,
  saveBeneficiaryLocation,
  searchBrokerProposalByText,
  searchProposals,
  updateCalculateFinancialData,
  updateFinancialData,
  updateProposal,
  validateBeneficiaryByDocument,
} from '@aval/contracts';
import { maskCpfCnpj, Permission, UserType } from '@aval/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModality, uniqueCnpj, uniqueCpf, uniqueName } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createDraft,
  demoBrokerId,
  inDays,
  priceAt20,
  type QuoteSetup,
  quoteSetup,
  today,
} from '../../test/proposals.js';
import { cnaeRates, modalities } from '../parameterisation/parameterisation.table.js';
import { proposals } from './proposals.table.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

describe('UpdateProposal: drafts, numbers and versions', () => {
  it('should create a draft (status 8) with the next number of the company and version 1', async () => {
    const a = await createDraft(t, s);
    const b = await createDraft(t, s);
    expect(a).toMatchObject({
      StatusId: 8,
      StatusName: 'Em Cotação',
      Version: 1,
      Kind: 'surety',
      ProductId: s.modality.Id,
      PolicyHolderUniqueId: s.holder.uniqueId,
      BrokerId: s.brokerId,
      InsuredId: s.insured.Id,
      DeadlineDays: 365,
      InsuredAmountValue: '100000.00',
    });
    expect(b.Number).toBe(a.Number + 1);
    expect(a.Completeness.Missing.map((m) => m.Field)).toEqual(['InsurancePremium']);
  });

  it('should refuse the second of two saves of the same version with a clear conflict, keeping the first', async () => {
    const p = await createDraft(t, s);
    const first = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: 1, InsuredAmountValue: '120000.00' },
    });
    expect(first.status).toBe(200);
    expect(first.data.Version).toBe(2);
    const second = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: 1, InsuredAmountValue: '90000.00' },
    });
    expect(second.status).toBe(409);
    expect(second.errors[0]).toBe(
      `A proposta nº ${p.Number} foi alterada por outra pessoa depois que você a abriu. Nada do que você enviou foi gravado: recarregue a proposta para ver as alterações e faça a sua de novo.`,
    );
    const now = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(now).toMatchObject({ Version: 2, InsuredAmountValue: '120000.00' });
  });

  it('should give the spec §5 messages on their fields', async () => {
    /** A new quote on `q`'s modality and policy holder, as the demo broker: the reply. */
    const quoteOn = (
      q: QuoteSetup,
      body: { InsuredAmountValue?: string; StartDate: string; EndDate: string },
    ) =>
      t.call(updateProposal, {
        as: 'corretor',
        body: { ProductId: q.modality.Id, PolicyHolderUniqueId: q.holder.uniqueId, ...body },
      });
    /** The quote is refused (422) with these messages on these fields, in this order. */
    const expectRefusedFields = async (reply: ReturnType<typeof quoteOn>, fields: [string, string][]) => {
      const r = await reply;
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ Fields: fields.map(([Field, Message]) => ({ Field, Message })) });
    };
    await expectRefusedFields(
      quoteOn(s, { InsuredAmountValue: '2000000.00', StartDate: today(), EndDate: inDays(4000) }),
      [
        [
          'InsuredAmountValue',
          `O valor de importância segurada máximo para a modalidade "${s.modality.Name}" é de R$ 1.000.000,00`,
        ],
        ['EndDate', 'Prazo de dias para essa modalidade não pode ser maior que 1825'],
      ],
    );
    const retro = await quoteOn(s, { StartDate: inDays(-3), EndDate: inDays(300) });
    expect(retro.errors).toEqual(['Retroatividade de dias para essa modalidade não pode ser maior que 0']);
    // Below the modality's minimum IS and its minimum days, on a modality that has them.
    const small = await quoteSetup(t, { modality: { minInsuredAmount: '50000.00', minPeriodDays: 30 } });
    await expectRefusedFields(
      quoteOn(small, { InsuredAmountValue: '49999.99', StartDate: today(), EndDate: inDays(10) }),
      [
        [
          'InsuredAmountValue',
          `O valor de importância segurada mínimo para a modalidade "${small.modality.Name}" é de R$ 50.000,00`,
        ],
        ['EndDate', 'Prazo de dias para essa modalidade não pode ser menor que 30'],
      ],
    );
  });

  it('should refuse bad input, a missing modality and a holder the broker was not nominated for', async () => {
    const bad = await t.call(updateProposal, {
      as: 'corretor',
      body: { ComissionPercentage: 'abc' } as never,
    });
    expect(bad.status).toBe(400);
    const missing = await t.call(updateProposal, { as: 'corretor', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual(['Escolha a modalidade.', 'Informe o tomador.']);
    const other = await quoteSetup(t);
    const notNominated = await t.call(updateProposal, {
      as: 'corretor2',
      body: { ProductId: other.modality.Id, PolicyHolderUniqueId: other.holder.uniqueId },
    });
    expect(notNominated.status).toBe(404);
    expect(notNominated.errors).toEqual(['Tomador não encontrado.']);
  });

  it('should refuse callers without permission 6 (broker) or 31 (insurer)', async () => {
    const p = await createDraft(t, s);
    const viewer = await t.call(updateProposal, {
      as: { cid: 54, utp: UserType.BROKER, prm: [Permission.VISUALIZAR_PROPOSTAS] },
      body: { UniqueId: p.UniqueId, Version: 1 },
    });
    expect(viewer.status).toBe(403);
    const insurerWithBrokerPermission = await t.call(getProposals, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.GERENCIAR_PROPOSTAS] },
    });
    expect(insurerWithBrokerPermission.status).toBe(403);
    const nothing = await t.call(getProposals, { as: { cid: 54, utp: UserType.BROKER, prm: [24] } });
    expect(nothing.status).toBe(403);
  });
});

describe('UpdateProposal: coverages, complementary modalities, beneficiaries, QARs and clauses', () => {
  const param = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] };

  it('should store additional coverages with their franchises, package coverages, beneficiaries, QARs and clauses', async () => {
    const extra = await t.data(insertCoverage, {
      as: param,
      body: {
        ModalityId: s.modality.Id,
        Name: 'Multas',
        IsAdditional: true,
        InsuredAmountPercentage: '30',
        Rate: '0.2',
      },
    });
    const complementary = await createModality(t);
    await t.database.db
      .update(modalities)
      .set({ isComplementary: true, defaultRate: '0.5' })
      .where(eq(modalities.id, complementary.Id));
    await t.data(insertComplementaryModality, {
      as: param,
      query: { modalityId: s.modality.Id, complementaryModalityId: complementary.Id },
    });
    const clause = await t.data(insertParticularClause, {
      as: param,
      body: {
        ModalityId: s.modality.Id,
        Title: 'Cláusula de Teste',
        Text: '<p>Texto da cláusula [TOMADOR].</p>',
      },
    });
    const beneficiary = await t.data(validateBeneficiaryByDocument, {
      as: 'corretor',
      body: { Document: uniqueCnpj({ masked: true }), Name: uniqueName('Banco Beneficiário') },
    });
    const p = await createDraft(t, s);
    const saved = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        CoverageLimits: [
          {
            CoverageId: extra.Id,
            InsuredAmountValue: '30000.00',
            FranchiseTypeId: 1,
            FranchisePercent: '10',
            FranchiseValueStart: '5000',
          },
        ],
        PackageCoverages: [{ ModalityId: complementary.Id, InsuredAmountValue: '20000.00' }],
        Beneficiaries: [{ BeneficiaryId: beneficiary.Beneficiary!.Id }],
        QARs: [{ QARItemId: 1, Quantity: 12 }],
        ProposalParticularClauseIds: [clause.Id],
        ProposalSpecialClause: 'Vale a cláusula especial combinada.',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.data.CoverageLimits.find((c) => c.IsAdditional)).toMatchObject({
      CoverageId: extra.Id,
      Name: 'Multas',
      InsuredAmountValue: '30000.00',
      FranchiseTypeId: 1,
      Franchises: [{ Text: '10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00' }],
    });
    expect(saved.data.PackageCoverages).toMatchObject([
      {
        ModalityId: complementary.Id,
        ModalityName: complementary.Name,
        InsuredAmountValue: '20000.00',
        RateValue: '0.500000',
      },
    ]);
    expect(saved.data.Beneficiaries).toMatchObject([
      { BeneficiaryId: beneficiary.Beneficiary!.Id, IsNaturalPerson: false, Location: null },
    ]);
    // The beneficiary's address (SaveBeneficiaryLocation) shows on the proposal.
    await t.data(saveBeneficiaryLocation, {
      as: 'corretor',
      body: {
        BeneficiaryId: beneficiary.Beneficiary!.Id,
        ZipCode: '01310100',
        AddressName: 'Avenida Paulista',
        Number: '1000',
        StateProvinceId: 35,
        CityId: 3550308,
      },
    });
    const read = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(read.Beneficiaries[0]?.Location).toMatchObject({
      ZipCode: '01310100',
      AddressName: 'Avenida Paulista',
    });
    expect(saved.data.QARs).toMatchObject([
      { QARItemId: 1, QARItemName: 'Extintores', QARGroup: 'Proteção contra incêndio', Quantity: 12 },
    ]);
    expect(saved.data.ProposalParticularClause).toMatchObject([
      { ParticularClauseId: clause.Id, Title: 'Cláusula de Teste' },
    ]);
    expect(saved.data.ProposalSpecialClause).toBe('Vale a cláusula especial combinada.');
    // Sending empty lists takes them out.
    const cleared = await t.data(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: saved.data.Version,
        CoverageLimits: [],
        PackageCoverages: [],
        Beneficiaries: [],
        QARs: [],
        ProposalParticularClauseIds: [],
      },
    });
    expect(cleared.CoverageLimits.filter((c) => c.IsAdditional)).toEqual([]);
    expect([
      cleared.PackageCoverages,
      cleared.Beneficiaries,
      cleared.QARs,
      cleared.ProposalParticularClause,
    ]).toEqual([[], [], [], []]);
  });

  it('should refuse a franchise without its values, duplicates, unknown QAR items and a natural-person beneficiary the modality does not admit', async () => {
    const extra = await t.data(insertCoverage, {
      as: param,
      body: { ModalityId: s.modality.Id, Name: 'Ações Trabalhistas', IsAdditional: true, Rate: '0.3' },
    });
    const person = await t.data(validateBeneficiaryByDocument, {
      as: 'corretor',
      body: {
        Document: uniqueCpf({ masked: true }),
        Name: 'Maria Beneficiária da Silva',
        CanHaveBeneficiaryPF: true,
      },
    });
    const p = await createDraft(t, s);
    const bad = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        CoverageLimits: [
          {
            CoverageId: extra.Id,
            FranchiseTypeId: 1,
            FranchisePercent: '10',
            FranchiseValueStart: '5000',
            FranchiseValueEnd: '1000',
          },
          { CoverageId: extra.Id, FranchiseTypeId: 3 },
        ],
        Beneficiaries: [{ BeneficiaryId: person.Beneficiary!.Id }],
        QARs: [
          { QARItemId: 98, Quantity: 1 },
          { QARItemId: 2, Quantity: 1 },
          { QARItemId: 2, Quantity: 3 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      Fields: expect.arrayContaining([
        {
          Field: 'Beneficiaries.0.BeneficiaryId',
          Message: 'Esta modalidade não admite beneficiário pessoa física.',
        },
        {
          Field: 'CoverageLimits.0.FranchiseValueEnd',
          Message: 'O valor máximo da franquia não pode ser menor que o valor mínimo.',
        },
        { Field: 'CoverageLimits.1.CoverageId', Message: 'Este valor está duplicado' },
        { Field: 'QARs.0.QARItemId', Message: 'Item do QAR inválido.' },
        { Field: 'QARs.2.QARItemId', Message: 'Este valor está duplicado' },
      ]),
    });
    const days = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        CoverageLimits: [{ CoverageId: extra.Id, FranchiseTypeId: 3 }],
      },
    });
    expect(days.body).toMatchObject({
      Fields: [{ Field: 'CoverageLimits.0.FranchiseDays', Message: 'Informe os dias de franquia.' }],
    });
    const other = await quoteSetup(t);
    const foreign = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        CoverageLimits: [{ CoverageId: 999_999 }],
        ProposalParticularClauseIds: [999_999],
        PackageCoverages: [{ ModalityId: other.modality.Id, InsuredAmountValue: '10.00' }],
      },
    });
    expect(foreign.body).toMatchObject({
      Fields: [
        { Field: 'CoverageLimits.0.CoverageId', Message: 'Cobertura inválida para esta modalidade.' },
        {
          Field: 'PackageCoverages.0.ModalityId',
          Message: 'Modalidade complementar inválida para esta modalidade.',
        },
        {
          Field: 'ProposalParticularClauseIds.0',
          Message: 'Cláusula particular inválida para esta modalidade.',
        },
      ],
    });
    const now = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(now.Version).toBe(p.Version);
    expect(now.Beneficiaries).toEqual([]);
  });
});

describe('UpdateProposal: the partial clear (spec §4)', () => {
  it('should keep the branch, the modality, the holder and the insured and clear the rest, a quote back in 8', async () => {
    const clause = await t.data(insertParticularClause, {
      as: { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] },
      body: { ModalityId: s.modality.Id, Title: 'Cláusula a limpar', Text: '<p>Texto.</p>' },
    });
    const beneficiary = await t.data(validateBeneficiaryByDocument, {
      as: 'corretor',
      body: { Document: uniqueCnpj({ masked: true }), Name: uniqueName('Beneficiário a limpar') },
    });
    const draft = await createDraft(t, s, 'corretor', {
      Beneficiaries: [{ BeneficiaryId: beneficiary.Beneficiary!.Id }],
      ProposalParticularClauseIds: [clause.Id],
      ProposalSpecialClause: 'Especial.',
      Obligation: { ObligationTypeId: 1, TierId: 1, Value: '2000000.00' },
    });
    await priceAt20(t, draft.UniqueId);
    const priced = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: draft.UniqueId },
    });
    const quoted = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: draft.UniqueId, Version: priced.Version, Action: 'Quote' },
    });
    expect(quoted.StatusId).toBe(1);
    const stale = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: draft.UniqueId, Version: priced.Version, Action: 'ClearQuote' },
    });
    expect(stale.status).toBe(409);
    const cleared = await t.data(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: draft.UniqueId,
        Version: quoted.Version,
        Action: 'ClearQuote',
        InsuredAmountValue: '5.00',
      },
    });
    expect(cleared).toMatchObject({
      StatusId: 8,
      ProductId: s.modality.Id,
      ProductBranchId: quoted.ProductBranchId,
      PolicyHolderUniqueId: s.holder.uniqueId,
      InsuredId: s.insured.Id,
      StartDate: null,
      EndDate: null,
      InsuredAmountValue: null,
      InsurancePremium: null,
      ComissionPercentage: null,
      CalculatedAt: null,
      Obligation: null,
      ProposalSpecialClause: null,
      ProposalObjects: [],
      Beneficiaries: [],
      ProposalParticularClause: [],
      PackageCoverages: [],
      CoBrokers: [],
      QARs: [],
    });
    expect(cleared.CoverageLimits.every((c) => !c.IsAdditional)).toBe(true);
    const detail = await t.data(getProposalByUniqueId2, {
      as: 'corretor',
      query: { ProposalUniqueId: draft.UniqueId },
    });
    expect(detail.TimelineHistory.map((e) => e.Description)).toContain(
      'Cotação limpa: ficaram o ramo, a modalidade, o tomador e o segurado.',
    );
    expect(detail.History.filter((h) => h.Field === 'Status').map((h) => h.NewValue)).toContain('Em Cotação');
    // Only quotes (8, 1) are cleared, and only an existing one.
    const nothing = await t.call(updateProposal, { as: 'corretor', body: { Action: 'ClearQuote' } });
    expect(nothing.status).toBe(400);
    expect(nothing.errors).toEqual(['Informe a cotação a limpar (UniqueId e Version).']);
    const other = await createDraft(t, s);
    await t.database.db.update(proposals).set({ statusId: 6 }).where(eq(proposals.uniqueId, other.UniqueId));
    const waiting = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: other.UniqueId, Version: other.Version, Action: 'ClearQuote' },
    });
    expect(waiting.status).toBe(422);
    expect(waiting.errors).toEqual(['Só uma cotação (Em Cotação ou Cotação) pode ser limpa.']);
  });
});

describe('observations', () => {
  it("should record a broker's observation with its author for both sides, and refuse a stale version without recording", async () => {
    const p = await createDraft(t, s);
    await t.data(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        Observation: 'Edital com a ata de abertura anexado.',
      },
    });
    const stale = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: p.Version, Observation: 'Duplicada?' },
    });
    expect(stale.status).toBe(409);
    for (const as of ['corretor', 'admin'] as const) {
      const d = await t.data(getProposalByUniqueId2, { as, query: { ProposalUniqueId: p.UniqueId } });
      expect(d.Observations).toEqual([
        expect.objectContaining({ Text: 'Edital com a ata de abertura anexado.', IsInternal: false }),
      ]);
      expect(d.Observations[0]!.CreatedByName).toBeTruthy();
    }
  });
});

describe('lists and tenant isolation', () => {
  it('should list the broker its own proposals with filters and paging, and the insurer all of them', async () => {
    const p = await createDraft(t, s);
    await createDraft(t, s);
    const mine = await t.data(getProposals, {
      as: 'corretor',
      query: { PolicyHolderName: s.holder.name, Status: '8' as never, rowsPerPage: 50 },
    });
    expect(mine.Data.map((d) => d.UniqueId)).toContain(p.UniqueId);
    expect(mine.Data.every((d) => d.StatusId === 8)).toBe(true);
    const paged = await t.data(getProposals, {
      as: 'corretor',
      query: { PolicyHolderName: s.holder.name, rowsPerPage: 1, currentPage: 1 },
    });
    expect(paged.Data).toHaveLength(1);
    expect(paged.Total).toBeGreaterThan(1);
    // The total comes with the page; a page past the end still counts them all.
    const pastTheEnd = await t.data(getProposals, {
      as: 'corretor',
      query: { PolicyHolderName: s.holder.name, rowsPerPage: 1, currentPage: paged.Total + 1 },
    });
    expect(pastTheEnd).toMatchObject({ Data: [], Total: paged.Total });
    // Another brokerage sees none of these drafts (other tests may co-broker it on their own).
    const other = await t.data(getProposals, {
      as: 'corretor2',
      query: { PolicyHolderName: s.holder.name, rowsPerPage: 100 },
    });
    expect(other.Data.map((d) => d.UniqueId)).not.toContain(p.UniqueId);
    const insurer = await t.data(searchProposals, {
      as: 'admin',
      query: { Number: p.Number },
    });
    expect(insurer.Data.map((d) => d.UniqueId)).toEqual([p.UniqueId]);
    // The documents by prefix, masked or not, and the vigência's bounds (the list screens' filters).
    const only = async (query: Record<string, unknown>) =>
      (await t.data(searchProposals, { as: 'admin', query: { Number: p.Number, ...query } })).Data.length;
    const holderDoc = maskCpfCnpj(s.holder.document);
    expect(await only({ PolicyHolderCpfCnpj: holderDoc.slice(0, 10) })).toBe(1);
    expect(await only({ PolicyHolderCpfCnpj: s.holder.document.slice(0, 8) })).toBe(1);
    expect(await only({ PolicyHolderCpfCnpj: '00000000' })).toBe(0);
    expect(await only({ InsuredCpfCnpj: s.insured.InsuredDocument.slice(0, 6) })).toBe(1);
    expect(await only({ StartDate: today() })).toBe(1);
    expect(await only({ StartDate: inDays(1) })).toBe(0);
    expect(await only({ EndDate: inDays(365) })).toBe(1);
    expect(await only({ EndDate: inDays(364) })).toBe(0);
    const byText = await t.data(searchBrokerProposalByText, {
      as: 'corretor',
      query: { TextSearch: s.holder.name },
    });
    expect(byText.map((d) => d.UniqueId)).toContain(p.UniqueId);
    const brokerOnInsurerList = await t.call(searchProposals, { as: 'corretor' });
    expect(brokerOnInsurerList.status).toBe(403);
  });

  it('should hide a proposal from another company and from a broker that is not on it', async () => {
    const p = await createDraft(t, s);
    const otherCompany = await t.call(getProposalByUniqueId, {
      as: { user: 'admin', company: 325 },
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(otherCompany.status).toBe(404);
    const list = await t.data(searchProposals, {
      as: { user: 'admin', company: 325 },
      query: { Number: p.Number },
    });
    expect(list.Data.map((d) => d.UniqueId)).not.toContain(p.UniqueId);
    const otherBroker = await t.call(getProposalByUniqueId, {
      as: 'corretor2',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(otherBroker.status).toBe(404);
  });

  it('should show a co-brokered proposal to the co-broker, who reads but does not change it', async () => {
    const second = await demoBrokerId(t, 'corretor2');
    const p = await createDraft(t, s, 'corretor', {
      CoBrokers: [
        { CommissionTypeId: 2, Leader: true, Participation: '60' },
        { CoBrokerId: second, CommissionTypeId: 3, Participation: '40' },
      ],
    });
    expect(p.CoBrokered).toBe(true);
    expect(p.BrokerQuote).toMatchObject({ CoBrokerage: 1, CoParticipation: '60.00', CoForLabor: true });
    expect(p.CoBrokers.map((c) => [c.Leader, c.Participation])).toEqual([
      [true, '60.00'],
      [false, '40.00'],
    ]);
    const seen = await t.data(getProposals, { as: 'corretor2', query: { Number: p.Number } });
    expect(seen.Data.map((d) => d.UniqueId)).toEqual([p.UniqueId]);
    const change = await t.call(updateProposal, {
      as: 'corretor2',
      body: { UniqueId: p.UniqueId, Version: p.Version, InsuredAmountValue: '1.00' },
    });
    expect(change.status).toBe(403);
    const bad = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        CoBrokers: [
          { CommissionTypeId: 2, Participation: '60' },
          { CoBrokerId: second, CommissionTypeId: 2, Participation: '30' },
        ],
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.errors).toEqual(['A soma das participações dos corretores deve ser exatamente 100%.']);
  });
});

/** The engine's price at 20 % commission (CalculateFinancialData: computed, not saved). */
const calculateAt20 = (uniqueId: string) =>
  t.data(calculateFinancialData, {
    as: 'corretor',
    body: { ProposalUniqueId: uniqueId, ComissionPercentage: '20' },
  });

describe('the financial engine on the wire', () => {
  it('should price by commission: IS 100.000, 2 % a year, 365 days, 20 % → premium 2.500,00', async () => {
    const p = await createDraft(t, s);
    const r = await calculateAt20(p.UniqueId);
    expect(r).toMatchObject({
      NetPremium: '2000.00',
      InsurancePremium: '2500.00',
      ComissionValue: '500.00',
      ComissionPercentage: '20.000000',
      Tax: '2.500000',
      PolicyHolderRate: '2.000000',
      RateSource: 'PolicyHolder',
      IOFRate: '0.000000',
      IOFValue: '0.00',
      TotalPremium: '2500.00',
      DeadlineDays: 365,
      MinimumApplied: false,
      CommissionRange: { Min: '0.00', Max: '30.00' },
      Version: null,
    });
    expect(r.CommissionScenarios.map((c) => [c.ComissionPercentage, c.InsurancePremium])).toEqual([
      ['0.00', '2000.00'],
      ['7.50', '2162.16'],
      ['15.00', '2352.94'],
      ['22.50', '2580.65'],
      ['30.00', '2857.14'],
    ]);
    const stored = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(stored.InsurancePremium).toBeNull();
  });

  it('should price by risk rate and solve the commission, refusing one outside the range', async () => {
    const p = await createDraft(t, s);
    const r = await t.data(calculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, CalculatePerRiskRate: true, Tax: '2.6' },
    });
    expect(r).toMatchObject({
      InsurancePremium: '2600.00',
      ComissionPercentage: '23.076923',
      ComissionValue: '600.00',
    });
    const out = await t.call(calculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, CalculatePerRiskRate: true, Tax: '3' },
    });
    expect(out.status).toBe(422);
    expect(out.errors).toEqual([
      'O percentual de comissão 33,33% está fora do intervalo permitido, de 0,00% a 30,00%.',
    ]);
  });

  it('should apply the minimum premium of the modality', async () => {
    const m = await quoteSetup(t, { modality: { minPremium: '3000.00' } });
    const p = await createDraft(t, m);
    const r = await calculateAt20(p.UniqueId);
    expect(r).toMatchObject({ InsurancePremium: '3000.00', ComissionValue: '600.00', MinimumApplied: true });
  });

  it('should refuse a holder without a rate when the modality has none', async () => {
    const m = await quoteSetup(t, { rate: null });
    const p = await createDraft(t, m);
    const r = await t.call(calculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId },
    });
    expect(r.status).toBe(422);
    expect(r.errors[0]).toMatch(/^O tomador não tem taxa para esta modalidade/);
    await t.database.db
      .update(modalities)
      .set({ defaultRate: '1.5' })
      .where(eq(modalities.id, m.modality.Id));
    const fallback = await t.data(calculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, ComissionPercentage: '25' },
    });
    expect(fallback).toMatchObject({
      RateSource: 'Modality',
      NetPremium: '1500.00',
      InsurancePremium: '2000.00',
    });
  });

  it('should store a calculation with a new version, then flag and undo a risk change', async () => {
    const p = await createDraft(t, s);
    const saved = await t.data(updateCalculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, ComissionPercentage: '25', Version: 1 },
    });
    expect(saved).toMatchObject({ InsurancePremium: '2666.67', ComissionValue: '666.67', Version: 2 });
    const stale = await t.call(updateCalculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, ComissionPercentage: '20', Version: 1 },
    });
    expect(stale.status).toBe(409);
    const view = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(view).toMatchObject({
      InsurancePremium: '2666.67',
      ComissionPercentage: '25.000000',
      HasRiskChange: false,
      Completeness: { CanQuote: true },
    });
    await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: 2, InsuredAmountValue: '150000.00' },
    });
    const risk = await t.data(getProposalRiskChange, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(risk.HasRiskChange).toBe(true);
    expect(risk.Changes.map((c) => [c.FieldLabel, c.OldValue, c.NewValue])).toContainEqual([
      'Importância segurada',
      'R$ 100.000,00',
      'R$ 150.000,00',
    ]);
    const reset = await t.data(resetProposalRiskChange, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId, Version: 3 },
    });
    expect(reset).toMatchObject({ InsuredAmountValue: '100000.00', HasRiskChange: false, Version: 4 });
  });

  it('should change installments and let only the insurer change the loadings', async () => {
    const p = await createDraft(t, s);
    const priced = await priceAt20(t, p.UniqueId);
    const loadingByBroker = await t.call(updateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, SpecialLoading: '10' },
    });
    expect(loadingByBroker.status).toBe(403);
    const loaded = await t.data(updateFinancialData, {
      as: 'admin',
      body: { ProposalUniqueId: p.UniqueId, Version: priced.Version!, SpecialLoading: '10' },
    });
    // pure rate 2 × 1,10 = 2,2 → net 2.200,00 → at 20 %: 2.750,00
    expect(loaded).toMatchObject({
      PureRate: '2.200000',
      NetPremium: '2200.00',
      InsurancePremium: '2750.00',
    });
  });
});

describe('sending to analysis', () => {
  it('should quote (8 → 1) and send (1 → 2) only with the commission disclosure, with timeline entries', async () => {
    const p = await createDraft(t, s);
    const priced = await priceAt20(t, p.UniqueId);
    const refused = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: priced.Version!, Action: 'SendToAnalysis' },
    });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      'Confirme que informou ao tomador o percentual e o valor da sua comissão (Resolução CNSP 382/2020) antes de enviar a proposta para análise.',
    ]);
    const current = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    const sent = await t.data(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: current.Version,
        Action: 'SendToAnalysis',
        CommissionDisclosureConfirmed: true,
      },
    });
    expect(sent).toMatchObject({
      StatusId: 2,
      StatusName: 'Em análise',
      CommissionDisclosure: { Confirmed: true, ConfirmedByName: expect.any(String) },
      AcceptanceClock: { Started: true, DeadlineDays: 25, DaysLeft: 25, IsPaused: false },
      AcceptanceDaysLeft: 25,
    });
    expect(sent.CommissionDisclosure.Text).toContain('20,00% do prêmio, no valor de R$ 500,00');
    const detail = await t.data(getProposalByUniqueId2, {
      as: 'admin',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(
      detail.TimelineHistory.map((e) => [e.TimelineGroupName, e.ProposalStatusId, e.Description]),
    ).toEqual([
      ['Cotação', 8, 'Cotação iniciada.'],
      ['Cotação', 1, 'Cotação concluída.'],
      [
        'Proposta',
        2,
        'Proposta enviada para análise da seguradora; comissão informada ao tomador (Res. CNSP 382/2020).',
      ],
    ]);
    expect(detail.History.some((h) => h.FieldLabel === 'Status' && h.NewValue === 'Em análise')).toBe(true);
    const again = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: sent.Version, InsuredAmountValue: '1000.00' },
    });
    expect(again.status).toBe(422);
    expect(again.errors).toEqual(['A proposta não pode mais ser alterada neste status.']);
  });

  it('should not quote an incomplete draft', async () => {
    const p = await createDraft(t, s, 'corretor', { InsuredId: null });
    const r = await t.call(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: 1, Action: 'Quote' },
    });
    expect(r.status).toBe(422);
    expect(r.errors).toEqual(['Informe o segurado.', 'Calcule o prêmio da proposta.']);
  });
});

describe('property quotes', () => {
  it('should store the property info types of the catalogues and refuse an id outside them', async () => {
    const modality = await createModality(t, { branchCode: 'NamedRisk' });
    await t.database.db.update(modalities).set({ futureDays: 30 }).where(eq(modalities.id, modality.Id));
    const base = { ProductId: modality.Id, PolicyHolderUniqueId: s.holder.uniqueId, ExperienceTypeId: 2 };
    const wrong = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        ...base,
        Property: { ActivitieTypeId: 42, BuildingTypeId: 2, PropertyClassificationTypeId: 9 },
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      Fields: [
        { Field: 'Property.ActivitieTypeId', Message: 'Tipo de atividade inválido.' },
        { Field: 'Property.PropertyClassificationTypeId', Message: 'Classificação inválida.' },
      ],
    });
    const saved = await t.data(updateProposal, {
      as: 'corretor',
      body: {
        ...base,
        Property: {
          ActivitieTypeId: 1,
          BuildingTypeId: 2,
          PropertyTypeId: 3,
          PropertyClassificationTypeId: 1,
          LmiTypeId: 3,
          ContractTypeId: 2,
          ProposalTypeId: 1,
        },
      },
    });
    expect(saved).toMatchObject({
      ExperienceTypeId: 2,
      ProposalTypeId: 1,
      ProductQuote: {
        ActivitieTypeId: 1,
        BuildingTypeId: 2,
        PropertyTypeId: 3,
        PropertyClassificationTypeId: 1,
        LmiTypeId: 3,
        ContractTypeId: 2,
      },
    });
  });

  it('should apply the MMU + MMP rule, take the risk value as the limit and price by CNAE with IOF', async () => {
    const modality = await createModality(t, { branchCode: 'NamedRisk' });
    await t.database.db
      .update(modalities)
      .set({ futureDays: 30, minInsuredAmount: '100000', maxInsuredAmount: '5000000' })
      .where(eq(modalities.id, modality.Id));
    const [cnae] = await t.database.db
      .insert(cnaeRates)
      .values({
        companyId: 54,
        modalityId: modality.Id,
        cnae: '4711-3/02',
        description: 'Supermercados',
        rate: '0.5',
      })
      .returning();
    const base = {
      ProductId: modality.Id,
      PolicyHolderUniqueId: s.holder.uniqueId,
      InsuredId: s.insured.Id,
      StartDate: today(),
      EndDate: inDays(365),
    };
    const wrong = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        ...base,
        Property: {
          Building: '1000000',
          Content: '400000',
          MMU: '300000',
          MMP: '50000',
          CNAERateId: cnae!.id,
        },
      },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      Fields: [
        {
          Field: 'Property.MMU',
          Message:
            'Valor da soma do MMU e MMP inválidos, a soma deve ser exatamente igual ao valor do conteúdo!',
        },
      ],
    });
    const over = await t.call(updateProposal, {
      as: 'corretor',
      body: { ...base, Property: { Building: '4900000', Content: '400000', CNAERateId: cnae!.id } },
    });
    expect(over.errors).toEqual([
      'A soma dos valores não pode ser maior que R$ 5.000.000,00 ou menor que R$ 100.000,00.',
    ]);
    const p = await t.data(updateProposal, {
      as: 'corretor',
      body: {
        ...base,
        Property: {
          Building: '1000000',
          Content: '400000',
          MMU: '300000',
          MMP: '100000',
          CNAERateId: cnae!.id,
        },
      },
    });
    expect(p).toMatchObject({
      Kind: 'property',
      InsuredAmountValue: '1400000.00',
      ProductQuote: { RiskValue: '1400000.00', CNAE: '4711-3/02', CNAERate: '0.500000' },
      CNAERates: [{ Id: cnae!.id, Cnae: '4711-3/02' }],
    });
    // 1.400.000 × 0,5 % = 7.000,00 net; at 20 %: 8.750,00; IOF 7,38 % = 645,75
    const priced = await calculateAt20(p.UniqueId);
    expect(priced).toMatchObject({
      RateSource: 'Cnae',
      NetPremium: '7000.00',
      InsurancePremium: '8750.00',
      IOFRate: '7.380000',
      IOFValue: '645.75',
      TotalPremium: '9395.75',
    });
  });
});

describe('demo data', () => {
  it('should seed drafts, quotes and proposals in analysis of both brokers, one co-brokered and one property', async () => {
    const seeded = await t.data(searchProposals, {
      as: 'admin',
      query: { rowsPerPage: 100, OrderBy: 'Number', OrderDirection: 'asc' },
    });
    const demo = seeded.Data.filter((p) => p.Number <= 9);
    // Drafts, quotes and proposals in analysis (the endorsements seed issues some of them: 5).
    expect([...new Set(demo.map((p) => p.StatusId))]).toEqual(expect.arrayContaining([8, 1, 2]));
    expect(new Set(demo.map((p) => p.BrokerId)).size).toBe(2);
    expect(new Set(demo.map((p) => p.ProductId)).size).toBeGreaterThan(2);
    expect(new Set(demo.map((p) => p.PolicyHolderUniqueId)).size).toBeGreaterThan(3);
    expect(demo.some((p) => p.CoBrokered)).toBe(true);
    expect(demo.find((p) => p.Kind === 'property')).toMatchObject({ StatusId: 1 });
    expect(demo.filter((p) => p.StatusId === 2).every((p) => p.AcceptanceDaysLeft === 25)).toBe(true);
    const other = await t.data(searchProposals, { as: { user: 'admin', company: 325 }, query: {} });
    expect(other.Total).toBeGreaterThan(0);
    // Numbers are per company: each insurer's first proposal is nº 1.
    const firstOther = await t.data(searchProposals, {
      as: { user: 'admin', company: 325 },
      query: { rowsPerPage: 1, OrderBy: 'Number', OrderDirection: 'asc' },
    });
    expect([seeded.Data[0]?.Number, firstOther.Data[0]?.Number]).toEqual([1, 1]);
    // A seeded proposal the insurer already decided (issued, refused) shows no running clock.
    for (const statusId of [5, 98]) {
      const decided = await t.data(searchProposals, {
        as: 'admin',
        query: { StatusId: statusId, rowsPerPage: 100 },
      });
      expect(decided.Total).toBeGreaterThan(0);
      for (const d of decided.Data) {
        const { AcceptanceClock: clock } = await t.data(getProposalByUniqueId, {
          as: 'admin',
          query: { ProposalUniqueId: d.UniqueId },
        });
        expect([d.Number, clock.Started && !clock.IsStopped]).toEqual([d.Number, false]);
      }
    }
    // The policy holder user sees its own proposals only.
    const own = await t.data(getProposals, { as: 'tomador', query: { rowsPerPage: 100 } });
    expect(own.Total).toBeGreaterThan(0);
    expect(new Set(own.Data.map((p) => p.PolicyHolderUniqueId)).size).toBe(1);
    const change = await t.call(updateProposal, {
      as: 'tomador',
      body: { UniqueId: own.Data[0]!.UniqueId, Version: 1, InsuredAmountValue: '1.00' },
    });
    expect(change.status).toBe(403);
  });
});
