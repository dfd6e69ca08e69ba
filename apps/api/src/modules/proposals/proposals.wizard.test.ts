import {
  authenticationAdvisor,
  authenticationBroker,
  calculateFinancialData,
  getCardProposalInfo,
  getProposalByUniqueId,
  getProposals,
  insertComplementaryModality,
  insertCoverage,
  insertPolicyHolderBranch,
  saveBeneficiaryLocation,
  updateCalculateFinancialData,
  updateProposal,
  validateBeneficiaryByDocument,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import { Permission, UserType } from '@aval/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModality, createPolicyHolder, uniqueCnpj, uniqueName } from '../../test/factories.js';
import { createTestApp, demoUser, signIn, type TestApp } from '../../test/harness.js';
import { createDraft, priceAt20, type QuoteSetup, quoteSetup } from '../../test/proposals.js';
import { modalities } from '../parameterisation/parameterisation.table.js';
import { users } from '../users/users.table.js';

/** The wizard's parts beyond the basics: the holder's branch, the beneficiaries' addresses, the premium. */
let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const addBranch = (holderUniqueId: string, suffix: string) =>
  t.data(insertPolicyHolderBranch, {
    as: 'admin',
    query: { PolicyHolderUniqueId: holderUniqueId, BranchCnpj: suffix },
  });

describe("UpdateProposal: the policy holder's branch (PolicyHolderBranch)", () => {
  it('should offer the holder branches, name one on the proposal and go back to the head office with null', async () => {
    const branch = await addBranch(s.holder.uniqueId, '0002');
    const second = await addBranch(s.holder.uniqueId, '0003');
    const check = await t.data(validatePolicyHolderByCNPJToNewProposal, {
      as: 'corretor',
      query: { Cnpj: s.holder.document },
    });
    expect(check.Branches.map((b) => b.Id)).toEqual([branch.Id, second.Id]);
    const created = await createDraft(t, s, 'corretor', { PolicyHolderBranchId: branch.Id });
    expect(created.PolicyHolderBranch).toMatchObject({ Id: branch.Id, BranchCnpj: branch.BranchCnpj });
    expect(created.PolicyHolderBranches.map((b) => b.Branch)).toEqual([branch.Branch, second.Branch]);
    const insurer = await t.data(getCardProposalInfo, {
      as: 'admin',
      query: { ProposalUniqueId: created.UniqueId },
    });
    expect(insurer.Proposal.PolicyHolderBranch?.BranchCnpj).toBe(branch.BranchCnpj);
    const head = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: created.UniqueId, Version: created.Version, PolicyHolderBranchId: null },
    });
    expect(head.PolicyHolderBranch).toBeNull();
    // Leaving the field out keeps what is stored.
    const named = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: created.UniqueId, Version: head.Version, PolicyHolderBranchId: second.Id },
    });
    const kept = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: created.UniqueId, Version: named.Version, InsuredAmountValue: '110000.00' },
    });
    expect(kept.PolicyHolderBranch?.Id).toBe(second.Id);
  });

  it("should refuse another holder's branch, another company's and an unknown one on the field", async () => {
    const other = await createPolicyHolder(t);
    const foreign = await addBranch(other.uniqueId, '0002');
    const elsewhere = await createPolicyHolder(t, { companyId: 325 });
    const tenant = await t.data(insertPolicyHolderBranch, {
      as: { user: 'admin', company: 325 },
      query: { PolicyHolderUniqueId: elsewhere.uniqueId, BranchCnpj: '0002' },
    });
    const p = await createDraft(t, s);
    for (const id of [foreign.Id, tenant.Id, 999_999]) {
      const refused = await t.call(updateProposal, {
        as: 'corretor',
        body: { UniqueId: p.UniqueId, Version: p.Version, PolicyHolderBranchId: id },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        Fields: [
          {
            Field: 'PolicyHolderBranchId',
            Message: 'Filial inválida: escolha a matriz ou uma filial cadastrada deste tomador.',
          },
        ],
      });
    }
    const read = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(read).toMatchObject({ Version: p.Version, PolicyHolderBranch: null });
  });
});

