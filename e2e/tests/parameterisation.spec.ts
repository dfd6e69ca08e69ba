import { expect, test } from '@playwright/test';
import { defaultHost, demoUsers, expectAccessible, hostUrl, retype, screenshot, signIn } from '../support.js';

test.describe('parameterisation', () => {
  test('should create a modality with a coverage and a clause using tags, preview it and find it in the list', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/parametrizacao/modalidades'));
    await expect(page.getByRole('tab', { name: /0775/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Judicial Fiscal' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista');

    // Create a modality in a new group of branch 0775.
    await page.getByRole('button', { name: 'Nova modalidade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova modalidade' });
    await dialog.getByRole('textbox', { name: /^Nome/ }).first().fill('Garantia de Concessão E2E');
    await dialog.getByLabel('Grupo', { exact: true }).click();
    await page.getByRole('option', { name: 'Novo grupo…' }).click();
    await dialog.getByLabel('Nome do novo grupo').fill('Concessões');
    await dialog.getByLabel('Valor máximo da importância segurada').fill('500000000');
    await dialog.getByLabel('Prêmio mínimo').fill('35000');
    await dialog.getByRole('button', { name: 'Criar modalidade' }).click();
    await expect(page).toHaveURL(
      /\/parametrizacao\/branch\/\d+\/grupo\/\d+\/modalidade\/\d+\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByText('Garantia de Concessão E2E').first()).toBeVisible();

    // A coverage.
    await page.getByRole('tab', { name: 'Coberturas' }).click();
    await page.getByRole('button', { name: 'Nova cobertura' }).click();
    const coverage = page.getByRole('dialog', { name: 'Nova cobertura' });
    // The contract's messages show on their fields before anything is sent.
    await retype(coverage.getByLabel('Taxa (% a.a.)'), '150');
    await coverage.getByRole('button', { name: 'Salvar cobertura' }).click();
    await expect(coverage.getByText('Informe o nome da cobertura.')).toBeVisible();
    await expect(coverage.getByText('O valor não pode ser maior que 100').first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'cobertura');
    await coverage.getByRole('textbox', { name: /^Nome/ }).first().fill('Cobertura Básica - Concessão');
    await retype(coverage.getByLabel('Taxa (% a.a.)'), '1,5');
    await coverage.getByLabel('Cobertura adicional').uncheck();
    await coverage.getByRole('button', { name: 'Salvar cobertura' }).click();
    await expect(coverage).toBeHidden();
    await expect(page.getByRole('cell', { name: 'Cobertura Básica - Concessão', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: '1,50%' })).toBeVisible();

    // A particular clause with tags, previewed with sample data.
    await page.getByRole('tab', { name: 'Termos e cláusulas' }).click();
    await page.getByRole('button', { name: 'Nova cláusula' }).click();
    const clause = page.getByRole('dialog', { name: 'Nova cláusula particular' });
    await clause.getByRole('button', { name: 'Salvar cláusula' }).click();
    await expect(clause.getByText('Informe o título da cláusula.')).toBeVisible();
    await expect(clause.getByText('Informe o texto da cláusula.')).toBeVisible();
    await clause.getByRole('textbox', { name: 'Título', exact: true }).fill('Cláusula de Vigência');
    const editor = clause.getByRole('textbox', { name: 'Texto da cláusula' });
    await editor.click();
    await page.keyboard.type('Garantia do tomador ');
    await clause.getByRole('button', { name: 'Inserir tag' }).click();
    await page.getByRole('menuitem', { name: /Nome do Tomador/ }).click();
    await page.keyboard.type(' até a apólice ');
    await clause.getByRole('button', { name: 'Inserir tag' }).click();
    await page.getByRole('menuitem', { name: /Número da Apólice/ }).click();
    const preview = clause.getByLabel('Pré-visualização do texto');
    await expect(preview).toContainText('Construtora Exemplo Ltda.');
    await expect(preview.locator('.tag-missing')).toHaveText('Número da Apólice');
    await screenshot(page, info, 'clausula');
    await clause.getByRole('button', { name: 'Salvar cláusula' }).click();
    await expect(page.getByText('Cláusula de Vigência')).toBeVisible();

    // A requested document.
    await page.getByRole('tab', { name: 'Documentos solicitados' }).click();
    await page.getByRole('button', { name: 'Novo documento' }).click();
    const document = page.getByRole('dialog', { name: 'Novo documento' });
    await document.getByRole('button', { name: 'Salvar documento' }).click();
    await expect(document.getByText('Informe o nome do documento.')).toBeVisible();
    await document.getByRole('textbox', { name: /^Nome/ }).fill('Contrato de concessão');
    await document.getByRole('combobox', { name: 'Esteira de análise' }).click();
    await page.getByRole('option', { name: 'Crédito' }).click();
    await expectAccessible(page);
    await screenshot(page, info, 'documento');
    await document.getByRole('button', { name: 'Salvar documento' }).click();
    await expect(document).toBeHidden();
    const row = page.getByRole('row', { name: /Contrato de concessão/ });
    await expect(row.getByRole('cell', { name: 'Crédito' })).toBeVisible();

    // The history lists what was done.
    await page.getByRole('tab', { name: 'Histórico' }).click();
    await expect(page.getByRole('cell', { name: 'Cláusula particular', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Cobertura', exact: true }).first()).toBeVisible();

    // And the list finds it.
    await page.goto(hostUrl(defaultHost, '/parametrizacao/modalidades'));
    await page.getByLabel('Buscar modalidade').fill('Concessão');
    await expect(page.getByRole('link', { name: 'Garantia de Concessão E2E' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Judicial Fiscal' })).toBeHidden();
  });

  test('should show the home, general conditions, payments, broker profile and menu screens', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/parametrizacao'));
    await expect(page.getByRole('heading', { name: 'Documentos solicitados por modalidade' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Judicial Fiscal' }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'inicio');
    await page.goto(hostUrl(defaultHost, '/parametrizacao/condicoes-gerais'));
    await expect(page.getByRole('tab', { name: 'Público' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Privado' })).toBeVisible();
    await expect(page.getByLabel('Pré-visualização do texto')).toContainText('Aurora Seguros Garantia');
    await expectAccessible(page);
    await screenshot(page, info, 'condicoes');
    await page.goto(hostUrl(defaultHost, '/parametrizacao/pagamentos'));
    await expect(page.getByRole('cell', { name: 'PARC6' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'pagamentos');
    // An installment parameter: a grace period out of range shows on its field, then it is saved.
    await page.getByRole('button', { name: 'Novo parcelamento' }).click();
    const installment = page.getByRole('dialog', { name: 'Novo parcelamento' });
    await installment.getByRole('textbox', { name: /^Código/ }).fill('PARC2E2E');
    await installment.getByRole('textbox', { name: /^Nome/ }).fill('Até 2 parcelas E2E');
    await retype(installment.getByLabel('Número máximo de parcelas'), '2');
    const grace = installment.getByLabel('Carências oferecidas (dias)');
    await grace.fill('400');
    await grace.press('Enter');
    await installment.getByRole('button', { name: 'Salvar parcelamento' }).click();
    await expect(installment.getByText('O valor não pode ser maior que 365')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'parcelamento');
    await grace.press('Backspace');
    await grace.fill('15');
    await grace.press('Enter');
    await installment.getByRole('button', { name: 'Salvar parcelamento' }).click();
    await expect(installment).toBeHidden();
    await expect(page.getByRole('row', { name: /PARC2E2E/ })).toContainText('0, 15');
    await page.goto(hostUrl(defaultHost, '/parametrizacao/broker-profile'));
    await expect(page.getByLabel('Comissão máxima de Licitante').first()).toHaveValue('30,00');
    await expectAccessible(page);
    await screenshot(page, info, 'perfil-corretor');
    await page.goto(hostUrl(defaultHost, '/parametrizacao/menu'));
    await expect(page.getByRole('cell', { name: 'Parametrização' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'menu');
  });
});
