import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import {
  attachDocumentsAndSend,
  br,
  cpfCnpjPattern,
  expectAmountsWhole,
  expectWhole,
  fillRisk,
  flexCommission,
  freshCnpj,
  nominatedHolderCnpj,
  startQuote,
} from '../quote.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, retype, screenshot, signIn } from '../support.js';

/** A numeric CNPJ's branch number `n` (same 8-digit root, its own check digits), masked: '39.864.949/0002-56'. */
const branchCnpj = (holderCnpj: string, n: number) => {
  const ds = `${holderCnpj.replace(/\D/g, '').slice(0, 8)}${String(n).padStart(4, '0')}`
    .split('')
    .map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const r = ds.reduce((s, d, i) => s + d * weights[i]!, 0) % 11;
    ds.push(r < 2 ? 0 : 11 - r);
  }
  const c = ds.join('');
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
};

/**
 * The element and all it holds end inside the page's width and show their whole text (nothing
 * clipped by an overflow), and the page does not scroll sideways.
 */
const expectWithinWidth = async (page: Page, element: Locator) => {
  const width = page.viewportSize()!.width;
  const outside = await element.evaluate(
    (root, w) =>
      [root, ...root.querySelectorAll('*')].flatMap((el) => {
        const r = el.getBoundingClientRect();
        return r.left < 0 || r.right > w + 0.5 || el.scrollWidth > el.clientWidth + 1
          ? [
              `${el.tagName} "${el.textContent?.slice(0, 60)}" ${r.left}–${r.right} (${el.scrollWidth}/${el.clientWidth})`,
            ]
          : [];
      }),
    width,
  );
  expect(outside, `inside ${width} px`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

/** Nothing lies over the element (the fixed app bar, a toast): its corners and centre hit the element itself. */
const expectUncovered = async (element: Locator) => {
  const covered = await element.evaluate((root) => {
    const r = root.getBoundingClientRect();
    const points = [
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
    ] as const;
    return points.flatMap(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit && root.contains(hit)
        ? []
        : [`${Math.round(x)},${Math.round(y)} under ${hit?.tagName ?? 'nothing'} ${hit?.className ?? ''}`];
    });
  });
  expect(covered, 'covered points').toEqual([]);
};

/** Types a date (DD/MM/YYYY) into a date field, `days` from today. */
const typeDate = async (page: Page, label: string, days: number) => {
  const field = page.getByLabel(label);
  await retype(field, br(new Date(Date.now() + days * 86_400_000)));
  await field.blur();
};

/** The wizard's risk step of the demo's property quote (Riscos Nomeados, a quote or a draft). */
const editPropertyQuote = async (page: Page) => {
  await page.goto(hostUrl(defaultHost, '/propostas'));
  // Quotes only: demo data holds many proposals.
  const filters = page.getByRole('form', { name: 'Filtros de propostas' });
  await filters.getByLabel('Status', { exact: true }).click({ force: true });
  for (const status of ['Cotação', 'Em Cotação'])
    await page.getByRole('option', { name: status, exact: true }).click();
  await filters.getByRole('button', { name: 'Pesquisar' }).click();
  await page.getByRole('row').filter({ hasText: 'Riscos Nomeados' }).first().click();
  await expect(page.getByRole('heading', { name: /Proposta nº \d+/ })).toBeVisible();
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/propostas\/proposta\/editar\/[0-9a-f-]{36}$/);
};

