import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { detail, get, type Json, post } from '../api.js';
import { holderName, sendToAnalysis } from '../issuance.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * Analysis and issuance (issue 15). The proposals are prepared through the API as the portal calls
 * it (the broker quotes a Licitante proposal and attaches its documents, the insurer approves them
 * and the holder's branch activity, the broker sends it); the journeys exercise the screens the
 * issue names: the subscription card, the broker's answer, issuing, and the broker's downloads.
 */

const signOut = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
};

test.describe('analysis and issuance', () => {
  test('should stop at subscription, take a new rate on the card to the broker and issue once accepted', async ({
    page,
  }, info) => {
    // The analyst, the broker, the analyst again and the administrator each sign in.
    test.setTimeout(420_000);
    // IS above the Licitante modality's automatic approval limit (R$ 1.000.000,00).
    const { id, number, insurer, clause } = await sendToAnalysis(page.request, '1500000.00', {
      withScope: true,
    });
    await expect
      .poll(
        async () =>
          (await get(insurer, `/api/kanban/GetCardProposalInfo?ProposalUniqueId=${id}`)).Analysis
            .WaitingCardType,
        {
          timeout: 60_000,
        },
      )
      .toBe('PROPOSTA_SUBSCRICAO');

    // The underwriter (the demo analyst) opens the card on the subscription pipe by its title.
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/subscricao'));
    await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });
    const header = `Proposta nº ${number} · ${holderName}`;
    const card = page.getByTestId('kanban-card').filter({ hasText: header });
    await expect(card).toContainText('Subscrição manual');
    await card.getByRole('button', { name: `Abrir o card ${header}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Detalhes da Proposta' });
    await expect(drawer.getByText('Por que parou em Subscrição')).toBeVisible();
    await expect(drawer.getByText(/acima do limite de aprovação automática/).first()).toBeVisible();
    await expect(drawer.getByRole('table', { name: 'Validações automáticas' })).toContainText('Cadastro');
    // What the wizard collected: the beneficiary (CNPJ, address), the franchise, the clause.
    const scope = drawer.getByLabel('Partes e coberturas');
    await expect(scope).toContainText(/Caixa Econômica Federal · \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2} · /);
    await expect(scope).toContainText(/: 10,00% dos prejuízos indenizáveis com mínimo de R\$ 5\.000,00/);
    await expect(scope.getByText(clause!, { exact: true })).toBeVisible();
    await scope.scrollIntoViewIfNeeded();
    await screenshot(page, info, 'card da proposta com beneficiario franquia e clausula');
    const premium = drawer.getByText('Prêmio', { exact: true }).locator('xpath=following-sibling::*[1]');
    const before = await premium.innerText();

    // A 25 % loading on the rate: the premium is recalculated and stored.
    await drawer.getByLabel('Agravo').fill('25');
    await drawer.getByRole('button', { name: 'Recalcular prêmio' }).click();
    await expect(page.getByText(/^Preço alterado: prêmio de R\$/)).toBeVisible();
    await expect(premium).not.toHaveText(before);
    await expect(drawer.getByText('25,00%')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'card de subscricao com agravo');

    // The underwriter rewrites the particular clause in the rich-text editor (never raw HTML).
    const clauseText = drawer.getByRole('textbox', { name: clause! });
    await expect(clauseText).not.toContainText('<p>');
    await clauseText.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Reajuste anual pelo IPCA do período.');
    await drawer.getByRole('button', { name: 'Salvar cláusulas' }).click();
    await expect(page.getByText('Cláusulas alteradas.')).toBeVisible();
    expect((await detail(insurer, id)).ProposalParticularClause.map((c: { Text: string }) => c.Text)).toEqual(
      ['<p>Reajuste anual pelo IPCA do período.</p>'],
    );
    await screenshot(page, info, 'clausula reescrita no card');

    await drawer
      .getByLabel('O que o corretor deve ver ou fazer')
      .fill('Agravo de 25% aplicado pela subscrição: confirme a nova taxa com o tomador.');
    await drawer.getByRole('button', { name: 'Enviar ao corretor' }).click();
    await expect(page.getByText('Proposta enviada ao corretor.')).toBeVisible();
    await expect(drawer.getByText('Aguardando Corretor').first()).toBeVisible();
    // A request for adjustment decides nothing: the card cannot be approved while the broker holds it.
    await expect(drawer.getByTestId('card-blockers-detail')).toContainText(
      'a proposta aguarda a resposta do corretor ao pedido de ajuste',
    );
    await expect(drawer.getByRole('button', { name: 'Aprovar', exact: true })).toBeDisabled();
    await screenshot(page, info, 'enviada ao corretor');
    await page.keyboard.press('Escape');

    // The broker reads what the insurer asked where it answers, and accepts it.
    await signOut(page);
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, `/propostas/proposta/${id}`));
    await expect(page.getByText('Aguardando Corretor').first()).toBeVisible();
    await expect(page.getByTestId('adjustment-request')).toContainText(
      'Agravo de 25% aplicado pela subscrição: confirme a nova taxa com o tomador.',
    );
    await page.getByLabel('Resposta').fill('Tomador de acordo com a nova taxa.');
    await screenshot(page, info, 'corretor responde');
    await page.getByRole('button', { name: 'Responder e devolver à análise' }).click();
    await expect(page.getByText('Resposta enviada à seguradora.')).toBeVisible();
    // The answer returns the proposal to analysis; it does not approve it.
    await expect.poll(async () => (await detail(insurer, id)).StatusId, { timeout: 60_000 }).toBe(2);

    // The analyst reads the answer on the card and approves it, confirming.
    await signOut(page);
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/subscricao'));
    await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('Resposta do corretor: Tomador de acordo com a nova taxa.');
    await card.getByRole('button', { name: `Abrir o card ${header}` }).click();
    await drawer.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Aprovar o card' })
      .getByRole('button', { name: 'Aprovar' })
      .click();
    await expect(page.getByText('Card aprovado: movido para Aprovado.')).toBeVisible();
    await expect.poll(async () => (await detail(insurer, id)).StatusId, { timeout: 60_000 }).toBe(7);
    await page.keyboard.press('Escape');
    await signOut(page);

    // The holder's CCG is not signed: the administrator (permission 17) waives it with a
    // justification, then issues (public insured: issued before payment).
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, `/propostas-seguradora/proposta/surety/${id}?aba=emissao`));
    await expect(page.getByText('Aprovada').first()).toBeVisible();
    await page.getByRole('button', { name: 'Enviar à emissão dispensando o CCG' }).click();
    const waiver = page.getByRole('dialog', { name: 'Dispensar o CCG e enviar à emissão' });
    await expect(waiver.getByRole('button', { name: 'Dispensar e enviar' })).toBeDisabled();
    await waiver.getByLabel('Justificativa da dispensa do CCG').fill('Garantia real do tomador registrada.');
    await screenshot(page, info, 'dispensa do CCG com justificativa');
    await waiver.getByRole('button', { name: 'Dispensar e enviar' }).click();
    await expect(page.getByText('Proposta enviada à emissão.')).toBeVisible();
    await page.getByRole('button', { name: 'Emitir apólice' }).click();
    await page
      .getByRole('dialog', { name: 'Emitir a apólice' })
      .getByRole('button', { name: 'Emitir apólice' })
      .click();
    await expect(page.getByText(/^Apólice nº [\d.-]+ emitida\.$/)).toBeVisible();
    await expect(page.getByText('Emitida').first()).toBeVisible();
    expect((await detail(insurer, id)).StatusId).toBe(5);
    await page.getByRole('tab', { name: 'Validações' }).click();
    const log = page.getByRole('table', { name: 'Validações automáticas' });
    await expect(log.getByRole('row')).toHaveCount(8);
    await expect(log).toContainText('Enviada ao corretor para ajuste');
    await expectAccessible(page);
    await screenshot(page, info, 'log do motor da proposta emitida');
  });

  test('should give the broker its documents and settle a boleto by the bank return file', async ({
    page,
  }, info) => {
    test.setTimeout(240_000);
    const { id, insurer } = await sendToAnalysis(page.request, '100000.00');
    await expect.poll(async () => (await detail(insurer, id)).StatusId, { timeout: 60_000 }).toBe(7);
    await post(insurer, '/api/Proposal/RequestIssuance', {
      ProposalUniqueId: id,
      IgnoreCCGSignature: true,
      CcgWaiverJustification: 'Contragarantia dispensada pela diretoria de crédito.',
    });
    const issued = await post(insurer, '/api/Proposal/IssueProposal', { ProposalUniqueId: id });
    expect(issued.StatusId).toBe(5);

    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, `/propostas/proposta/${id}?aba=emissao`));
    await expect(page.getByRole('heading', { name: 'Apólice', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Boleto 1' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'aba emissao do corretor');
    const saved = join(import.meta.dirname, '..', process.env.E2E_ARTIFACTS_DIR ?? 'artifacts', 'downloads');
    mkdirSync(saved, { recursive: true });
    for (const [button, name] of [
      ['Baixar minuta', /^minuta-proposta-\d+\.pdf$/],
      ['Boleto 1', /^boleto-proposta-\d+-parcela-1\.pdf$/],
      ['Baixar apólice', /^apolice-[\d.-]+\.pdf$/],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(name);
      const path = join(saved, file.suggestedFilename());
      await file.saveAs(path);
      expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    }
    await signOut(page);

    // The bank pays the first boleto; its return file (written here, as the bank would) names it and
    // a boleto this insurer never issued. The analyst imports it on Retorno bancário.
    const issuance = await get(insurer, `/api/Proposal/GetProposalIssuance?ProposalUniqueId=${id}`);
    const first = issuance.Installments.find((i: Json) => i.Number === 1);
    expect(first.StatusId).toBe(1);
    const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    const returnFile = join(saved, 'retorno-banco.ret');
    writeFileSync(
      returnFile,
      `# retorno do banco\n${first.OurNumber};${today};${first.Amount}\n99999999;${today};10,00\n`,
    );
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, `/propostas-seguradora/proposta/surety/${id}?aba=emissao`));
    await page.getByRole('link', { name: 'Importar o retorno do banco' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Retorno bancário' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Arquivo de retorno').click();
    await (await chooser).setFiles(returnFile);
    await page.getByRole('button', { name: 'Importar retorno' }).click();
    const confirm = page.getByRole('dialog', { name: 'Importar o retorno do banco' });
    await expect(confirm).toContainText('retorno-banco.ret com 2 boletos');
    await confirm.getByRole('button', { name: 'Importar' }).click();
    await expect(page.getByText('1 parcela baixada; 1 boleto ignorado.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Parcelas baixadas' })).toContainText(first.OurNumber);
    await expect(page.getByRole('table', { name: 'Boletos ignorados' })).toContainText(
      'Boleto não encontrado.',
    );
    await expectAccessible(page);
    await screenshot(page, info, 'retorno bancario importado');
    // The installment is paid on the record and on the proposal's Emissão tab.
    const after = await get(insurer, `/api/Proposal/GetProposalIssuance?ProposalUniqueId=${id}`);
    expect(after.Installments.find((i: Json) => i.Number === 1).StatusId).not.toBe(1);
    await page.goto(hostUrl(defaultHost, `/propostas-seguradora/proposta/surety/${id}?aba=emissao`));
    const installments = page.getByRole('table', { name: 'Parcelas e boletos' });
    await expect(installments.getByRole('row').nth(1)).toContainText('Paga');
  });
});
