import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Tx, withTenant } from '../../db/client.js';
import { createPolicyHolder } from '../../test/factories.js';
import { ok, P, t, usePolicyHoldersFixture } from '../../test/fixtures/policy-holders.js';
import * as ledger from './policy-holders.service.js';
import { economicGroups, policyHolderExposures, policyHolders } from './policy-holders.table.js';

usePolicyHoldersFixture();

const company = { id: 54, key: 'x', name: 'x' };
/** Runs ledger calls in the company's RLS transaction, as a service or a job does. */
const inTenant = <T>(fn: (ctx: { db: Tx; company: typeof company }) => Promise<T>) =>
  withTenant(t.database.db, 54, (tx) => fn({ db: tx, company }));

const used = async (uniqueId: string) =>
  (await ok('GET', `${P}/GetPolicyHolder?UniqueId=${uniqueId}`)).LimitsAndRates.Global.Used as string;

const freshHolder = async () => {
  const h = await createPolicyHolder(t);
  await t.database.db.delete(policyHolderExposures).where(eq(policyHolderExposures.policyHolderId, h.id));
  return h;
};

describe('exposure ledger', () => {
  it('should reserve a proposal once, move it, convert it to a policy, adjust and release it on cancellation', async () => {
    const h = await freshHolder();
    const proposalId = 910_001;
    await inTenant((ctx) =>
      ledger.reserveForProposal(ctx, {
        proposalId,
        policyHolderId: h.id,
        modalityId: null,
        amount: '100000.00',
      }),
    );
    // a retried job writes nothing more
    await inTenant((ctx) =>
      ledger.reserveForProposal(ctx, {
        proposalId,
        policyHolderId: h.id,
        modalityId: null,
        amount: '100000.00',
      }),
    );
    expect(await used(h.uniqueId)).toBe('100000.00');
    await inTenant((ctx) =>
      ledger.reserveForProposal(ctx, {
        proposalId,
        policyHolderId: h.id,
        modalityId: null,
        amount: '80000.00',
      }),
    );
    expect(await used(h.uniqueId)).toBe('80000.00');
    expect(await inTenant((ctx) => ledger.proposalReserved(ctx, proposalId))).toBe('80000.00');

    const conversion = {
      proposalId,
      policyId: 920_001,
      policyHolderId: h.id,
      modalityId: null,
      amount: '80000.00',
    };
    await inTenant((ctx) => ledger.convertToPolicy(ctx, conversion));
    await inTenant((ctx) => ledger.convertToPolicy(ctx, conversion));
    expect(await used(h.uniqueId)).toBe('80000.00');
    expect(await inTenant((ctx) => ledger.proposalReserved(ctx, proposalId))).toBe('0.00');
    expect(await inTenant((ctx) => ledger.policyOutstanding(ctx, 920_001))).toBe('80000.00');
    // releasing the proposal after issue does not touch the policy's exposure
    await inTenant((ctx) => ledger.releaseForProposal(ctx, proposalId));
    expect(await used(h.uniqueId)).toBe('80000.00');

    const endorsement = { policyId: 920_001, endorsementId: 930_001, delta: '20000.00' };
    await inTenant((ctx) => ledger.adjustForEndorsement(ctx, endorsement));
    await inTenant((ctx) => ledger.adjustForEndorsement(ctx, endorsement));
    expect(await used(h.uniqueId)).toBe('100000.00');

    expect(await inTenant((ctx) => ledger.releaseForCancellation(ctx, { policyId: 920_001 }))).toEqual({
      released: '100000.00',
    });
    await inTenant((ctx) => ledger.releaseForCancellation(ctx, { policyId: 920_001 }));
    expect(await used(h.uniqueId)).toBe('0.00');
    const kinds = (
      await t.database.db
        .select()
        .from(policyHolderExposures)
        .where(eq(policyHolderExposures.policyHolderId, h.id))
    ).map((e) => e.kind);
    expect(kinds).toEqual([
      'RESERVA_PROPOSTA',
      'LIBERACAO_PROPOSTA',
      'LIBERACAO_PROPOSTA',
      'APOLICE',
      'ENDOSSO',
      'CANCELAMENTO',
    ]);
  });

  it('should release a proposal that is dropped and move a reservation to another holder', async () => {
    const a = await freshHolder();
    const b = await freshHolder();
    const proposalId = 910_002;
    await inTenant((ctx) =>
      ledger.reserveForProposal(ctx, {
        proposalId,
        policyHolderId: a.id,
        modalityId: null,
        amount: '5000.00',
      }),
    );
    await inTenant((ctx) =>
      ledger.reserveForProposal(ctx, {
        proposalId,
        policyHolderId: b.id,
        modalityId: null,
        amount: '7000.00',
      }),
    );
    expect([await used(a.uniqueId), await used(b.uniqueId)]).toEqual(['0.00', '7000.00']);
    expect(await inTenant((ctx) => ledger.releaseForProposal(ctx, proposalId))).toEqual({
      released: '7000.00',
    });
    expect(await used(b.uniqueId)).toBe('0.00');
  });

  it('should report the outstanding amount of the holder and of its economic group', async () => {
    const a = await freshHolder();
    const b = await freshHolder();
    const [group] = await t.database.db
      .insert(economicGroups)
      .values({ companyId: 54, name: 'Grupo do Livro', limitAmount: '500000.00' })
      .returning();
    for (const h of [a, b])
      await t.database.db
        .update(policyHolders)
        .set({ economicGroupId: group!.id })
        .where(eq(policyHolders.id, h.id));
    await inTenant(async (ctx) => {
      await ledger.reserveForProposal(ctx, {
        proposalId: 910_003,
        policyHolderId: a.id,
        modalityId: null,
        amount: '1000.00',
      });
      await ledger.reserveForProposal(ctx, {
        proposalId: 910_004,
        policyHolderId: b.id,
        modalityId: null,
        amount: '2500.00',
      });
    });
    expect(await inTenant((ctx) => ledger.outstanding(ctx, a.id))).toEqual({
      holder: '1000.00',
      economicGroupId: group!.id,
      group: '3500.00',
    });
  });
});