/** The address of a beneficiary through the shared address form (the fixture CEP provider). */
const fillBeneficiaryAddress = async (page: Page, name: string) => {
  await page.getByRole('button', { name: `Novo endereço de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Novo endereço de ${name}` });
  await dialog.getByLabel('CEP').fill('01310100');
  await expect(dialog.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
  await dialog.getByLabel('Número').fill('1000');
  await dialog.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(dialog).toBeHidden();
  // The new address is added to the beneficiary's and chosen for this proposal.
  await expect(page.getByRole('combobox', { name: `Endereço de ${name}` })).toHaveValue(
    /^Avenida Paulista, 1000/,
  );
};

/** Step 5: a co-broker takes 40 % of the commission; the main broker leads with the rest. */
const addCoBroker = async (page: Page, info: TestInfo) => {
  await page.getByRole('combobox', { name: 'Adicionar cocorretora' }).fill('Corretora');
  await page.getByRole('option').first().click();
  const share = page.getByLabel(/^Participação de /);
  await share.fill('40');
  await share.blur();
  await expect(page.getByLabel('Participação da líder')).toHaveText('60,00%');
  await expectAccessible(page);
  await screenshot(page, info, 'cocorretagem');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/etapa=6$/);
};

test.describe('proposals', () => {
  test('should let a broker quote, flex the commission, attach documents and send to analysis', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/propostas'));
    await expect(page.getByRole('heading', { name: 'Propostas' })).toBeVisible();
    await expect(page.getByText(/1–\d+ de \d+/)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista do corretor');

    const cnpj = await nominatedHolderCnpj(page);
    await startQuote(page, info, /^0775/, 'Licitante', cnpj);
    await fillRisk(page, info, 'Participação no pregão eletrônico nº 45/2026.', 180, '100000');

    // The new insured gets an address (shared locations panel, CEP lookup): the risk location.
    await page.getByRole('button', { name: 'Endereços do segurado' }).click();
    await page.getByRole('button', { name: 'Nova localização' }).click();
    const place = page.getByRole('dialog', { name: 'Nova localização' });
    await place.getByLabel('CEP').fill('01310100');
    await expect(place.getByLabel('Logradouro')).toHaveValue('Avenida Paulista');
    await place.getByLabel('Número').fill('200');
    await place.getByRole('button', { name: 'Salvar localização' }).click();
    await expect(place).toBeHidden();
    await page.getByRole('combobox', { name: /^Endereço do segurado/ }).click();
    await page.getByRole('option', { name: /Avenida Paulista, 200/ }).click();

    // A registered beneficiary found by name, its address through the CEP lookup.
    await page.getByRole('combobox', { name: 'Buscar beneficiário cadastrado' }).fill('Caixa');
    await page.getByRole('option', { name: /Caixa Econômica Federal/ }).click();
    await fillBeneficiaryAddress(page, 'Caixa Econômica Federal');
    await expectAccessible(page);
    await screenshot(page, info, 'beneficiarios e local');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);
    // Back on the step, the saved risk location is read again.
    await page.getByRole('button', { name: /Beneficiários e local/ }).click();
    await expect(page.getByRole('combobox', { name: /^Endereço do segurado/ })).toHaveValue(
      /Avenida Paulista, 200/,
    );
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);

    // The main coverage and a particular clause of the modality.
    await expect(page.getByRole('region', { name: 'Cobertura Básica - Licitante' })).toContainText(
      'R$ 100.000,00',
    );
    await page.getByRole('checkbox', { name: 'Cláusula de Expectativa de Sinistro' }).check();
    await expectAccessible(page);
    await screenshot(page, info, 'coberturas e clausulas');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=4$/);

    await flexCommission(page, info);
    await addCoBroker(page, info);
    const title = await attachDocumentsAndSend(page, info);
    await page.getByRole('tab', { name: 'Preço' }).click();
    await expect(page.getByRole('cell', { name: /\(líder\)/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Linha do tempo' }).click();
    await expect(
      page.getByText('Proposta enviada para análise da seguradora', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'detalhe em analise');

    // Insurer staff find it.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/propostas-seguradora'));
    await page.getByLabel('Número').fill(title.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista da seguradora');
    // The filtered list exports as CSV (Excel pt-BR), the one proposal and nothing else.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^propostas-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvText = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString(
      'utf8',
    );
    // The BOM first (Excel reads the accents), then CRLF lines (trim() would also drop the BOM).
    expect(csvText.startsWith('\uFEFF')).toBe(true);
    const csvLines = csvText.slice(1).replace(/\r\n$/, '').split('\r\n');
    expect(csvLines[0]).toBe(
      'Número;Status;Tomador;CPF/CNPJ do tomador;Modalidade;Segurado;Corretora;Importância segurada;Prêmio;Início da vigência;Fim da vigência',
    );
    expect(csvLines).toHaveLength(2);
    expect(csvLines[1]?.startsWith(`${title.replace(/\D/g, '')};`)).toBe(true);
    // The other filters of the spec, behind "Mais filtros", narrow it further: a vigência starting
    // later, another CNPJ; the filter in force shows as a chip.
    await expect(page.getByRole('list', { name: 'Filtros aplicados' })).toContainText(
      `Número: ${title.replace(/\D/g, '')}`,
    );
    await page.getByRole('button', { name: 'Mais filtros' }).click();
    const from = page.getByRole('textbox', { name: 'Vigência a partir de' });
    await from.fill('01/01/2099');
    await from.blur();
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('Nenhuma proposta encontrada')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar data' }).click();
    await page.getByRole('textbox', { name: 'CPF/CNPJ do tomador' }).fill('00.000.000');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('Nenhuma proposta encontrada')).toBeVisible();
    await page.getByRole('textbox', { name: 'CPF/CNPJ do tomador' }).fill('');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('1–1 de 1')).toBeVisible();

    // The insurer asks the broker for an adjustment: the acceptance clock pauses.
    await page.getByRole('cell', { name: title.replace(/\D/g, ''), exact: true }).click();
    await expect(page).toHaveURL(/\/propostas-seguradora\/proposta\/surety\/[0-9a-f-]{36}$/);
    await page.getByLabel('Motivo do ajuste').fill('Envie o edital com a ata de abertura.');
    await page.getByRole('button', { name: 'Pedir ajuste' }).click();
    // The toast sits below the app bar: the user menu stays uncovered while it shows.
    await expect(page.getByText('Ajuste solicitado ao corretor.')).toBeVisible();
    await expectUncovered(page.getByTestId('user-menu'));
    await expect(page.getByText('Aguardando Corretor').first()).toBeVisible();
    await expect(page.getByText(/Prazo pausado enquanto a proposta aguarda o corretor/)).toBeVisible();
    // The holder's limit and what this proposal leaves of it: each amount whole on its line, at
    // the wide widths where the summary's third column is narrow, then at the default width.
    // The CNPJs of the holder's establishment and of the beneficiary stay whole as well.
    const limit = page.getByText(/após esta proposta/);
    const scope = page.getByLabel('Partes e coberturas');
    const wide = page.viewportSize()!;
    for (const width of [992, 1100, 1200, 1280, 1366, wide.width]) {
      await page.setViewportSize({ width, height: wide.height });
      await expectAmountsWhole(limit);
      await expectWhole(scope, cpfCnpjPattern);
    }
    await expectAccessible(page);
    await screenshot(page, info, 'ajuste pedido pela seguradora');
    // An insurer's observation is internal (brokers never receive it).
    await page.getByRole('tab', { name: 'Observações' }).click();
    await page.getByLabel('Nova observação').fill('Conferir a ata antes de aprovar.');
    await page.getByRole('button', { name: 'Registrar observação' }).click();
    await expect(page.getByText('Observação registrada.', { exact: true })).toBeVisible();
    const note = page.getByRole('article').filter({ hasText: 'Conferir a ata antes de aprovar.' });
    await expect(note).toContainText('Interna');
    await screenshot(page, info, 'observacoes');

    // The insurer loads the rate (agravo): the premium is recalculated.
    await page.getByRole('tab', { name: 'Preço' }).click();
    const before = await page
      .getByText(/^R\$ [\d.]+,\d{2}$/)
      .first()
      .innerText();
    await retype(page.getByRole('textbox', { name: 'Agravo' }), '10');
    await page.getByRole('button', { name: 'Recalcular prêmio' }).click();
    await expect(page.getByText('Agravo e sinistralidade gravados; prêmio recalculado.')).toBeVisible();
    await expect(page.getByText(/^R\$ [\d.]+,\d{2}$/).first()).not.toHaveText(before);
    await screenshot(page, info, 'agravo da seguradora');
  });
});

