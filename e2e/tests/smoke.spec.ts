import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, screenshot } from '../support.js';

test.describe('portal smoke', () => {
  test('should open the portal of each insurer under its own host', async ({ page }, info) => {
    await page.goto(hostUrl('aurora.localhost'));
    await expect(page).toHaveURL(hostUrl('aurora.localhost', '/login'));
    await expect(page.getByText('Aurora Seguros Garantia').first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'aurora');

    await page.goto(hostUrl('fianca.localhost'));
    await expect(page.getByText('Fiança Brasil Seguradora').first()).toBeVisible();
    await screenshot(page, info, 'fianca');
  });

  test('should serve the app for deep links and JSON for unknown API paths', async ({
    page,
    request,
  }, info) => {
    await page.goto(hostUrl('localhost', '/tomadores'));
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await screenshot(page, info);
    const res = await request.get('/api/Nao/Existe');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ Errors: ['Recurso não encontrado.'] });
  });

  test('should say so when the host has no insurer', async ({ page }, info) => {
    await page.goto(hostUrl('desconhecida.localhost'));
    await expect(page.getByText('Nenhuma seguradora está configurada para o endereço')).toBeVisible();
    await screenshot(page, info);
  });
});
