import { type Browser, expect, type Page, test } from '@playwright/test';
import { fromMail } from '../mail.js';
import { freshCnpj } from '../quote.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

const newPublicPage = async (browser: Browser) => (await browser.newContext()).newPage();

const pickOption = async (page: Page, label: string, typed: string, option: string | RegExp) => {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
};

test.describe('brokers', () => {
  test('should register a brokerage through the e-mailed link and show it pending to the insurer', async ({
    browser,
  }, info) => {
    test.setTimeout(150_000);
    const cnpj = freshCnpj();
    const email = `cadastro.${cnpj}@vertice.demo`;
    const page = await newPublicPage(browser);

    await page.goto(hostUrl(defaultHost, '/login'));
    await page.getByRole('link', { name: 'Quero cadastrar minha corretora' }).click();
    await expect(page).toHaveURL(/\/iniciar-cadastro$/);
    await page.getByRole('button', { name: 'Enviar link de cadastro' }).click();
    await expect(page.getByText('Informe o CNPJ.')).toBeVisible();
    await page.getByLabel('CNPJ da corretora').fill('11.111.111/1111-11');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Enviar link de cadastro' }).click();
    await expect(page.getByText('CNPJ inválido')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, '1 iniciar cadastro');

    await page.getByLabel('CNPJ da corretora').fill(cnpj);
    const since = Date.now();
    await page.getByRole('button', { name: 'Enviar link de cadastro' }).click();
    await expect(page.getByTestId('registration-sent')).toContainText(email);
    await screenshot(page, info, '2 link enviado');

    const link = await fromMail(
      email,
      new RegExp(`/completar-cadastro/${cnpj}\\?token=[A-Za-z0-9_-]{43}`),
      since,
    );
    await page.goto(hostUrl(defaultHost, link[0]));
    await expect(page.getByRole('heading', { name: 'Completar cadastro' })).toBeVisible();

    // Step 1: the brokerage.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Informe a razão social.')).toBeVisible();
    await page.getByLabel('Razão social').fill('Vértice Corretora de Seguros Ltda.');
    await page.getByLabel('Nome fantasia').fill('Vértice Seguros');
    await page.getByLabel('Registro SUSEP').fill('202699887');
    await page.getByLabel('E-mail da corretora').fill(`contato.${cnpj}@vertice.demo`);
    await page.getByLabel('Telefone').fill('1132221000');
    await expectAccessible(page);
    await screenshot(page, info, '3 dados da corretora');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Step 2: the address.
    await page.getByLabel('Logradouro').fill('Avenida Paulista');
    await page.getByLabel('Número').fill('1000');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await pickOption(page, 'Estado', 'São Paulo', /São Paulo \(SP\)/);
    await pickOption(page, 'Cidade', 'São Paulo', /^São Paulo$/);
    await screenshot(page, info, '4 endereco');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Step 3: the bank (GetBanks list).
    await pickOption(page, 'Banco', '341', /^341 - /);
    await page.getByLabel('Agência').fill('1234');
    await page.getByLabel('Conta com dígito').fill('56789-0');
    await screenshot(page, info, '5 banco');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Step 4: the responsible persons.
    const fieldset = (name: string) => page.getByRole('group', { name });
    const admin = fieldset('Administrador');
    await admin.getByLabel('Nome completo').fill('Lúcia Vértice');
    await admin.getByLabel('CPF').fill('529.982.247-25');
    await admin.getByLabel('E-mail').fill(email);
    await admin.getByLabel('Telefone').fill('11988887777');
    const officer = fieldset('Responsável financeiro');
    await officer.getByLabel('Nome completo').fill('Carlos Vértice');
    await officer.getByLabel('CPF').fill('123.456.789-00');
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await expect(officer.getByText('CPF inválido')).toBeVisible();
    await officer.getByLabel('CPF').fill('111.444.777-35');
    await officer.getByLabel('E-mail').fill(`financeiro.${cnpj}@vertice.demo`);
    await expectAccessible(page);
    await screenshot(page, info, '6 responsaveis');
    await page.getByRole('button', { name: 'Enviar cadastro' }).click();
    await expect(page.getByTestId('registration-done')).toContainText('análise da seguradora');
    await screenshot(page, info, '7 cadastro enviado');
    await fromMail(email, /O cadastro da corretora .+ foi recebido/, since);

    // The insurer sees it pending, with the requested documents.
    const insurer = await newPublicPage(browser);
    await signIn(insurer, demoUsers.admin);
    await insurer.goto(hostUrl(defaultHost, '/corretores'));
    await expect(insurer.getByRole('heading', { name: 'Corretores' })).toBeVisible();
    await insurer.locator('.mantine-SegmentedControl-root label', { hasText: 'Cadastro pendente' }).click();
    await expect(insurer.getByRole('cell', { name: /Vértice Seguros/ })).toBeVisible();
    await expectAccessible(insurer);
    await screenshot(insurer, info, '8 pendente na lista');
    await insurer.getByRole('cell', { name: /Vértice Seguros/ }).click();
    await expect(insurer).toHaveURL(/\/corretor\/[0-9a-f-]{36}$/);
    await expect(insurer.getByTestId('broker-status')).toContainText('aguarda a validação da seguradora');
    await expect(insurer.getByText('Lúcia Vértice')).toBeVisible();
    await screenshot(insurer, info, '9 detalhe');
    await insurer.getByRole('tab', { name: 'Documentos' }).click();
    await expect(insurer.getByTestId('request-document')).toHaveCount(6);
    await expectAccessible(insurer);
    await screenshot(insurer, info, '10 documentos');
  });

  test('should let a broker see its data, upload a requested document and send it to review', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/corretor'));
    await expect(page.getByRole('heading', { name: 'Lopes Seguros' })).toBeVisible();
    await expect(page.getByTestId('broker-status')).toContainText('documentos obrigatórios pendentes');
    await expectAccessible(page);
    await screenshot(page, info, 'dados');

    await page.getByRole('button', { name: 'Editar dados' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar dados da corretora' });
    await expect(edit.getByLabel('Razão social')).toHaveValue('Lopes & Azevedo Corretora de Seguros Ltda.');
    await edit.getByLabel('Telefone').first().fill('');
    await edit.getByLabel('Telefone').first().fill('1140041234');
    await edit.getByLabel('Agência').fill('12a');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit.getByText('Agência inválida.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'editar');
    await edit.getByLabel('Agência').fill('1000');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('(11) 4004-1234')).toBeVisible();

    await page.getByRole('tab', { name: 'Documentos' }).click();
    const row = page
      .getByTestId('request-document')
      .filter({ hasText: 'Documento de identidade do administrador' });
    await row.getByRole('button', { name: 'Enviar arquivo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar arquivo' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'rg-marina.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await expect(dialog.getByText('rg-marina.pdf')).toBeVisible();
    await dialog.getByRole('button', { name: 'Anexar' }).click();
    await expect(row.getByRole('button', { name: 'rg-marina.pdf' })).toBeVisible();
    await screenshot(page, info, 'arquivo anexado');
    await page.getByRole('button', { name: /Enviar para análise/ }).click();
    await page
      .getByRole('dialog', { name: 'Enviar para análise' })
      .getByRole('button', { name: 'Enviar' })
      .click();
    await expect(row.getByText('Aguardando Análise')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'enviado para analise');

    await page.getByRole('tab', { name: 'Comissões' }).click();
    await expect(page.getByText('Faixa da corretora').first()).toBeVisible();
    await screenshot(page, info, 'comissoes');
    await page.getByRole('tab', { name: 'Tomadores nomeados' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Tomadores nomeados' })).not.toContainText('Carregando');
    await screenshot(page, info, 'tomadores nomeados');
    await page.getByRole('tab', { name: 'Histórico' }).click();
    // Newest first: what the broker has just sent (the seeded registration's sending is further down).
    await expect(
      page.getByRole('cell', { name: /Enviados para análise: .*Documento de identidade/ }).first(),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: '(11) 4004-1234' })).toBeVisible();
    await screenshot(page, info, 'historico');
  });

  test('should list the advised brokerages for an advisor', async ({ page }, info) => {
    await signIn(page, demoUsers.advisor);
    await expect(page.getByRole('cell', { name: /Lopes Seguros/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Azevedo Seguros/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marina Lopes' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'assessoria');
  });
});