test.describe('the validation messages of spec §5', () => {
  test('should show the IS, days, retroactivity and risk value messages on their fields of the risk step', async ({
    page,
  }, info) => {
    test.setTimeout(150_000);
    await signIn(page, demoUsers.broker);
    // Licitante: IS up to R$ 5.000.000,00, 30 to 365 days, no retroactive day.
    const cnpj = await nominatedHolderCnpj(page);
    await startQuote(page, info, /^0775/, 'Licitante', cnpj);
    await fillRisk(page, info, 'Participação no pregão eletrônico nº 88/2026.', 400, '6000000', false);
    const amount = page.getByLabel('Importância segurada');
    const end = page.getByLabel('Fim de vigência');
    await expect(amount).toHaveAccessibleDescription(
      'O valor de importância segurada máximo para a modalidade "Licitante" é de R$ 5.000.000,00',
    );
    await expect(end).toHaveAccessibleDescription(
      'Prazo de dias para essa modalidade não pode ser maior que 365',
    );
    await expect(page).toHaveURL(/etapa=1$/);
    await expectAccessible(page);
    await screenshot(page, info, 'IS e prazo acima do maximo');

    await retype(amount, '100000');
    await amount.blur();
    await typeDate(page, 'Fim de vigência', 10);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(end).toHaveAccessibleDescription(
      'Prazo de dias para essa modalidade não pode ser menor que 30',
    );
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, info, 'prazo abaixo do minimo');

    await typeDate(page, 'Início de vigência', -2);
    await typeDate(page, 'Fim de vigência', 180);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page.getByLabel('Início de vigência')).toHaveAccessibleDescription(
      'Retroatividade de dias para essa modalidade não pode ser maior que 0',
    );
    await screenshot(page, info, 'retroatividade');
    await typeDate(page, 'Início de vigência', 0);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=2$/);

    // A property risk: the building, the content and the lost profit add up to the risk value,
    // which must lie within the modality's range (Riscos Nomeados Empresarial: up to R$ 100.000.000,00).
    await editPropertyQuote(page);
    const building = page.getByLabel('Prédio (LMI)');
    await retype(building, '150000000');
    await building.blur();
    // The risk value follows what is typed: 150.000.000,00 + the content's 600.000,00 and the lost
    // profit's 300.000,00 of the demo quote.
    await expect(page.getByLabel('Valor em risco')).toContainText('R$ 150.900.000,00');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(building).toHaveAccessibleDescription(
      'A soma dos valores não pode ser maior que R$ 100.000.000,00 ou menor que R$ 0,00.',
    );
    await expectAccessible(page);
    await screenshot(page, info, 'valor em risco acima do maximo');
  });
});

