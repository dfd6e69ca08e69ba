import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { get, type Json, post, recifeHeadOffice } from '../api.js';
import { holderUser, registerHolder, statement2025 } from '../holders.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/** A mark unique to the attempt, for the names of what it registers (a retry starts afresh). */
const attemptMark = () => `E2E ${randomUUID().slice(0, 6)}`;

test.describe('policy holders', () => {
  test('should search, open a policy holder and walk through its tabs as insurer staff', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    const mark = attemptMark();
    const name = `Construtora Horizonte ${mark} Ltda.`;
    const tradeName = `Horizonte ${mark}`;
    const { admin, holder } = await registerHolder(page.request, name);
    // Its registry as the insurer keeps it: a trade name, the head office (the main location), a
    // financial statement for the limits and the registration document asked of it.
    await post(admin, '/api/PolicyHolder/SaveComplementarData', {
      PolicyHolderUniqueId: holder.UniqueId,
      TradeName: tradeName,
      Locations: [recifeHeadOffice],
      FinancialStatements: [statement2025],
    });
    await post(admin, '/api/PolicyHolder/CreateRequestDocument', {
      PolicyHolderUniqueId: holder.UniqueId,
      Name: 'Cartão CNPJ',
      RequestDocumentTypeId: 6,
      IsRequired: true,
    });
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await expect(page.getByRole('heading', { name: 'Tomadores' })).toBeVisible();
    await expect(page.getByText(/1–10 de \d+/)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista');

    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Bloqueados', exact: true }).click();
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByRole('cell', { name: /Limpeza Urbana Planalto/ })).toBeVisible();
    await screenshot(page, info, 'lista bloqueados');

    await page.getByRole('button', { name: 'Limpar' }).click();
    await page.getByLabel('Nome ou razão social').fill(`Horizonte ${mark}`);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByRole('cell', { name }).click();
    await expect(page).toHaveURL(/\/tomador\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByLabel('Nome fantasia')).toHaveValue(tradeName);
    await expectAccessible(page);
    await screenshot(page, info, 'dados');

    await page.getByRole('tab', { name: 'Localizações' }).click();
    await expect(page.getByText('Principal', { exact: true })).toBeVisible();
    await screenshot(page, info, 'localizacoes');
    await page.getByRole('button', { name: 'Nova localização' }).click();
    const locationDialog = page.getByRole('dialog', { name: 'Nova localização' });
    await expect(locationDialog.getByRole('button', { name: 'Buscar CEP' })).toBeVisible();
    await locationDialog.getByRole('button', { name: 'Salvar localização' }).click();
    await expect(locationDialog.getByText('Informe o CEP.')).toBeVisible();
    await expect(locationDialog.getByText('Informe a cidade.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'nova localizacao');
    // The CEP lookup fills the address (fixture provider); the new one is not the main one.
    await locationDialog.getByLabel('CEP').fill('01310100');
    await expect(locationDialog.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await expect(locationDialog.getByRole('combobox', { name: 'Cidade' })).toHaveValue('São Paulo');
    await expect(locationDialog.getByText('Informe a cidade.')).toBeHidden();
    await locationDialog.getByLabel('Número').fill('900');
    await locationDialog.getByRole('button', { name: 'Salvar localização' }).click();
    await expect(locationDialog).toBeHidden();
    const paulista = page.getByTestId('location').filter({ hasText: 'Avenida Paulista, 900' });
    await expect(paulista).toContainText('São Paulo/SP');
    await expect(paulista.getByText('Principal')).toHaveCount(0);
    // Editing the main location keeps it the main one.
    const main = page.getByTestId('location').first();
    await expect(main.getByText('Principal')).toBeVisible();
    await main.getByRole('button', { name: /^Editar/ }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar localização' });
    await expect(editDialog.getByLabel('Localização principal')).toBeChecked();
    await editDialog.getByLabel('Complemento').fill('Sala 2');
    await editDialog.getByRole('button', { name: 'Salvar localização' }).click();
    await expect(editDialog).toBeHidden();
    await expect(page.getByTestId('location').first()).toContainText('Sala 2');
    await expect(page.getByTestId('location').first().getByText('Principal')).toBeVisible();
    await screenshot(page, info, 'localizacao incluida');

    await page.getByRole('tab', { name: 'Filiais' }).click();
    await page.getByLabel('Filial (parte do CNPJ após a barra)').fill('0009');
    await page.getByRole('button', { name: 'Incluir filial' }).click();
    await expect(page.getByRole('cell', { name: /^0009-\d{2}$/ })).toBeVisible();
    await screenshot(page, info, 'filiais');

    await page.getByRole('tab', { name: 'Documentos' }).click();
    await expect(page.getByText('Cartão CNPJ').first()).toBeVisible();
    await screenshot(page, info, 'documentos');

    await page.getByRole('tab', { name: 'Limites e taxas' }).click();
    await expect(page.getByText('Utilização por modalidade')).toBeVisible();
    await page.getByRole('button', { name: 'Calcular limites e taxas' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Calcular' }).click();
    await expect(page.getByText(/Calculado em .* por Helena Duarte/)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'limites');

    await page.getByRole('tab', { name: 'Histórico' }).click();
    await expect(page.getByRole('cell', { name: 'Filial' }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Helena Duarte' }).first()).toBeVisible();
    await screenshot(page, info, 'historico');
  });

  test('should search by a CNPJ root and export the filtered list as CSV', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    // The root of Construtora Horizonte Azul's CNPJ, masked as typed: no "CNPJ inválido".
    const first = page.getByRole('row', { name: /Construtora Horizonte Azul/ });
    await expect(first).toBeVisible();
    const root = ((await first.getByRole('cell').nth(1).textContent()) ?? '').slice(0, 10);
    await page.getByLabel('CPF/CNPJ').fill(root);
    await page.getByLabel('CPF/CNPJ').blur();
    await expect(page.getByText('CNPJ inválido')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByRole('row', { name: /Construtora Horizonte Azul/ })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^tomadores-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFTomador;Nome fantasia;CPF/CNPJ;Grupo econômico;Rating;Bloqueado;Ativo',
    );
    expect(text).toContain('Construtora Horizonte Azul Ltda.');
    for (const line of text.trim().split('\r\n').slice(1)) expect(line).toContain(root);
  });

  test('should block a policy holder with a justification and show it in the history', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    const mark = attemptMark();
    // Named to sort after the seeded blocked holders the list journey looks for on its first page.
    const name = `Pedra Branca Construções ${mark} Ltda.`;
    await registerHolder(page.request, name);
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await page.getByLabel('Nome ou razão social').fill(`Construções ${mark}`);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await page.getByRole('cell', { name }).click();
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear' });
    await dialog.getByLabel('Justificativa').fill('Recuperação judicial publicada no Diário Oficial.');
    await screenshot(page, info, 'justificativa');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Bloqueado', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
    await page.getByRole('tab', { name: 'Histórico' }).click();
    await expect(
      page.getByRole('cell', { name: 'Recuperação judicial publicada no Diário Oficial.' }),
    ).toBeVisible();
    await screenshot(page, info, 'historico');
  });

  test('should show a broker only its nominated policy holders and a policy holder only itself', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await expect(page.getByText(/1–10 de \d+/)).toBeVisible();
    await expect(page.getByRole('cell', { name: /Pavimentadora Serra Verde/ })).toHaveCount(0);
    await screenshot(page, info, 'corretor');
    await page.getByRole('cell', { name: /Construtora Horizonte Azul/ }).click();
    await expect(page.getByRole('button', { name: 'Bloquear', exact: true })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Limites e taxas' }).click();
    await expect(page.getByRole('button', { name: 'Calcular limites e taxas' })).toHaveCount(0);
    await screenshot(page, info, 'corretor limites');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await signIn(page, demoUsers.policyHolder);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await expect(page.getByRole('cell', { name: /Construtora Horizonte Azul/ })).toBeVisible();
    await screenshot(page, info, 'tomador');
    // Its own data, which it cannot change, reads as text (no inputs that look editable).
    await page.getByRole('cell', { name: /Construtora Horizonte Azul/ }).click();
    await expect(page.getByText('Horizonte Azul', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await screenshot(page, info, 'tomador dados somente leitura');
  });

  test('should let the policy holder upload a document with progress and send it to analysis', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    // A holder of the journey's own, with the registration document the insurer asks of it and a
    // user of its own (a seeded holder's document would stay in analysis after the first attempt).
    const name = `Construtora Andrade Lemos ${attemptMark()} Ltda.`;
    const { admin, holder } = await registerHolder(page.request, name);
    await post(admin, '/api/PolicyHolder/CreateRequestDocument', {
      PolicyHolderUniqueId: holder.UniqueId,
      Name: 'Contrato social consolidado',
      RequestDocumentTypeId: 6,
      IsRequired: true,
    });
    const user = await holderUser(admin, holder);
    await signIn(page, user);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    // The holder's user sees its own holder only.
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await page.getByRole('cell', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('tab', { name: 'Documentos' }).click();
    await page.getByRole('button', { name: 'Enviar arquivos para Contrato social consolidado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar arquivos' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'contrato-social.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
    await expect(dialog.getByText('contrato-social.pdf')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Anexar ao documento' })).toBeEnabled();
    await screenshot(page, info, 'envio');
    await dialog.getByRole('button', { name: 'Anexar ao documento' }).click();
    // The list shows the file once attached; the dialog closes after it (its "Remover …" button too).
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'contrato-social.pdf', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page
      .getByRole('dialog', { name: 'Enviar para análise' })
      .getByRole('button', { name: 'Enviar' })
      .click();
    await expect(page.getByText('Aguardando Análise')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'em analise');
    // The holder's record keeps the file on the document, which waits for the insurer's analysis.
    const { RequestDocuments } = await get(
      admin,
      `/api/PolicyHolder/GetDocumentsByPolicyHolderUniqueId?policyHolderUniqueId=${holder.UniqueId}`,
    );
    const contract = RequestDocuments.find((d: Json) => d.Name === 'Contrato social consolidado');
    expect(contract.StatusName).toBe('Aguardando Análise');
    expect(contract.Archives.map((a: Json) => a.Name)).toEqual(['contrato-social.pdf']);
  });

  test('should let a broker ask a policy holder for a nomination', async ({ page }, info) => {
    test.setTimeout(180_000);
    // A policy holder of the journey's own, which no broker is nominated by (a seeded one would
    // keep the first attempt's request pending).
    const mark = attemptMark();
    const name = `Consultoria Ambiental Mata Atlântica ${mark} Ltda.`;
    await registerHolder(page.request, name);
    // The insurer's list gives its CNPJ, as a person reads it there.
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await page.getByLabel('Nome ou razão social').fill(`Mata Atlântica ${mark}`);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    const row = page.getByRole('row', { name });
    const cnpj = (await row.getByRole('cell').nth(1).innerText()).trim();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();

    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await page.getByRole('button', { name: 'Solicitar nomeação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Solicitar nomeação' });
    await dialog.getByLabel('CNPJ do tomador').fill(cnpj);
    await dialog.getByRole('button', { name: 'Consultar' }).click();
    await expect(
      dialog.getByText('Sua corretora não está nomeada por este tomador. Solicite a nomeação.'),
    ).toBeVisible();
    await dialog.getByLabel('Justificativa').fill('Atendemos o cliente nas licitações estaduais.');
    await expectAccessible(page);
    await screenshot(page, info, 'consulta');
    await dialog.getByRole('button', { name: 'Solicitar nomeação' }).click();
    await expect(page.getByText('Solicitação de nomeação registrada.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Solicitar nomeação' }).click();
    await dialog.getByLabel('CNPJ do tomador').fill(cnpj);
    await dialog.getByRole('button', { name: 'Consultar' }).click();
    await expect(
      dialog.getByText('A solicitação de nomeação deste tomador aguarda análise da seguradora.'),
    ).toBeVisible();
    await screenshot(page, info, 'pendente');
  });
});
