import {
  getCardProposalInfo,
  getProposalByUniqueId,
  insertPolicyHolderBranch,
  updateProposal,
  validatePolicyHolderByCNPJToNewProposal,
} from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicyHolder } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createDraft, type QuoteSetup, quoteSetup } from '../../test/proposals.js';

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