test.describe('proposals on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('should read the list, a seeded proposal and its timeline at 375 px', async ({ page }, info) => {
    test.setTimeout(90_000);
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/propostas'));
    await expect(page.getByRole('heading', { name: 'Propostas' })).toBeVisible();
    await screenshot(page, info, 'lista 375');
    // Demo data holds many proposals: the status filter brings the ones under analysis.
    const filters = page.getByRole('form', { name: 'Filtros de propostas' });
    // The MultiSelect opens from its box (which covers the read-only input), as a user clicks it.
    await filters.getByLabel('Status', { exact: true }).click({ force: true });
    // Proposals already sent to the insurer (the automatic validations move the seeded ones on).
    const sent = ['Em análise', 'Aguardando Corretor', 'Aprovada', 'Aguardando Emissão', 'Emitida'];
    for (const status of sent) await page.getByRole('option', { name: status, exact: true }).click();
    await filters.getByRole('button', { name: 'Pesquisar' }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: new RegExp(sent.join('|')) })
      .first();
    await row.click();
    await expect(page.getByRole('heading', { name: /Proposta nº \d+/ })).toBeVisible();
    // The holder's limit and what this proposal leaves of it: each amount whole on its line.
    const limit = page.getByText(/após esta proposta/);
    await expectAmountsWhole(limit);
    await expectWithinWidth(page, limit);
    await expectAccessible(page);
    await screenshot(page, info, 'detalhe 375');
    await page.getByRole('link', { name: 'Linha do tempo' }).click();
    await expect(page.getByRole('heading', { name: 'Linha do tempo da proposta' })).toBeVisible();
    await screenshot(page, info, 'linha do tempo 375');
  });
});

