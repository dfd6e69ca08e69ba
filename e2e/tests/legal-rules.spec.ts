import { expect, test } from '@playwright/test';
import { caller, detail, get } from '../api.js';
import {
  attachDocuments,
  fillRisk,
  flexCommission,
  nominatedHolderCnpj,
  sendToAnalysis,
  startQuote,
} from '../quote.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * Issue 31, "the law blocks": a bid bond (Licitante) above 1 % of the estimated contract (Lei
 * 14.133/2021, art. 58) cannot be sent; the analyst (permission 27, Aprovação manual) releases it
 * with a justification, which stays on the proposal, and the broker then sends it. The broker's own
 * new quote, for a holder that nominated it; nothing seeded is changed.
 */
test.describe('legal rules', () => {
  test('should block a bid bond above 1% of the estimated contract until the analyst releases it with a justification', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(240_000);
    await signIn(page, demoUsers.broker);
    const cnpj = await nominatedHolderCnpj(page);
    await startQuote(page, info, /^0775/, 'Licitante', cnpj);
    // Estimated contract R$ 10.000.000,00: at most R$ 100.000,00 of guarantee; the broker asks 250.000.
    await fillRisk(page, info, 'Participação na concorrência nº 77/2026.', 180, '250000', true, {
      type: 'Licitação (garantia de proposta)',
      value: '10000000',
    });
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=4$/);
    await flexCommission(page, info);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=6$/);
    await attachDocuments(page, info);

    // The review says which rule, citing the law, and sending is refused.
    const rule =
      'A importância segurada de R$ 250.000,00 excede 1% do valor estimado da contratação: o máximo é R$ 100.000,00 (Lei 14.133/2021, art. 58).';
    const panel = page.getByTestId('legal-rules');
    await expect(panel).toContainText('Regra legal: a proposta não pode ser enviada assim');
    await expect(panel).toContainText(rule);
    await expect(panel.getByRole('button', { name: 'Liberar com justificativa' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.getByRole('checkbox', { name: /Declaro que informei ao tomador/ }).check();
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'art. 58' }).first()).toBeVisible();
    await expect(page).toHaveURL(/etapa=8$/);
    await expectAccessible(page);
    await screenshot(page, info, 'envio bloqueado pela regra legal');
    const broker = await caller(page.request, demoUsers.broker.username);
    // Still with the broker (not sent to analysis).
    expect([1, 8]).toContain((await detail(broker, id)).StatusId);

    // The analyst opens the proposal and releases it, with a justification.
    const insurer = await (await browser.newContext()).newPage();
    await signIn(insurer, demoUsers.analyst);
    await insurer.goto(hostUrl(defaultHost, `/propostas-seguradora/proposta/surety/${id}`));
    const insurerPanel = insurer.getByTestId('legal-rules');
    await expect(insurerPanel).toContainText(rule);
    await insurerPanel.getByRole('button', { name: 'Liberar com justificativa' }).click();
    const dialog = insurer.getByRole('dialog', { name: 'Liberar a regra legal' });
    await expect(dialog).toContainText('A justificativa fica registrada');
    const justification = 'Edital admite garantia de proposta maior; parecer jurídico nº 12/2026.';
    await dialog.getByLabel('Justificativa da liberação').fill(justification);
    await screenshot(insurer, info, 'liberacao com justificativa');
    await dialog.getByRole('button', { name: 'Liberar' }).click();
    await expect(dialog).toBeHidden();
    await expect(insurerPanel).toContainText('Regra legal liberada pela seguradora');
    await expect(insurerPanel).toContainText(`${demoUsers.analyst.name} em`);
    await expect(insurerPanel).toContainText(justification);
    await expectAccessible(insurer);
    await screenshot(insurer, info, 'regra liberada');
    await insurer.context().close();

    // The broker sends it now; the release stays on record.
    await page.goto(hostUrl(defaultHost, `/propostas/proposta/editar/${id}?etapa=8`));
    await expect(page.getByTestId('legal-rules')).toContainText('Regra legal liberada pela seguradora');
    await sendToAnalysis(page, info);
    expect((await detail(broker, id)).StatusId).toBe(2);
    const analyst = await caller(page.request, demoUsers.analyst.username);
    const recorded = await get(analyst, `/api/Proposal/GetProposalLegalRules?ProposalUniqueId=${id}`);
    expect(recorded.Blocking).toEqual([]);
    expect(recorded.Override).toMatchObject({ Justification: justification, ByName: demoUsers.analyst.name });
    expect(recorded.Override.Rules).toEqual([rule]);
  });
});
