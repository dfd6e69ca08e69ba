import {
  getProposalByUniqueId,
  getProposalByUniqueId2,
  getProposalLegalRules,
  overrideProposalLegalRules,
  updateProposal,
} from '@aval/contracts';
import { ObligationType } from '@aval/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createDraft, priceAt20, type QuoteSetup, quoteSetup, sendToAnalysis } from '../../test/proposals.js';

/**
 * The law blocks (issue 31): a proposal that breaks its obligation's legal rule is not sent, with
 * the rule cited, unless an insurer user with permission 27 releases it with a justification, which
 * is recorded and on the timeline; a later change that breaks the rule otherwise blocks again.
 */
let t: TestApp;
let s: QuoteSetup;
beforeAll(async () => {
  t = await createTestApp();
  s = await quoteSetup(t);
});
afterAll(() => t.close());

const current = (uniqueId: string) =>
  t.data(getProposalByUniqueId, { as: 'corretor', query: { ProposalUniqueId: uniqueId } });

/** A draft of the demo broker for `obligation`, with IS `amount`, priced at 20 %. */
const priced = async (obligation: { ObligationTypeId: number; Value: string }, amount: string) => {
  const p = await createDraft(t, s, 'corretor', { Obligation: obligation, InsuredAmountValue: amount });
  await priceAt20(t, p.UniqueId);
  return p;
};

const send = (uniqueId: string) => sendToAnalysis(t, uniqueId);

const rules = (uniqueId: string, as: 'corretor' | 'analista' = 'corretor') =>
  t.data(getProposalLegalRules, { as, query: { ProposalUniqueId: uniqueId } });

describe('legal rules of the obligation', () => {
  it('should refuse to send a bid bond above 1 % of the estimated contract until the insurer releases it', async () => {
    // Lei 14.133/2021 art. 58: R$ 10.000.000,00 estimated, at most R$ 100.000,00.
    const p = await priced({ ObligationTypeId: ObligationType.BID, Value: '10000000.00' }, '250000.00');
    const refused = await send(p.UniqueId);
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual([
      'A importância segurada de R$ 250.000,00 excede 1% do valor estimado da contratação: o máximo é R$ 100.000,00 (Lei 14.133/2021, art. 58). Para enviar assim, peça à seguradora a liberação (permissão 27, Aprovação manual), com justificativa.',
    ]);
    // Nothing of the sending stays: not even the quote's conclusion (8 → 1) of the same call.
    expect((await current(p.UniqueId)).StatusId).toBe(8);
    const seen = await rules(p.UniqueId);
    expect(seen).toMatchObject({ CanOverride: false, Override: null });
    expect(seen.Blocking.map((b) => b.Code)).toEqual(['InsuredAmountAboveLegalShare']);
    expect((await rules(p.UniqueId, 'analista')).CanOverride).toBe(true);

    // Only insurer staff with permission 27 release it, and only with a justification.
    const byBroker = await t.call(overrideProposalLegalRules, {
      as: 'corretor',
      body: { ProposalUniqueId: p.UniqueId, Justification: 'Cliente estratégico da corretora.' },
    });
    expect(byBroker.status).toBe(403);
    const short = await t.call(overrideProposalLegalRules, {
      as: 'analista',
      body: { ProposalUniqueId: p.UniqueId, Justification: 'ok' },
    });
    expect(short.status).toBe(400);
    const released = await t.data(overrideProposalLegalRules, {
      as: 'analista',
      body: {
        ProposalUniqueId: p.UniqueId,
        Justification: 'O edital admite garantia de 2,5% (item 8.3), aprovado pela diretoria técnica.',
      },
    });
    expect(released.Blocking).toEqual([]);
    expect(released.Override).toMatchObject({
      ByName: 'Rafael Moreira',
      Justification: 'O edital admite garantia de 2,5% (item 8.3), aprovado pela diretoria técnica.',
    });
    expect(released.Override!.Rules[0]).toContain('Lei 14.133/2021, art. 58');

    const sent = await send(p.UniqueId);
    expect(sent.status).toBe(200);
    const full = await t.data(getProposalByUniqueId2, {
      as: 'analista',
      query: { ProposalUniqueId: p.UniqueId },
    });
    expect(full.StatusId).toBe(2);
    expect(full.TimelineHistory.map((e) => e.Description).join('\n')).toContain(
      'Regra legal liberada pela seguradora: A importância segurada de R$ 250.000,00 excede 1%',
    );
  });

  it('should block again when a change breaks the labour rule in another way after the release', async () => {
    // Labour judicial deposit: at least the debt + 30 % (R$ 130.000,00 for R$ 100.000,00).
    const p = await priced(
      { ObligationTypeId: ObligationType.LABOR_JUDICIAL, Value: '100000.00' },
      '120000.00',
    );
    expect((await rules(p.UniqueId)).Blocking.map((b) => b.Message).join(' ')).toContain(
      'ao menos R$ 130.000,00 (valor do débito acrescido de 30%)',
    );
    await t.data(overrideProposalLegalRules, {
      as: 'analista',
      body: {
        ProposalUniqueId: p.UniqueId,
        Justification: 'Acordo homologado pelo juízo da 2ª Vara do Trabalho.',
      },
    });
    expect((await rules(p.UniqueId)).Blocking).toEqual([]);
    // The broker lowers the IS: the release was for R$ 120.000,00, not for this.
    await t.data(updateProposal, {
      as: 'corretor',
      body: {
        UniqueId: p.UniqueId,
        Version: (await current(p.UniqueId)).Version,
        InsuredAmountValue: '90000.00',
      },
    });
    const again = await rules(p.UniqueId);
    // Both breaches of the draft (IS below debt + 30 %, a 1-year term below 3 years) block again.
    expect(again.Blocking.map((b) => b.Code)).toEqual(['InsuredAmountBelowRequired', 'TermBelowRequired']);
    expect(again.Blocking[0]!.Message).toContain('R$ 130.000,00');
    expect(again.Blocking[1]!.Message).toContain('ao menos 3 anos');
    const refused = await send(p.UniqueId);
    expect(refused.status).toBe(422);
  });

  it('should have nothing to release on a proposal within the rule', async () => {
    const p = await priced({ ObligationTypeId: ObligationType.BID, Value: '10000000.00' }, '100000.00');
    expect(await rules(p.UniqueId, 'analista')).toMatchObject({
      Breaches: [],
      Blocking: [],
      CanOverride: false,
    });
    const nothing = await t.call(overrideProposalLegalRules, {
      as: 'analista',
      body: { ProposalUniqueId: p.UniqueId, Justification: 'Sem motivo algum para liberar.' },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.errors).toEqual(['A proposta atende às regras legais: não há o que liberar.']);
  });
});