test.describe('property quotes', () => {
  test('should show the MMU + MMP rule on its field of the risk step', async ({ page }, info) => {
    test.setTimeout(90_000);
    await signIn(page, demoUsers.broker);
    await editPropertyQuote(page);
    await expect(page.getByLabel('Valor em risco')).toContainText('R$ 2.700.000,00');
    await retype(page.getByLabel('MMP'), '150000');
    await page.getByLabel('MMP').blur();
    await expect(page.getByLabel('MMP')).toHaveValue('R$ 150.000,00');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(
      page.getByText(
        'Valor da soma do MMU e MMP inválidos, a soma deve ser exatamente igual ao valor do conteúdo!',
      ),
    ).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'regra do MMU e MMP');

    // The QAR of the risk location, on the coverages step, read back after saving.
    const quote = page.url().replace(/\?.*$/, '');
    await page.goto(`${quote}?etapa=3`);
    const qar = page.getByRole('region', { name: 'Questionário de avaliação de risco (QAR)' });
    await qar.getByLabel('Extintores').fill('12');
    await qar.getByLabel('Alarme monitorado').fill('1');
    await expectAccessible(page);
    await screenshot(page, info, 'QAR');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=4$/);
    await page.goto(`${quote}?etapa=3`);
    await expect(qar.getByLabel('Extintores')).toHaveValue('12');
  });
});

