import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * Policies (issue 16) on the demo data (apps/api/src/seed/policies.ts: in force, expiring within
 * 90 days, expired and cancelled policies of the main demo broker in every company).
 */
test.describe('policies', () => {
  test('should find a policy by a name fragment and a CNPJ prefix, open it and check it on the authenticity page', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/apolices'));
    await expect(page.getByRole('heading', { name: 'Apólices' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/1–\d+ de \d+/)).toBeVisible();
    await expect(page.getByText('Vencida').first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista');

    // A fragment of the first row's policy holder name, in lower case and without accents.
    const firstRow = page.getByRole('row').nth(1);
    const holderCell = firstRow.getByRole('cell').nth(2);
    const holderName = (await holderCell.locator('p').first().innerText()).trim();
    const cnpj = (await holderCell.locator('p').nth(1).innerText()).trim();
    const number = (await firstRow.getByRole('cell').first().innerText()).trim();
    const word = holderName.split(/\s+/).find((w) => w.length >= 5) ?? holderName;
    const fragment = word
      .slice(1, 6)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    await page.getByLabel('Tomador', { exact: true }).fill(fragment);
    // The first row is on screen before and after: wait for the filtered page itself.
    const searched = (param: string) =>
      page.waitForResponse(
        (r) => /SearchPoliciesRelatedToLoggedUser/i.test(r.url()) && new URL(r.url()).searchParams.has(param),
      );
    const byName = searched('policyHolderName');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await byName;
    await expect(page.getByRole('cell', { name: number })).toBeVisible();
    // Every row shown holds the fragment (polled: the table re-renders just after the answer).
    const fold = (n: string) =>
      n
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    await expect
      .poll(async () =>
        (await page.getByRole('row').locator('td:nth-child(3) p:first-child').allInnerTexts()).every((n) =>
          fold(n).includes(fragment),
        ),
      )
      .toBe(true);
    await screenshot(page, info, 'por fragmento do nome');

    await page.getByRole('button', { name: 'Limpar' }).click();
    await page.getByLabel('CPF/CNPJ do tomador').fill(cnpj.slice(0, 10));
    const byDocument = searched('policyHolderDocument');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await byDocument;
    await expect(page.getByRole('cell', { name: number })).toBeVisible();
    await expect
      .poll(async () =>
        (await page.getByRole('row').locator('td:nth-child(3) p:nth-child(2)').allInnerTexts()).every((d) =>
          d.startsWith(cnpj.slice(0, 10)),
        ),
      )
      .toBe(true);
    await screenshot(page, info, 'por prefixo do CNPJ');

    await page.getByRole('cell', { name: number }).click();
    await expect(page).toHaveURL(/\/apolice\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `Apólice ${number}` })).toBeVisible();
    await expect(page.getByText(holderName).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'detalhe');

    await page.getByRole('tab', { name: 'Documentos' }).click();
    // The seed stores no policy PDF: the first download renders and stores it with its SHA-256.
    await expect(page.getByText('Registro no SRO')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar PDF da apólice' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^apolice-.*\.pdf$/);
    const bytes = await readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await expect(page.getByText(sha256)).toBeVisible();
    await screenshot(page, info, 'documentos');

    await page.getByRole('tab', { name: 'Histórico' }).click();
    await screenshot(page, info, 'histórico');

    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('link', { name: 'Página de autenticidade' }).click();
    await expect(page.getByRole('heading', { name: 'Autenticidade de apólice' })).toBeVisible();
    await expect(page.getByText(`A apólice ${number} foi emitida por esta seguradora.`)).toBeVisible();
    await expect(page.getByText(holderName)).toBeVisible();
    await expect(page.getByTestId('sha256')).toHaveText(sha256);
    await expectAccessible(page);
    await screenshot(page, info, 'autenticidade');

    // Signed out, with a wrong code: refused without saying why.
    const url = new URL(page.url());
    const anonymous = await page.context().browser()!.newContext();
    const other = await anonymous.newPage();
    await other.goto(hostUrl(defaultHost, `${url.pathname}?codigo=0000000000000000`));
    await expect(other.getByText('Apólice não encontrada')).toBeVisible();
    await other.goto(hostUrl(defaultHost, `${url.pathname}${url.search}`));
    await expect(other.getByText(`A apólice ${number} foi emitida por esta seguradora.`)).toBeVisible();
    await screenshot(other, info, 'autenticidade sem login');
    await anonymous.close();
  });
});
