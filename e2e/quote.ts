import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { defaultHost, expectAccessible, hostUrl, screenshot } from './support.js';

/**
 * The broker's quote through the wizard, step by step, as the journeys play it (the proposals
 * journeys and the life cycle from a new quote to a policy).
 */

export const pad = (n: number) => String(n).padStart(2, '0');
/** A day as a person in Brazil types it (Brasília's calendar, whatever the machine's zone). */
export const br = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** A valid CNPJ no demo insured uses (check digits computed here). */
export const freshCnpj = () => {
  const base = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).concat([0, 0, 0, 1]);
  const digit = (ds: number[]) => {
    const weights =
      ds.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ds.reduce((s, d, i) => s + d * weights[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  const all = [...base, first, digit([...base, first])];
  return all.join('');
};

/** Amounts ('R$ 7.802.000,00') and masked CPFs and CNPJs (numeric or alphanumeric) in a text. */
export const amountPattern = /-?R\$\s*-?[\d.]+,\d{2}/g;
export const cpfCnpjPattern =
  /[\dA-Z]{2}\.[\dA-Z]{3}\.[\dA-Z]{3}\/[\dA-Z]{4}-\d{2}|\d{3}\.\d{3}\.\d{3}-\d{2}/g;

/**
 * Each value the pattern finds in the element's text lies on one line: the line breaks between the
 * values, never inside one ('R$' left at a line's end, a CNPJ split at its hyphen). Measured on the
 * text itself (the rectangles of each value's characters share one line), whatever the markup.
 */
export const expectWhole = async (element: Locator, pattern: RegExp, atLeast = 2) => {
  const values = await element.evaluate((root, source) => {
    const found: { text: string; lines: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(new RegExp(source, 'g'))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        found.push({ text: m[0], lines: tops.size });
      }
    }
    return found;
  }, pattern.source);
  expect(values.length, `${pattern} in the element`).toBeGreaterThanOrEqual(atLeast);
  expect(values.filter((v) => v.lines !== 1)).toEqual([]);
};

/** Each amount in the element's text lies on one line. */
export const expectAmountsWhole = (element: Locator, atLeast = 2) =>
  expectWhole(element, amountPattern, atLeast);

export const pdf = {
  name: 'edital.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};

/** A policy holder that nominated the signed-in broker (the first of its /tomadores list). */
export const nominatedHolderCnpj = async (page: Page) => {
  await page.goto(hostUrl(defaultHost, '/tomadores'));
  const cnpj = (await page.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).trim();
  expect(cnpj).toMatch(/^\S{2}\.\S{3}\.\S{3}\/\S{4}-\d{2}$/);
  return cnpj;
};

/**
 * Step 0: branch and modality, the holder by CNPJ (a string) or picked by a part of its name, then
 * the draft (step 1).
 */
export const startQuote = async (
  page: Page,
  info: TestInfo,
  branch: RegExp,
  modality: string,
  holder: string | { name: string; type: string },
) => {
  await page.goto(hostUrl(defaultHost, '/propostas/proposta/criar'));
  await page.getByRole('combobox', { name: 'Ramo' }).click();
  await page.getByRole('option', { name: branch }).click();
  await page.getByRole('combobox', { name: 'Modalidade' }).click();
  await page.getByRole('option', { name: modality, exact: true }).click();
  if (typeof holder === 'string') {
    await page.getByLabel('CNPJ do tomador').fill(holder);
    await page.getByRole('button', { name: 'Consultar tomador' }).click();
  } else {
    await page.getByRole('combobox', { name: 'Tomador (nome)' }).fill(holder.type);
    await page.getByRole('option').filter({ hasText: holder.name }).click();
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Limite disponível' })).toBeVisible();
  await screenshot(page, info, 'modalidade e tomador');
  await page.getByRole('button', { name: 'Iniciar cotação' }).click();
  await expect(page).toHaveURL(/\/propostas\/proposta\/editar\/[0-9a-f-]{36}\?etapa=1$/);
};

/** Step 1: a new insured registered here, the object, the validity and the IS. */
export const fillRisk = async (
  page: Page,
  info: TestInfo,
  object: string,
  days: number,
  amount: string,
  next = true,
  /** The guaranteed obligation of the helper (its type's label and value), when the law applies. */
  obligation?: { type: string; value: string },
) => {
  await page.getByLabel('CPF/CNPJ do segurado').fill(freshCnpj());
  await page.getByRole('button', { name: 'Buscar segurado' }).click();
  await page.getByLabel('Nome do segurado').fill('Prefeitura Municipal de Teste E2E');
  await page.getByRole('button', { name: 'Cadastrar segurado' }).click();
  await expect(page.getByLabel('Segurado escolhido')).toContainText('Prefeitura Municipal de Teste E2E');
  await page.getByLabel('Objeto da garantia').fill(object);
  await page.getByLabel('Número do contrato ou edital').fill('12/2026');
  await page.getByLabel('Valor do contrato').fill('1000000');
  await page.getByLabel('Valor do contrato').blur();
  const start = new Date();
  const end = new Date(start.getTime() + days * 86_400_000);
  await page.getByLabel('Início de vigência').fill(br(start));
  await page.getByLabel('Início de vigência').blur();
  await page.getByLabel('Fim de vigência').fill(br(end));
  await page.getByLabel('Fim de vigência').blur();
  if (obligation) {
    await page.getByRole('combobox', { name: 'Tipo de obrigação (opcional)' }).click();
    await page.getByRole('option', { name: obligation.type }).click();
    const value = page.getByLabel(/^(Valor estimado da contratação|Valor da obrigação)$/);
    await value.fill(obligation.value);
    await value.blur();
  }
  await page.getByLabel('Importância segurada').fill(amount);
  await page.getByLabel('Importância segurada').blur();
  await screenshot(page, info, 'segurado e objeto');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  if (next) await expect(page).toHaveURL(/etapa=2$/);
};

/** Step 4: the premium moves with the commission; one "Calcular" prices and keeps it. */
export const flexCommission = async (page: Page, info: TestInfo) => {
  const commission = page.getByLabel('Comissão', { exact: true });
  await commission.fill('10');
  await page.getByRole('button', { name: 'Calcular' }).click();
  const result = page.getByLabel('Resultado do cálculo');
  await expect(result).toContainText('R$');
  await expect(page.getByText('Prêmio calculado e gravado.').first()).toBeVisible();
  await expect(page.getByLabel('Parcelamento')).toBeVisible();
  const low = await result.innerText();
  await commission.fill('25');
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(result).not.toHaveText(low);
  await expect(page.getByRole('table', { name: 'Prêmio por comissão' })).toBeVisible();
  await expect(page.getByLabel('Parcelamento')).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, info, 'preco calculado com comissao de 25 e parcelas');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/etapa=5$/);
};

/** Step 6: every required document gets a file; then the terms (7) and the review (8). */
export const attachDocuments = async (page: Page, info: TestInfo) => {
  await expect(page.getByTestId('documents-summary')).toContainText('obrigatório');
  const required = page.getByTestId('request-document').filter({ hasText: 'Obrigatório' });
  await expect(required.first()).toBeVisible();
  const count = await required.count();
  for (let i = 0; i < count; i++) {
    const row = required.nth(i);
    const name = (await row.getByRole('cell').first().locator('p').first().innerText()).trim();
    await row.getByRole('button', { name: `Enviar arquivos para ${name}` }).click();
    const upload = page.getByRole('dialog', { name: 'Enviar arquivos' });
    await upload.locator('input[type=file]').setInputFiles(pdf);
    await expect(upload.getByLabel('Enviado')).toBeVisible({ timeout: 20_000 });
    await upload.getByRole('button', { name: 'Anexar ao documento' }).click();
    await expect(upload).toBeHidden();
  }
  await screenshot(page, info, 'documentos');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/etapa=7$/);
  await screenshot(page, info, 'termos');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/etapa=8$/);
};

/** Step 8: the commission disclosure confirmed, the proposal sent; its number. */
export const sendToAnalysis = async (page: Page, info: TestInfo) => {
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(page.getByText(/Confirme que informou ao tomador/)).toBeVisible();
  await page.getByRole('checkbox', { name: /Declaro que informei ao tomador/ }).check();
  // The commission's value in the statement lies whole on its line.
  await expectAmountsWhole(page.getByText(/^Declaro que informei ao tomador/), 1);
  await screenshot(page, info, 'revisao');
  await page.getByRole('button', { name: 'Enviar para análise' }).click();
  await expect(page).toHaveURL(/\/propostas\/proposta\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Em análise').first()).toBeVisible();
  await expect(page.getByText(/Restam 25 de 25 dias/)).toBeVisible();
  return (await page.getByRole('heading', { name: /Proposta nº \d+/ }).innerText()).trim();
};

/** Steps 6 to 8: the documents, the terms, the review and the sending; the proposal's number. */
export const attachDocumentsAndSend = async (page: Page, info: TestInfo) => {
  await attachDocuments(page, info);
  return sendToAnalysis(page, info);
};