test.describe('proposals of an advisor', () => {
  test('should quote acting as a broker, with beneficiaries, coverages, a package and clauses', async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await signIn(page, demoUsers.advisor);
    await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.advisor.home));
    await screenshot(page, info, 'corretoras assessoradas');
    await page.getByRole('button', { name: demoUsers.broker.name }).click();
    await expect(page.getByRole('button', { name: 'Voltar para assessor' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText(demoUsers.broker.name);

    const cnpj = await nominatedHolderCnpj(page);
    await startQuote(page, info, /^0775/, 'Executante Construtor', cnpj);
    await fillRisk(page, info, 'Execução das obras do contrato nº 12/2026.', 365, '200000');

    // A new beneficiary registered by CNPJ, then its address.
    await expect(
      page.getByText('Esta modalidade admite somente beneficiário pessoa jurídica (CNPJ).'),
    ).toBeVisible();
    await page.getByLabel('CNPJ do beneficiário').fill(freshCnpj());
    await page.getByRole('button', { name: 'Incluir beneficiário' }).click();
    await expect(
      page.getByText('Beneficiário não cadastrado. Informe o nome para cadastrá-lo.'),
    ).toBeVisible();
    await page.getByLabel('Nome do beneficiário').fill('Banco de Fomento E2E S.A.');
    await page.getByRole('button', { name: 'Cadastrar beneficiário' }).click();
    await fillBeneficiaryAddress(page, 'Banco de Fomento E2E S.A.');
    await expectAccessible(page);
    await screenshot(page, info, 'beneficiario cadastrado');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);

    // An additional coverage with a franchise, a complementary modality in the package, a clause.
    const fines = page.getByRole('region', { name: 'Multas Contratuais' });
    await fines.getByRole('checkbox', { name: 'Multas Contratuais' }).check();
    await expect(fines.getByLabel('Importância segurada de Multas Contratuais')).toHaveValue('R$ 60.000,00');
    await fines.getByRole('combobox', { name: 'Franquia de Multas Contratuais' }).click();
    await page.getByRole('option', { name: 'Percentual dos prejuízos com mínimo' }).click();
    await fines.getByLabel('Percentual dos prejuízos').fill('10');
    await fines.getByLabel('Valor mínimo da franquia').fill('5000');
    await fines.getByLabel('Valor mínimo da franquia').blur();
    await expect(fines.getByLabel('Franquia de Multas Contratuais por extenso')).toHaveText(
      'Franquia: 10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00',
    );
    await page.getByRole('checkbox', { name: 'Adiantamento de Pagamento' }).check();
    // A package without its IS is refused on its field.
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(
      page.getByText('Informe a importância segurada de Adiantamento de Pagamento.'),
    ).toBeVisible();
    await page.getByLabel('Importância segurada de Adiantamento de Pagamento').fill('50000');
    await page.getByLabel('Importância segurada de Adiantamento de Pagamento').blur();
    await page.getByRole('checkbox', { name: 'Cláusula de Retroatividade' }).check();
    await expectAccessible(page);
    await screenshot(page, info, 'coberturas franquia e pacote');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=4$/);

    await flexCommission(page, info);
    await addCoBroker(page, info);
    const title = await attachDocumentsAndSend(page, info);
    expect(title).toMatch(/Proposta nº \d+/);
    // The detail names the coverage with its franchise, the package and the clause; at 1280 px the
    // beneficiary's CNPJ and the amounts lie whole on their lines.
    const scope = page.getByLabel('Partes e coberturas');
    await expect(scope).toContainText('Multas Contratuais (R$ 60.000,00)');
    await expect(scope).toContainText(
      'Multas Contratuais: 10,00% dos prejuízos indenizáveis com mínimo de R$ 5.000,00',
    );
    await expect(scope).toContainText('Adiantamento de Pagamento (R$ 50.000,00)');
    await expect(scope).toContainText('Cláusula de Retroatividade');
    await expectWhole(scope, cpfCnpjPattern);
    await expectAmountsWhole(scope, 3);
    await expectAccessible(page);
    await screenshot(page, info, 'detalhe em analise');

    // It is in the advised broker's list, then the advisor goes back to its own identity.
    await page.goto(hostUrl(defaultHost, '/propostas'));
    await page.getByLabel('Número').fill(title.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByText('1–1 de 1')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Executante Construtor' })).toBeVisible();
    await page.getByRole('button', { name: 'Voltar para assessor' }).click();
    await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.advisor.home));
  });
});

