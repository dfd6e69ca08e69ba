import { expect, test } from '@playwright/test';
import { defaultHost, demoUsers, expectAccessible, hostUrl, retype, screenshot, signIn } from '../support.js';

test.describe('the accessibility check of the journeys', () => {
  test('should fail on a serious violation, and only inside the part it is asked to check', async ({
    page,
  }) => {
    await page.setContent(
      '<html lang="pt-BR"><head><title>Teste</title></head><body><header><img src="logo.png"></header><main><h1>Tela</h1><button></button></main></body></html>',
    );
    const failure = await expectAccessible(page).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(failure).toContain('image-alt');
    expect(failure).toContain('button-name');
    const inMain = await expectAccessible(page, { within: 'main' }).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(inMain).toContain('button-name');
    expect(inMain).not.toContain('image-alt');
  });
});

test.describe('feedback kit', () => {
  test('should mask and validate fields, edit rich text and preview it in a popup', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/contrato'));
    await expect(page.getByRole('heading', { name: 'Contrato', level: 1 })).toBeVisible();

    const doc = page.getByLabel('CPF/CNPJ');
    await doc.fill('12345678900');
    await doc.blur();
    await expect(doc).toHaveValue('123.456.789-00');
    await expect(page.getByText('CPF inválido')).toBeVisible();
    await doc.fill('12ABC34501DE35');
    await doc.blur();
    await expect(doc).toHaveValue('12.ABC.345/01DE-35');
    await expect(page.getByText('CNPJ inválido')).toBeHidden();

    const phone = page.getByLabel('Telefone');
    await phone.fill('1123456789');
    await expect(phone).toHaveValue('(11) 2345-6789');
    await page.getByLabel('CEP').fill('01310100');
    await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
    await page.getByLabel('Valor do contrato').fill('250,5');
    await page.getByLabel('Valor do contrato').blur();
    await expect(page.getByLabel('Valor do contrato')).toHaveValue('R$ 250,50');
    // A person selects the amount, deletes it and pastes 'R$ 1.234,56'.
    await retype(page.getByLabel('Valor do contrato'), 'R$ 1.234,56');
    await expect(page.getByLabel('Valor do contrato')).toHaveValue('R$ 1.234,56');
    await page.getByLabel('Taxa').fill('40');
    await page.getByLabel('Taxa').blur();
    await expect(page.getByLabel('Taxa')).toHaveValue('40,00');
    await retype(page.getByLabel('Taxa'), '150');
    await expect(page.getByText('O valor não pode ser maior que 100')).toBeVisible();
    await retype(page.getByLabel('Taxa'), '12,5');
    await page.getByLabel('Taxa').blur();
    await expect(page.getByLabel('Taxa')).toHaveValue('12,50');
    await page.getByLabel('Data de assinatura').fill('31/12/2026');
    await page.getByLabel('Data de assinatura').blur();
    await expect(page.getByLabel('Data de assinatura')).toHaveValue('31/12/2026');

    const editor = page.getByRole('textbox', { name: 'Texto do contrato' });
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Cláusula acrescentada.');
    await expect(page.getByRole('button', { name: 'Negrito' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'form');

    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = page.getByRole('dialog', { name: 'Pré-visualização' });
    await expect(preview).toBeVisible();
    await expect(preview).toContainText('12.ABC.345/01DE-35');
    await expect(preview).toContainText('R$ 1.234,56');
    await expect(preview).toContainText('Cláusula acrescentada.');
    await screenshot(page, info, 'preview');
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    const success = page.getByRole('dialog', { name: 'Sucesso' });
    await expect(success).toContainText('Rascunho do contrato salvo neste navegador.');
    await expect(page.getByText('Operação executada com sucesso')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fechar notificação' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'success');
    await success.getByRole('button', { name: 'OK' }).click();

    await page.getByRole('button', { name: 'Recolher' }).click();
    await expect(page.getByRole('button', { name: 'Expandir' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Telefone')).toBeHidden();
  });

  test('should walk the wizard stepper kit, marking a step left incomplete as Pendente', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/stepper'));
    await expect(page.getByRole('heading', { name: 'Stepper', level: 1 })).toBeVisible();
    // Leaving the first step empty marks it.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Endereço', level: 2 })).toBeVisible();
    await expect(page.getByText('Pendente', { exact: true })).toHaveCount(1);
    await page.getByLabel('CEP').fill('01310100');
    await page.getByLabel('Número').fill('100');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
    await page.getByLabel('CPF/CNPJ').fill('11222333000181');
    await page.getByLabel('Nome ou razão social').fill('Construtora Exemplo Ltda.');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('textbox', { name: 'Valor' }).fill('1500');
    await page.getByLabel('Taxa').fill('2,5');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Pendente', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Construtora Exemplo Ltda.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'review');
    await page.getByRole('button', { name: 'Concluir' }).click();
    const done = page.getByRole('dialog', { name: 'Sucesso' });
    await expect(done).toContainText('Exemplo concluído');
    await done.getByRole('button', { name: 'OK' }).click();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('button', { name: 'Concluir' })).toBeVisible();
    await screenshot(page, info, '375');
  });
});
