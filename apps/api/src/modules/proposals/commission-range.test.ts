import { getProposalByUniqueId, updateProposal } from '@aval/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createDraft, priceAt20, type QuoteSetup, quoteSetup, sendToAnalysis } from '../../test/proposals.js';
import { proposals } from './proposals.table.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  // The test modality allows 0% to 30% of commission.
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const outOfRange = 'O percentual de comissão 100,00% está fora do intervalo permitido, de 0,00% a 30,00%.';

/** Issue 32 item 3: the commission range holds on every path that stores or sends a commission. */
describe('the commission range on every path', () => {
  it('should refuse a commission outside the range when saving, quoting and creating', async () => {
    const draft = await createDraft(t, s);
    for (const Action of [undefined, 'Save', 'Quote'] as const) {
      const r = await t.call(updateProposal, {
        as: 'corretor',
        body: {
          UniqueId: draft.UniqueId,
          Version: draft.Version,
          ComissionPercentage: '100',
          ...(Action ? { Action } : {}),
        },
      });
      expect(r.status, String(Action)).toBe(422);
      expect(JSON.stringify(r.body)).toContain(outOfRange);
    }
    const created = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        ProductId: s.modality.Id,
        PolicyHolderUniqueId: s.holder.uniqueId,
        InsuredId: s.insured.Id,
        ComissionPercentage: '100',
      },
    });
    expect(created.status).toBe(422);
    const stored = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: draft.UniqueId },
    });
    expect(stored.ComissionPercentage).not.toBe('100.000000');
    // Within the range it is kept.
    const ok = await t.data(updateProposal, {
      as: 'corretor',
      body: { UniqueId: draft.UniqueId, Version: draft.Version, ComissionPercentage: '15' },
    });
    expect(Number(ok.ComissionPercentage)).toBe(15);
  });

  it('should not send a proposal whose stored commission is outside the range', async () => {
    const draft = await createDraft(t, s);
    await priceAt20(t, draft.UniqueId);
    // A commission stored before the rule held everywhere (or written around it).
    await t.database.db
      .update(proposals)
      .set({ comissionPercentage: '100' })
      .where(eq(proposals.uniqueId, draft.UniqueId));
    const sent = await sendToAnalysis(t, draft.UniqueId);
    expect(sent.status).toBe(422);
    expect(JSON.stringify(sent.body)).toContain(outOfRange);
  });
});