test.describe('the new wizard steps on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('should read the beneficiaries and coverages steps at 375 px', async ({ page }, info) => {
    test.setTimeout(120_000);
    await signIn(page, demoUsers.broker);
    const cnpj = await nominatedHolderCnpj(page);
    await startQuote(page, info, /^0775/, 'Executante Construtor', cnpj);
    await fillRisk(page, info, 'Execução das obras do contrato nº 13/2026.', 365, '150000');
    // The holder's limit and what this proposal leaves of it: whole, within the phone's width.
    // The step opens at the top (not under the fixed app bar where the last step's scroll would leave it).
    const limit = page.getByLabel('Limite do tomador');
    await expect(limit).toContainText(/após esta proposta: R\$/);
    // The toasts of the start and the save pass over the page's top for a few seconds.
    await expect(page.getByText(/^Cotação (iniciada|salva)\.$/)).toHaveCount(0, { timeout: 15_000 });
    await expect(limit).toBeInViewport({ ratio: 1 });
    await expectUncovered(limit);
    await expectWithinWidth(page, limit);
    await screenshot(page, info, 'limite 375');
    // A compact stepper instead of the list of 9 steps: where the broker is, the progress, a jump.
    const steps = page.getByRole('group', { name: 'Etapas da cotação' });
    await expect(steps.getByText('Etapa 3 de 9 · Beneficiários e local')).toBeVisible();
    await expect(steps.getByText(/^Etapas pendentes: .*5\. Preço/)).toBeVisible();
    await steps.getByRole('combobox', { name: 'Ir para a etapa' }).click();
    await expect(page.getByRole('option', { name: '1. Modalidade e tomador' })).toBeDisabled();
    await screenshot(page, info, 'etapas 375');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Buscar beneficiário cadastrado' }).fill('Caixa');
    await page.getByRole('option', { name: /Caixa Econômica Federal/ }).click();
    await expect(page.getByTestId('beneficiary')).toHaveCount(1);
    await expectAccessible(page);
    await screenshot(page, info, 'beneficiarios 375');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);
    await page.getByRole('region', { name: 'Multas Contratuais' }).getByRole('checkbox').check();
    await expectAccessible(page);
    await screenshot(page, info, 'coberturas 375');
    await page.getByRole('button', { name: 'Limpar cotação' }).click();
    const confirm = page.getByRole('dialog', { name: 'Limpar cotação' });
    await expect(confirm).toBeVisible();
    await screenshot(page, info, 'limpar 375');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
  });
});

test.describe('clearing a quote', () => {
  test('should keep the draft through a sign-out and only its branch, modality, holder and insured on a partial clear', async ({
    page,
  }, info) => {
    test.setTimeout(150_000);
    await signIn(page, demoUsers.broker);
    const cnpj = await nominatedHolderCnpj(page);
    await startQuote(page, info, /^0775/, 'Executante Construtor', cnpj);
    const draft = page.url().replace(/\?.*$/, '');
    await fillRisk(page, info, 'Execução das obras do contrato nº 14/2026.', 365, '120000');
    await page.getByRole('combobox', { name: 'Buscar beneficiário cadastrado' }).fill('Caixa');
    await page.getByRole('option', { name: /Caixa Econômica Federal/ }).click();
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);
    await page.getByRole('checkbox', { name: 'Cláusula de Retroatividade' }).check();
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=4$/);

    // Global clear: signing out empties the browser's state; the draft (status 8) keeps everything.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await signIn(page, demoUsers.broker);
    await page.goto(`${draft}?etapa=3`);
    await expect(page.getByRole('checkbox', { name: 'Cláusula de Retroatividade' })).toBeChecked();
    await page.goto(`${draft}?etapa=1`);
    await expect(page.getByLabel('Número do contrato ou edital')).toHaveValue('12/2026');
    await expect(page.getByLabel('Valor do contrato')).toHaveValue('R$ 1.000.000,00');
    await page.goto(`${draft}?etapa=2`);
    await expect(page.getByTestId('beneficiary')).toContainText('Caixa Econômica Federal');
    await screenshot(page, info, 'retomada depois de sair');

    // Partial clear: branch, modality, holder and insured stay; the rest goes.
    await page.getByRole('button', { name: 'Limpar cotação' }).click();
    const confirm = page.getByRole('dialog', { name: 'Limpar cotação' });
    await expect(confirm).toContainText('Ficam o ramo, a modalidade, o tomador e o segurado');
    await expectAccessible(page);
    await screenshot(page, info, 'confirmacao da limpeza');
    await confirm.getByRole('button', { name: 'Limpar cotação' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/etapa=1$/);
    await expect(page.getByLabel('Segurado escolhido')).toContainText('Prefeitura Municipal de Teste E2E');
    await expect(page.getByText(/· Executante Construtor$/)).toBeVisible();
    await expect(page.getByLabel('Objeto da garantia')).toHaveValue('');
    await expect(page.getByLabel('Número do contrato ou edital')).toHaveValue('');
    await expect(page.getByLabel('Importância segurada')).toHaveValue('');
    await expect(page.getByLabel('Início de vigência')).toHaveValue('');
    await expectAccessible(page);
    await screenshot(page, info, 'depois da limpeza parcial');
    await page.goto(`${draft}?etapa=2`);
    await expect(page.getByText('Nenhum beneficiário: a garantia é a favor do segurado.')).toBeVisible();
    await page.goto(`${draft}?etapa=3`);
    await expect(page.getByRole('checkbox', { name: 'Cláusula de Retroatividade' })).not.toBeChecked();
  });
});

