import { expect, test } from '@playwright/test';
import { caller, get } from '../api.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, retype, screenshot, signIn } from '../support.js';

test.describe("the insurer's own record", () => {
  test('should let the administrator change the SAC phone under Parametrização › Dados da seguradora and keep it in the record', async ({
    page,
    request,
  }, info) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/parametrizacao'));
    await page.getByRole('tab', { name: 'Dados da seguradora' }).click();
    await expect(page).toHaveURL(/\?aba=dados-da-seguradora$/);
    const form = page.getByRole('form', { name: 'Dados da seguradora' });
    await expect(form.getByLabel('Razão social')).toHaveValue('Aurora Seguros Garantia');
    await expect(form.getByLabel('CNPJ')).toHaveValue('75.686.462/0001-03');
    await expect(form.getByLabel('Ramo 0775 – Garantia Segurado - Setor Público')).toHaveValue(
      '15414.602449/2024-53',
    );
    // A property product is titled by its name, never by its internal code.
    await expect(form.getByLabel('Ramo Riscos Nomeados', { exact: true })).toBeVisible();
    await expect(form.getByText(/Ramo NamedRisk|Ramo RC/)).toHaveCount(0);
    await expect(form.getByRole('combobox', { name: 'Banco', exact: true })).toHaveValue(
      '341 - ITAÚ UNIBANCO S.A.',
    );
    await expect(form.getByLabel('Nome do banco no boleto')).toHaveValue('Itaú Unibanco S.A.');

    // A phone that is none: its message on its field, nothing sent.
    const sac = form.getByLabel('Telefone do SAC');
    await retype(sac, 'SAC da seguradora');
    await form.getByRole('button', { name: 'Salvar dados da seguradora' }).click();
    await expect(
      form.getByText('Telefone inválido: use 0800 123 4567, 4004-1234 ou (11) 2345-6789.'),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'telefone invalido');

    await retype(sac, '0800 555 2026');
    await form.getByRole('button', { name: 'Salvar dados da seguradora' }).click();
    await expect(page.getByText('Dados da seguradora salvos.')).toBeVisible();
    // The history says who changed what.
    const change = page.getByRole('row', { name: /Telefone do SAC/ });
    await expect(change).toContainText('0800 754 1054');
    await expect(change).toContainText('0800 555 2026');
    await expect(change).toContainText('Helena Duarte');
    await expectAccessible(page);
    await screenshot(page, info, 'salvo');

    // Read again: the form shows what the record holds, and so does the API.
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Dados da seguradora' }).getByLabel('Telefone do SAC'),
    ).toHaveValue('0800 555 2026');
    const admin = await caller(request, demoUsers.admin.username);
    const record = await get(admin, '/api/Core/GetInsurerRecord');
    expect(record.SacPhone).toBe('0800 555 2026');
    expect(record.Missing).toEqual([]);
  });
});