describe('the premium with additional coverages and complementary modalities (worked numbers)', () => {
  const param = { cid: 54, utp: UserType.INSURANCE, prm: [Permission.PARAMETRIZAR_SEGURADORA] };

  it('should add each coverage and package net premium to the main one before the commission is loaded', async () => {
    // IS R$ 100.000,00 for 365 days; the holder's rate for the modality is 2 % a year (quoteSetup).
    const fines = await t.data(insertCoverage, {
      as: param,
      body: { ModalityId: s.modality.Id, Name: 'Multas', IsAdditional: true, Rate: '0.3' },
    });
    const advance = await createModality(t);
    await t.database.db
      .update(modalities)
      .set({ isComplementary: true, defaultRate: '0.5' })
      .where(eq(modalities.id, advance.Id));
    await t.data(insertComplementaryModality, {
      as: param,
      query: { modalityId: s.modality.Id, complementaryModalityId: advance.Id },
    });
    const p = await createDraft(t, s, 'corretor', {
      CoverageLimits: [{ CoverageId: fines.Id, InsuredAmountValue: '30000.00' }],
      PackageCoverages: [{ ModalityId: advance.Id, InsuredAmountValue: '20000.00' }],
    });
    const at20 = await priceAt20(t, p.UniqueId);
    // Each net is IS × rate/100 × 365/365 (the exposure factor is 1):
    //   main coverage   100.000,00 × 2,0 % = 2.000,00
    //   Multas           30.000,00 × 0,3 % =    90,00
    //   Adiantamento     20.000,00 × 0,5 % =   100,00
    //   net premium                          2.190,00
    // Premium at 20 % commission: 2.190,00 / (1 − 0,20) = 2.737,50; commission 2.737,50 × 20 % = 547,50;
    // commercial rate on the main IS: 2.737,50 / 100.000,00 × 100 = 2,7375 %; surety IOF 0 % → total 2.737,50.
    expect(at20).toMatchObject({
      NetPremium: '2190.00',
      PureRate: '2.000000',
      InsurancePremium: '2737.50',
      ComissionPercentage: '20.000000',
      ComissionValue: '547.50',
      Tax: '2.737500',
      IOFValue: '0.00',
      TotalPremium: '2737.50',
      MinimumApplied: false,
      CoverageNets: [
        { CoverageId: fines.Id, ModalityId: null, NetValue: '90.00' },
        { CoverageId: null, ModalityId: advance.Id, NetValue: '100.00' },
      ],
    });
    // At 10 %: 2.190,00 / 0,90 = 2.433,333… → 2.433,33; commission 243,333 → 243,33; rate 2,43333 %.
    const at10 = await t.data(updateCalculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, ComissionPercentage: '10' },
    });
    expect(at10).toMatchObject({
      NetPremium: '2190.00',
      InsurancePremium: '2433.33',
      ComissionValue: '243.33',
      Tax: '2.433330',
    });
    // By the risk rate (simulated, nothing stored): 3 % on the main IS gives 3.000,00; the commission
    // is what the whole net leaves, 100 × (1 − 2.190,00 / 3.000,00) = 27 %, 810,00.
    const byRate = await t.data(calculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, CalculatePerRiskRate: true, Tax: '3' },
    });
    expect(byRate).toMatchObject({
      NetPremium: '2190.00',
      InsurancePremium: '3000.00',
      ComissionPercentage: '27.000000',
      ComissionValue: '810.00',
      Tax: '3.000000',
      Version: null,
    });
    // At 2,1 % the premium (2.100,00) is below the net with the extras: no commission is left.
    const short = await t.call(calculateFinancialData, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, CalculatePerRiskRate: true, Tax: '2.1' },
    });
    expect(short.status).toBe(422);
    expect(short.errors).toEqual([
      'O percentual de comissão -4,29% está fora do intervalo permitido, de 0,00% a 30,00%.',
    ]);
    // The stored proposal carries each coverage's and package's net value.
    const read = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(read).toMatchObject({ NetPremium: '2190.00', InsurancePremium: '2433.33' });
    expect(read.CoverageLimits.find((c) => c.IsAdditional)?.NetValue).toBe('90.00');
    expect(read.PackageCoverages[0]?.NetValue).toBe('100.00');
  });
});