test.describe('the policy holder branch of a quote', () => {
  test('should show the branch picked on the holder step on the review and the detail', async ({
    page,
  }, info) => {
    test.setTimeout(150_000);
    await signIn(page, demoUsers.broker);
    // A nominated holder of the demo seed with two registered branches (0002 and 0003).
    await page.goto(hostUrl(defaultHost, '/tomadores'));
    await page.getByLabel('Nome ou razão social').fill('Baía Norte');
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Portuária Baía Norte Serviços Ltda.' });
    await expect(row).toHaveCount(1);
    const cnpj = (await row.getByRole('cell').nth(1).innerText()).trim();
    expect(cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/0001-\d{2}$/);
    const branch = branchCnpj(cnpj, 2);
    const branchLabel = `Filial 0002-${branch.slice(-2)} · ${branch}`;

    await page.goto(hostUrl(defaultHost, '/propostas/proposta/criar'));
    await page.getByRole('combobox', { name: 'Ramo' }).click();
    await page.getByRole('option', { name: /^0775/ }).click();
    await page.getByRole('combobox', { name: 'Modalidade' }).click();
    await page.getByRole('option', { name: 'Executante Construtor', exact: true }).click();
    await page.getByLabel('CNPJ do tomador').fill(cnpj);
    await page.getByRole('button', { name: 'Consultar tomador' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Limite disponível' })).toBeVisible();
    // The head office by default; the holder's registered branches to choose from.
    const establishment = page.getByRole('combobox', { name: 'Estabelecimento do tomador' });
    await expect(establishment).toHaveValue(`Matriz · ${cnpj}`);
    await establishment.click();
    await expect(
      page.getByRole('option', { name: `Filial 0003-${branchCnpj(cnpj, 3).slice(-2)}` }),
    ).toBeVisible();
    await page.getByRole('option', { name: branchLabel, exact: true }).click();
    await expect(establishment).toHaveValue(branchLabel);
    await expectAccessible(page);
    await screenshot(page, info, 'filial escolhida');
    await page.getByRole('button', { name: 'Iniciar cotação' }).click();
    await expect(page).toHaveURL(/\/propostas\/proposta\/editar\/[0-9a-f-]{36}\?etapa=1$/);
    const draft = page.url().replace(/\?.*$/, '');

    // The draft names the branch: the risk step shows it chosen and keeps it when saved.
    await expect(
      page.getByRole('combobox', {
        name: 'Estabelecimento do tomador (Portuária Baía Norte Serviços Ltda.)',
      }),
    ).toHaveValue(branchLabel);
    await fillRisk(page, info, 'Execução das obras da filial, contrato nº 15/2026.', 365, '150000');

    // Straight to the review from the stepper: the establishment is the branch, not the head office.
    await page.getByRole('button', { name: /Revisão e envio/ }).click();
    await expect(page).toHaveURL(/etapa=8$/);
    const review = page.getByRole('form', { name: 'Revisão e envio' });
    await expect(review.getByText(branchLabel, { exact: true })).toBeVisible();
    await expect(review.getByText(/^Matriz · /)).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, info, 'revisao com a filial');

    // The proposal's detail says the same.
    await page.goto(draft.replace('/editar/', '/'));
    await expect(page.getByRole('heading', { name: /Proposta nº \d+/ })).toBeVisible();
    await expect(page.getByText(branchLabel, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Matriz · /)).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, info, 'detalhe com a filial');
  });
});
