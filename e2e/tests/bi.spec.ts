import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * /bi/embbeded (issue 17): the built-in dashboard on the demo's production history
 * (apps/api/src/seed/bi-history.ts), a chart exported as CSV, the page at 375 px, then the
 * company's external BI (a stand-in Metabase answered by the browser) in an iframe with a signed,
 * company-locked token, and back to the built-in dashboard.
 */
test.describe('bi', () => {
  test('should show the built-in dashboard, export a chart and embed the external BI when configured', async ({
    page,
  }, info) => {
    test.setTimeout(270_000);
    // A freshly started server renders the seeded policies' PDFs in the background (small
    // transactions, but on a loaded machine answers still take seconds): wait until it is quiet.
    await expect
      .poll(
        async () => {
          let slowest = 0;
          for (let i = 0; i < 3; i++) {
            const started = Date.now();
            await page.request.get(
              hostUrl('localhost', '/api/Application/GetPortalConfig?dns=aurora.localhost'),
            );
            slowest = Math.max(slowest, Date.now() - started);
          }
          return slowest;
        },
        { timeout: 150_000, intervals: [2000] },
      )
      .toBeLessThan(400);
    // Signing in waits 10 s for the home; on a machine this loaded the start-up work can take longer.
    for (let attempt = 1; ; attempt++) {
      try {
        await signIn(page, demoUsers.admin);
        break;
      } catch (e) {
        if (attempt === 3) throw e;
      }
    }
    await page.goto(hostUrl(defaultHost, '/bi/embbeded'));
    await expect(page.getByRole('heading', { name: 'Painel da seguradora' })).toBeVisible({
      timeout: 30_000,
    });
    const premium = page.getByRole('region', { name: 'Prêmio emitido por mês e modalidade' });
    await expect(premium.locator('svg.recharts-surface').first()).toBeVisible({ timeout: 20_000 });
    expect(await premium.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(10);
    await expect(page.getByText('Prêmio líquido no período')).toBeVisible();
    await expect(page.getByText(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'painel');

    // One chart's data as CSV (Excel pt-BR: BOM, semicolons, decimal comma).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV: Prêmio emitido por mês e modalidade' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^bi-premio-por-mes-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFMês;Modalidade;Prêmio emitido;Restituições;Prêmio líquido\r\n')).toBe(true);
    expect(csv).toMatch(/\r\n[a-z]{3}\/\d{2};[^;]+;\d[\d.]*,\d{2};/);

    // A broker filter narrows the charts.
    await page.getByRole('combobox', { name: 'Corretora' }).click();
    await page.getByRole('option').first().click();
    await expect(page.getByRole('button', { name: 'Limpar filtros' })).toBeVisible();
    await expect(premium.locator('svg.recharts-surface').first()).toBeVisible();

    // Readable on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('heading', { name: 'Painel da seguradora' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, info, '375 px');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The administrator configures the external BI; the browser answers for the Metabase site.
    await page.route('https://metabase.exemplo.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="pt-BR"><title>Metabase</title><body style="font-family:sans-serif"><h1>Painel do Metabase (simulado)</h1></body></html>',
      }),
    );
    await page.getByRole('button', { name: 'Expandir' }).click();
    await page.getByLabel('URL do Metabase').fill('https://metabase.exemplo.test');
    await page.getByLabel('Número do painel').fill('12');
    await page
      .getByLabel('Chave secreta de incorporação')
      .fill('chave-secreta-de-incorporacao-do-metabase-0123456789');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const frame = page.locator('iframe[title="Painel de BI externo"]');
    await expect(frame).toBeVisible({ timeout: 15_000 });
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(/^https:\/\/metabase\.exemplo\.test\/embed\/dashboard\/[\w-]+\.[\w-]+\.[\w-]+#/);
    const claims = JSON.parse(
      Buffer.from(src.split('/dashboard/')[1]!.split('.')[1]!, 'base64url').toString(),
    );
    expect(claims).toMatchObject({ resource: { dashboard: 12 }, params: { company_id: 54 } });
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
    expect(src).not.toContain('chave-secreta');
    await expect(page.frameLocator('iframe[title="Painel de BI externo"]').getByRole('heading')).toHaveText(
      'Painel do Metabase (simulado)',
    );
    await expect(page.getByRole('heading', { name: 'Painel da seguradora' })).toHaveCount(0);
    await screenshot(page, info, 'BI externo');

    // Removed: the built-in dashboard again.
    await page.getByRole('button', { name: 'Remover BI externo' }).click();
    await expect(page.getByRole('heading', { name: 'Painel da seguradora' })).toBeVisible({
      timeout: 15_000,
    });
  });
});
