import { calculateFinancialData, getProposalByUniqueId, updateProposal } from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createDraft, type QuoteSetup, quoteSetup } from '../../test/proposals.js';

let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const tooLarge = 'A importância segurada não pode passar de R$ 999.999.999.999,99.';
const notPositive = 'A importância segurada deve ser maior que zero.';
const cases = [
  { amount: '1000000000000000', message: tooLarge },
  { amount: '1.000.000.000.000.000,00', message: tooLarge },
  { amount: '0,00', message: notPositive },
  { amount: '0', message: notPositive },
];

/** Issue 32 item 5: an IS beyond what the columns and the business hold, or not above zero, is refused. */
describe('the bounds of an importância segurada', () => {
  it('should refuse an IS of 10^15 or 0,00 when saving a quote, and keep the stored IS', async () => {
    const draft = await createDraft(t, s);
    for (const { amount, message } of cases) {
      const r = await t.call(updateProposal, {
        as: 'corretor',
        body: {
          UniqueId: draft.UniqueId,
          Version: draft.Version,
          InsuredAmountValue: amount,
          Action: 'Save',
        },
      });
      expect(r.status, amount).toBe(400);
      expect(JSON.stringify(r.body), amount).toContain(message);
    }
    const stored = await t.data(getProposalByUniqueId, {
      as: 'corretor',
      query: { ProposalUniqueId: draft.UniqueId },
    });
    expect(Number(stored.InsuredAmountValue)).toBe(100_000);
  });

  it('should refuse an IS of 10^15 or 0,00 when calculating the financial data', async () => {
    const draft = await createDraft(t, s);
    for (const { amount, message } of cases) {
      const r = await t.call(calculateFinancialData, {
        as: 'corretor',
        body: { ProposalUniqueId: draft.UniqueId, ComissionPercentage: '20', InsuredAmountValue: amount },
      });
      expect(r.status, amount).toBe(400);
      expect(JSON.stringify(r.body), amount).toContain(message);
    }
  });

  it('should accept the largest IS allowed on validation', async () => {
    const draft = await createDraft(t, s);
    const r = await t.call(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: draft.UniqueId,
        Version: draft.Version,
        InsuredAmountValue: '999999999999.99',
        Action: 'Save',
      },
    });
    expect(JSON.stringify(r.body)).not.toContain('não pode passar de');
  });
});
