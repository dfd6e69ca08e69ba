import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { caller, type Json, post, recifeHeadOffice } from '../api.js';
import { freshCnpj } from '../quote.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * The CEP journey needs the API's fixture CEP provider (01310-100 is Avenida Paulista, 99999-999
 * answers "provider down"): run with CEP_PROVIDER=fixture (the web server inherits the env).
 */
const fixtureCepHint = 'the API must run with CEP_PROVIDER=fixture';

/** A mark unique to the attempt, for the names of what it registers (a retry starts afresh). */
const attemptMark = () => `E2E ${randomUUID().slice(0, 6)}`;

/**
 * An insured of the journey's own, registered by the administrator through the API (the registry's
 * call a new proposal uses, with a CNPJ no one holds): registering it is not the task these
 * journeys play, and a journey never writes to a seeded insured other journeys read. Public, with
 * no location, as the call leaves it.
 */
const registerInsured = async (request: APIRequestContext, name: string) => {
  const admin = await caller(request, demoUsers.admin.username);
  const { Insured } = await post(admin, '/api/Insured/ValidateInsuredByDocumentToNewProposal', {
    Document: freshCnpj(),
    Name: name,
  });
  return { admin, insured: Insured as Json };
};

const openInsured = async (page: Page, name: string) => {
  await page.goto(hostUrl(defaultHost, '/segurados'));
  await page.getByLabel('Nome do segurado').fill(name);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await page.getByRole('cell', { name }).click();
  await expect(page).toHaveURL(/\/segurado\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
};

test.describe('insureds', () => {
  test('should search insureds by name and document and open one', async ({ page }, info) => {
    test.setTimeout(90_000);
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/segurados'));
    await expect(page.getByRole('heading', { name: 'Segurados' })).toBeVisible();
    await expect(page.getByText(/1–10 de \d+/)).toBeVisible();
    // Which insureds the first page shows depends on what other journeys registered: a full page.
    await expect(page.getByRole('row')).toHaveCount(11);
    await expectAccessible(page);
    await screenshot(page, info, 'lista');

    await page.getByLabel('Nome do segurado').fill('Prefeitura');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByRole('cell', { name: 'Vale Logística Integrada S.A.' })).toHaveCount(0);
    const row = page.getByRole('row', { name: /Prefeitura Municipal de Porto Alegre/ });
    await expect(row.getByText('Bloqueado')).toBeVisible();
    await expect(row.getByText('Público')).toBeVisible();
    await expect(row.getByText('Porto Alegre/RS')).toBeVisible();
    const document = (await row.getByRole('cell').nth(1).innerText()).trim();
    expect(document).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    await screenshot(page, info, 'filtro por nome');

    await page.getByRole('button', { name: 'Limpar' }).click();
    await page.getByLabel('CPF/CNPJ').fill(document.replace(/\D/g, ''));
    await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(document);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await page.getByRole('cell', { name: 'Prefeitura Municipal de Porto Alegre' }).click();
    await expect(page.getByRole('heading', { name: 'Prefeitura Municipal de Porto Alegre' })).toBeVisible();
    await expect(page.getByTestId('block-justification')).toContainText('Pendência cadastral');
    await expectAccessible(page);
    await screenshot(page, info, 'detalhe bloqueado');
  });

  test('should block an insured with a justification and unblock it as the insurer', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    const mark = attemptMark();
    const name = `Hospital Santa Clara ${mark} Ltda.`;
    const renamed = `Hospital Santa Clara ${mark} S.A.`;
    await registerInsured(page.request, name);
    await signIn(page, demoUsers.admin);
    await openInsured(page, name);
    await expectAccessible(page);
    await screenshot(page, info, 'dados');

    await page.getByRole('button', { name: 'Bloquear segurado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear segurado' });
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await expect(dialog.getByText('Informe a justificativa do bloqueio.')).toBeVisible();
    await dialog
      .getByLabel('Justificativa')
      .fill('Contrato de prestação de serviços rescindido judicialmente.');
    await expectAccessible(page);
    await screenshot(page, info, 'justificativa');
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('block-justification')).toContainText('rescindido judicialmente');
    await expect(page.getByText('Bloqueado', { exact: true }).first()).toBeVisible();
    await screenshot(page, info, 'bloqueado');

    await page.getByRole('button', { name: 'Desbloquear segurado' }).click();
    const unblock = page.getByRole('dialog', { name: 'Desbloquear segurado' });
    await expect(unblock.getByText(/rescindido judicialmente/)).toBeVisible();
    await unblock.getByRole('button', { name: 'Desbloquear' }).click();
    await expect(unblock).toBeHidden();
    await expect(page.getByRole('button', { name: 'Bloquear segurado' })).toBeVisible();

    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
    const privateSwitch = page.getByRole('switch', { name: /Segurado privado/ });
    await expect(privateSwitch).toBeEnabled();
    // Keyboard, as a person using the keyboard would: the switch's input covers its label.
    await privateSwitch.focus();
    await expect(page.getByText('Público', { exact: true })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page.getByText('Privado', { exact: true })).toBeVisible();
    await page.getByLabel('Nome do segurado').fill(renamed);
    await page.getByRole('button', { name: 'Salvar nome' }).click();
    await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

    await page.getByRole('tab', { name: 'Histórico' }).click();
    // The justification is the new value when blocking and the old one when unblocking.
    await expect(
      page.getByRole('cell', { name: 'Contrato de prestação de serviços rescindido judicialmente.' }),
    ).toHaveCount(2);
    await expect(page.getByRole('cell', { name: renamed })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Helena Duarte' }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'historico');
  });

  test('should add a location through the CEP lookup and make it the main one', async ({ page }, info) => {
    test.setTimeout(90_000);
    const name = `Energia Limpa Geração ${attemptMark()} S.A.`;
    const { admin, insured } = await registerInsured(page.request, name);
    // Its head office, as the registry keeps it: the location the journey's new one replaces as main.
    await post(admin, '/api/Insured/SaveInsuredLocation', {
      InsuredId: insured.Id,
      ...recifeHeadOffice,
    });
    await signIn(page, demoUsers.admin);
    await openInsured(page, name);
    await page.getByRole('tab', { name: 'Localizações' }).click();
    await expect(page.getByTestId('location')).toHaveCount(1);
    await expect(page.getByText('Principal', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'localizacoes');

    await page.getByRole('button', { name: 'Nova localização' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova localização' });
    // The fixture provider is "down" for this CEP: the user is told to type the address.
    await dialog.getByLabel('CEP').fill('99999999');
    await expect(dialog.getByTestId('cep-message')).toContainText('indisponível');
    await screenshot(page, info, 'cep indisponivel');

    await dialog.getByLabel('CEP').fill('01310100');
    await expect(dialog.getByLabel('CEP')).toHaveValue('01310-100');
    await expect(dialog.getByLabel('Logradouro'), fixtureCepHint).toHaveValue('Avenida Paulista');
    await expect(dialog.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(dialog.getByRole('combobox', { name: 'Estado' })).toHaveValue('São Paulo (SP)');
    await expect(dialog.getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
    await expect(dialog.getByTestId('cep-message')).toHaveCount(0);
    // A CEP that does not exist says so, and the address of the previous CEP does not stay.
    await dialog.getByLabel('CEP').fill('01999999');
    await expect(dialog.getByTestId('cep-message')).toContainText('CEP não encontrado');
    await expect(dialog.getByLabel('Logradouro')).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Estado' })).toHaveValue('');
    // Typed back, the CEP is looked up again without the button.
    await dialog.getByLabel('CEP').fill('01310100');
    await dialog.getByLabel('Número').focus();
    await expect(dialog.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(dialog.getByTestId('cep-message')).toHaveCount(0);
    await dialog.getByLabel('Número').fill('1578');
    await dialog.getByLabel('Complemento').fill('10º andar');
    await expectAccessible(page);
    await screenshot(page, info, 'nova localizacao');
    await dialog.getByRole('button', { name: 'Salvar localização' }).click();
    await expect(dialog).toBeHidden();

    const paulista = page.getByTestId('location').filter({ hasText: 'Avenida Paulista, 1578' });
    await expect(paulista).toContainText('São Paulo/SP');
    await expect(paulista).toContainText('01310-100');
    await page.getByRole('button', { name: 'Definir Avenida Paulista, 1578 como principal' }).click();
    await page
      .getByRole('dialog', { name: 'Localização principal' })
      .getByRole('button', { name: 'Definir como principal' })
      .click();
    await expect(paulista.getByText('Principal')).toBeVisible();
    await expect(page.getByText('São Paulo/SP').first()).toBeVisible();
    await screenshot(page, info, 'principal');

    const other = page.getByTestId('location').filter({ hasNotText: 'Avenida Paulista' });
    await other.getByRole('button', { name: /^Remover/ }).click();
    await page
      .getByRole('dialog', { name: 'Remover localização' })
      .getByRole('button', { name: 'Remover' })
      .click();
    await expect(page.getByTestId('location')).toHaveCount(1);
    await expectAccessible(page);
  });

  test('should request a document and upload a PDF with the progress bar', async ({ page }, info) => {
    test.setTimeout(90_000);
    const name = `Incorporadora Horizonte ${attemptMark()} SPE Ltda.`;
    await registerInsured(page.request, name);
    await signIn(page, demoUsers.admin);
    await openInsured(page, name);
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await expect(page.getByTestId('request-documents')).toBeVisible();
    await screenshot(page, info, 'documentos');

    await page.getByRole('button', { name: 'Solicitar documento' }).click();
    const create = page.getByRole('dialog', { name: 'Solicitar documento' });
    await create.getByLabel('Nome do documento').fill('Alvará de construção');
    await create.getByLabel('Documento obrigatório').check();
    await expectAccessible(page);
    await create.getByRole('button', { name: 'Solicitar documento' }).click();
    await expect(create).toBeHidden();
    const row = page.getByTestId('request-document').filter({ hasText: 'Alvará de construção' });
    await expect(row.getByText('Pendente')).toBeVisible();
    await expect(row).toContainText('Obrigatório');

    await page.getByRole('button', { name: 'Enviar arquivos para Alvará de construção' }).click();
    const upload = page.getByRole('dialog', { name: 'Enviar arquivos' });
    await upload.locator('input[type=file]').setInputFiles({
      name: 'alvara-construcao.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
    const progress = upload.getByRole('progressbar', { name: 'Envio de alvara-construcao.pdf' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(upload.getByLabel('Enviado')).toBeVisible();
    // What the person sees once the file is up: "Anexar" enabled (disabled while it uploads).
    await expect(upload.getByRole('button', { name: 'Anexar ao documento' })).toBeEnabled();
    await expectAccessible(page);
    await screenshot(page, info, 'envio com progresso');
    await upload.getByRole('button', { name: 'Anexar ao documento' }).click();
    await expect(upload).toBeHidden();
    await expect(row.getByRole('button', { name: 'alvara-construcao.pdf' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'documento com arquivo');

    await page.getByRole('button', { name: 'Remover Alvará de construção' }).click();
    await page
      .getByRole('dialog', { name: 'Remover documento' })
      .getByRole('button', { name: 'Remover' })
      .click();
    await expect(row).toHaveCount(0);
    await page.locator('.mantine-SegmentedControl-root label', { hasText: 'Removidos' }).click();
    await expect(
      page.getByTestId('request-document').filter({ hasText: 'Alvará de construção' }),
    ).toBeVisible();
    await screenshot(page, info, 'removido');
  });
});