describe('UpdateProposal: the address chosen for each beneficiary', () => {
  const address = (AddressName: string, number: string) => ({
    ZipCode: '01310100',
    AddressName,
    Number: number,
    StateProvinceId: 35,
    CityId: 3550308,
  });

  it('should keep several addresses per beneficiary and store the one chosen on the proposal', async () => {
    const created = await t.data(validateBeneficiaryByDocument, {
      as: 'corretor',
      body: { Document: uniqueCnpj({ masked: true }), Name: uniqueName('Banco Beneficiário') },
    });
    const id = created.Beneficiary!.Id;
    const first = await t.data(saveBeneficiaryLocation, {
      as: 'corretor',
      body: { BeneficiaryId: id, ...address('Avenida Paulista', '1000') },
    });
    const both = await t.data(saveBeneficiaryLocation, {
      as: 'corretor',
      body: { BeneficiaryId: id, ...address('Rua Augusta', '500') },
    });
    // A second address is added, not put in place of the first; the first stays the main one.
    expect(both.Locations.map((l) => [l.AddressName, l.IsMain])).toEqual([
      ['Avenida Paulista', true],
      ['Rua Augusta', false],
    ]);
    const main = first.Locations[0]!;
    const other = both.Locations.find((l) => l.AddressName === 'Rua Augusta')!;
    // With its Id an address is changed.
    const changed = await t.data(saveBeneficiaryLocation, {
      as: 'corretor',
      body: { BeneficiaryId: id, Id: other.Id, ...address('Rua Augusta', '700') },
    });
    expect(changed.Locations.map((l) => l.Number)).toEqual(['1000', '700']);

    const p = await createDraft(t, s, 'corretor', { Beneficiaries: [{ BeneficiaryId: id }] });
    // No address chosen: the main one.
    expect(p.Beneficiaries[0]).toMatchObject({ LocationId: null, Location: { Id: main.Id } });
    expect(p.Beneficiaries[0]?.Locations.map((l) => l.Id)).toEqual([main.Id, other.Id]);
    const chosen = await t.data(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        Beneficiaries: [{ BeneficiaryId: id, LocationId: other.Id }],
      },
    });
    expect(chosen.Beneficiaries[0]).toMatchObject({
      LocationId: other.Id,
      Location: { Id: other.Id, AddressName: 'Rua Augusta', Number: '700' },
    });
    // Saving the list without LocationId keeps the address chosen.
    const kept = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: p.UniqueId, Version: chosen.Version, Beneficiaries: [{ BeneficiaryId: id }] },
    });
    expect(kept.Beneficiaries[0]?.LocationId).toBe(other.Id);
    const card = await t.data(getCardProposalInfo, { as: 'admin', query: { ProposalUniqueId: p.UniqueId } });
    expect(card.Proposal.Beneficiaries[0]?.Location?.AddressName).toBe('Rua Augusta');
  });

  it("should refuse another beneficiary's address on its field, and another company's beneficiary", async () => {
    const mine = await t.data(validateBeneficiaryByDocument, {
      as: 'corretor',
      body: { Document: uniqueCnpj({ masked: true }), Name: uniqueName('Banco Beneficiário') },
    });
    const theirs = await t.data(validateBeneficiaryByDocument, {
      as: 'corretor',
      body: { Document: uniqueCnpj({ masked: true }), Name: uniqueName('Outro Beneficiário') },
    });
    const located = await t.data(saveBeneficiaryLocation, {
      as: 'corretor',
      body: { BeneficiaryId: theirs.Beneficiary!.Id, ...address('Rua Direita', '1') },
    });
    const p = await createDraft(t, s);
    const refused = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: p.Version,
        Beneficiaries: [{ BeneficiaryId: mine.Beneficiary!.Id, LocationId: located.Locations[0]!.Id }],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      Fields: [
        {
          Field: 'Beneficiaries.0.LocationId',
          Message: 'Endereço inválido: escolha um endereço cadastrado deste beneficiário.',
        },
      ],
    });
    // Changing an address through another beneficiary, or another company's beneficiary: not found.
    const wrongOwner = await t.call(saveBeneficiaryLocation, {
      as: 'corretor',
      body: { BeneficiaryId: mine.Beneficiary!.Id, Id: located.Locations[0]!.Id, ...address('Rua X', '2') },
    });
    expect(wrongOwner.status).toBe(404);
    const otherCompany = await t.call(saveBeneficiaryLocation, {
      as: { user: 'admin', company: 325 },
      body: { BeneficiaryId: mine.Beneficiary!.Id, ...address('Rua X', '2') },
    });
    expect(otherCompany.status).toBe(404);
  });
});

describe('the global clear (spec §4): a draft lives on the server', () => {
  it('should let an advisor acting as the broker quote, return and find the draft whole when acting again', async () => {
    const [broker] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, 54), eq(users.username, demoUser('corretor', 54))));
    const advisor = await signIn(t, 'assessor');
    const actAsBroker = async (token: string) => {
      const acting = await t.data(authenticationBroker, {
        as: { token },
        body: { BrokerUserId: broker!.id },
      });
      return { token: acting.access_token };
    };
    const acting = await actAsBroker(advisor.accessToken);
    const draft = await createDraft(t, s, acting, {
      ComissionPercentage: '15',
      NumberOfInstallment: 2,
    });
    expect(draft).toMatchObject({ StatusId: 8, BrokerId: s.brokerId });
    const listed = await t.data(getProposals, { as: acting, query: { Number: draft.Number } });
    expect(listed.Data.map((d) => d.UniqueId)).toEqual([draft.UniqueId]);

    // Back to the advisor (the acting session ends), then acting as the broker again.
    const back = await t.data(authenticationAdvisor, { as: acting });
    expect((await t.call(getProposals, { as: acting })).status).toBe(401);
    expect((await t.call(getProposals, { as: { token: back.access_token } })).status).toBe(403);
    const again = await actAsBroker(back.access_token);
    const resumed = await t.data(getProposalByUniqueId, {
      as: again,
      query: { ProposalUniqueId: draft.UniqueId },
    });
    const kept = (p: typeof draft) => ({
      Version: p.Version,
      StatusId: p.StatusId,
      InsuredId: p.InsuredId,
      StartDate: p.StartDate,
      EndDate: p.EndDate,
      InsuredAmountValue: p.InsuredAmountValue,
      ComissionPercentage: p.ComissionPercentage,
      NumberOfInstallment: p.NumberOfInstallment,
      ProposalObjects: p.ProposalObjects,
    });
    expect(kept(resumed)).toEqual(kept(draft));
    // The broker's own users see and continue it as well.
    const byBroker = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: draft.UniqueId, Version: resumed.Version, InsuredAmountValue: '110000.00' },
    });
    expect(byBroker.Version).toBe(resumed.Version + 1);
  });
});
