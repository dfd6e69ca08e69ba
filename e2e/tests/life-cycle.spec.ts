import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { detail, get, type Json, post, recifeHeadOffice } from '../api.js';
import { holderUser, nominateBroker, registerHolder, statement2025 } from '../holders.js';
import { acceptBranchActivity } from '../issuance.js';
import { attachDocumentsAndSend, fillRisk, flexCommission, pdf, startQuote } from '../quote.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * The life cycle of issue 30, by the demo users' own profiles, from a quote made in the journey:
 * the broker quotes in the wizard, attaches the documents and sends; the analyst (analista@, not
 * admin) opens the card by clicking it, sees why it cannot be approved yet, reviews each document,
 * reads the validations in Portuguese, approves with a confirmation; the broker prepares the holder's
 * CCG and sends it signed, the analyst approves its card; the analyst issues; the broker sees the
 * policy. Outside the task, set up through the API: a policy holder of the journey's own (each
 * attempt registers one, so a retry finds no CCG its first attempt prepared), with its head office,
 * a financial statement and the limits calculated from it, the main broker's nomination approved, its
 * branch of activity accepted and a user of its own, who sees the policy at the end.
 */

/** The holder's partner with powers who signs its CCG. */
const signatory = 'Ricardo Almeida Souza';

const signOut = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
};

test.describe('the life cycle of a proposal', () => {
  test('should carry a new quote to an issued policy', async ({ page }, info) => {
    test.setTimeout(600_000);
    const mark = `E2E ${randomUUID().slice(0, 6)}`;
    const holderName = `Engenharia Vale do Paraíba ${mark} S.A.`;
    const { admin, holder } = await registerHolder(page.request, holderName);
    await post(admin, '/api/PolicyHolder/SaveComplementarData', {
      PolicyHolderUniqueId: holder.UniqueId,
      TradeName: `Vale Engenharia ${mark}`,
      Cnae: '4211101',
      CnaeDescription: 'Construção de rodovias e ferrovias',
      Locations: [recifeHeadOffice],
      FinancialStatements: [statement2025],
    });
    await post(
      admin,
      `/api/PolicyHolder/CalculatePolicyHolderLimitsAndRates?PolicyHolderUniqueId=${holder.UniqueId}`,
      undefined,
    );
    const { broker, analyst: analystApi } = await nominateBroker(page.request, holder);
    await acceptBranchActivity(analystApi, holder.UniqueId);
    const holderUserOfItsOwn = await holderUser(admin, holder);

    // The broker quotes a Licitante guarantee (public insured) and sends it with its documents.
    await signIn(page, demoUsers.broker);
    // The holder is found by a part of its name.
    await startQuote(page, info, /^0775/, 'Licitante', { name: holderName, type: mark });
    await fillRisk(page, info, 'Participação no pregão eletrônico nº 31/2026.', 180, '100000');
    // Each step is shown before its button is pressed (the previous step's is gone).
    await expect(page.getByRole('button', { name: 'Endereços do segurado' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=3$/);
    await expect(page.getByRole('region', { name: 'Cobertura Básica - Licitante' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=4$/);
    await flexCommission(page, info);
    await expect(page.getByRole('combobox', { name: 'Adicionar cocorretora' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/etapa=6$/);
    // The Documentos step names the mandatory documents still without a file, and waits for them.
    await expect(page.getByText('Documentos obrigatórios sem arquivo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    const title = await attachDocumentsAndSend(page, info);
    const number = Number(title.replace(/\D/g, ''));
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    // Sending the proposal sent its files to the insurer's analysis.
    const sent = await detail(broker, id);
    expect(sent.StatusId).toBe(2);
    for (const d of sent.RequestDocuments.filter((x: Json) => x.IsRequired))
      expect(d.StatusName, d.Name).toBe('Aguardando Análise');
    await signOut(page);

    // The registration validation stops on the documents: the card waits in the Cadastro pipe.
    await expect
      .poll(
        async () =>
          (await get(analystApi, `/api/kanban/GetCardProposalInfo?ProposalUniqueId=${id}`)).Analysis
            .WaitingCardType,
        { timeout: 90_000 },
      )
      .toBe('ANALISE_CCG');

    // The analyst finds it on the board: it says why it cannot be approved yet.
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/cadastro'));
    await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });
    const header = `Proposta nº ${number} · ${holderName}`;
    const card = page.getByTestId('kanban-card').filter({ hasText: header });
    await expect(card.getByTestId('card-blockers')).toContainText('documentos obrigatórios não conformes');
    await screenshot(page, info, 'card bloqueado no quadro');

    // Clicking the card's title opens it; the drawer names what is missing and disables Aprovar.
    await card.getByRole('button', { name: `Abrir o card ${header}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Detalhes da Proposta' });
    await expect(drawer.getByTestId('card-blockers-detail')).toContainText(
      'documentos obrigatórios não conformes',
    );
    await expect(drawer.getByRole('button', { name: 'Aprovar', exact: true })).toBeDisabled();
    // The validations in plain Portuguese: labelled, formatted inputs, the card type by its title.
    const log = drawer.getByRole('table', { name: 'Validações automáticas' });
    await expect(log).toContainText('Documentos obrigatórios não conformes:');
    await expect(log).toContainText('Importância segurada: R$ 100.000,00');
    await expect(log).not.toContainText('RequiredDocumentsNotConforme');
    await expect(log).not.toContainText('Card ANALISE_CCG');
    await expectAccessible(page);
    await screenshot(page, info, 'card aberto com pendencias');

    // The first required document is refused with the reason the broker will read.
    const requiredOn = (panel: Locator) =>
      panel.getByTestId('request-document').filter({ hasText: 'Obrigatório' });
    const documents = drawer.getByTestId('request-documents');
    const required = requiredOn(documents);
    const count = await required.count();
    expect(count).toBeGreaterThan(0);
    const nameOf = async (row: Locator) =>
      (await row.getByRole('cell').first().locator('p').first().innerText()).trim();
    const refusedName = await nameOf(required.first());
    await required
      .first()
      .getByRole('button', { name: `Analisar ${refusedName}` })
      .click();
    const refusal = page.getByRole('form', { name: 'Analisar documento' });
    await refusal.getByRole('radio', { name: 'Reprovar' }).check();
    await refusal.getByLabel('Motivo da reprovação').fill('Cópia ilegível: envie o documento digitalizado.');
    await refusal.getByRole('button', { name: 'Registrar análise' }).click();
    await expect(page.getByText('Documento reprovado.').first()).toBeVisible();
    await expect(required.first()).toContainText('Reprovado');
    await screenshot(page, info, 'documento reprovado no card');
    await page.keyboard.press('Escape');
    await signOut(page);

    // The broker reads why on the proposal and sends another file, which goes to analysis at once.
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, `/propostas/proposta/${id}?aba=documentos`));
    const refusedRow = requiredOn(page.getByTestId('request-documents')).filter({ hasText: refusedName });
    await expect(refusedRow).toContainText('Motivo: Cópia ilegível: envie o documento digitalizado.');
    await refusedRow.getByRole('button', { name: `Enviar arquivos para ${refusedName}` }).click();
    const upload = page.getByRole('dialog', { name: 'Enviar arquivos' });
    await upload.locator('input[type=file]').setInputFiles(pdf);
    await expect(upload.getByLabel('Enviado')).toBeVisible({ timeout: 20_000 });
    await upload.getByRole('button', { name: 'Anexar ao documento' }).click();
    await expect(refusedRow).toContainText('Aguardando Análise');
    await expectAccessible(page);
    await screenshot(page, info, 'corretor envia novo arquivo');

    // Meanwhile the broker prepares the holder's CCG on the Emissão tab, downloads the contract, and
    // sends the signed file to the insurer. The holder has no QSA on record (no call of the portal
    // writes one): the broker names the partner with powers who signs.
    await page.goto(hostUrl(defaultHost, `/propostas/proposta/${id}?aba=emissao`));
    const ccgPanel = page.getByTestId('ccg-panel');
    await expect(ccgPanel).toContainText('O tomador ainda não tem CCG');
    await ccgPanel.getByRole('button', { name: 'Preparar CCG' }).click();
    const prepare = page.getByRole('dialog', { name: 'Preparar CCG' });
    await expect(prepare.getByRole('textbox', { name: 'Nome' })).toHaveValue('');
    await expect(prepare.getByRole('combobox', { name: 'Papel' })).toHaveValue('Sócio com poderes');
    await prepare.getByRole('textbox', { name: 'Nome' }).fill(signatory);
    await prepare.getByRole('textbox', { name: 'CPF' }).fill('52998224725');
    await expect(prepare.getByRole('textbox', { name: 'CPF' })).toHaveValue('529.982.247-25');
    await expectAccessible(page);
    await screenshot(page, info, 'preparar o CCG');
    await prepare.getByRole('button', { name: 'Preparar CCG' }).click();
    await expect(page.getByText(/^CCG preparado/)).toBeVisible();
    await expect(ccgPanel).toContainText('Aguardando Assinatura');
    const download = page.waitForEvent('download');
    await ccgPanel.getByRole('button', { name: 'Baixar CCG para assinatura' }).click();
    expect((await download).suggestedFilename()).toBe('ccg.pdf');
    const signedSlot = ccgPanel.getByTestId('request-document').filter({ hasText: 'CCG assinado' });
    await signedSlot.getByRole('button', { name: 'Enviar arquivos para CCG assinado' }).click();
    const signedUpload = page.getByRole('dialog', { name: 'Enviar arquivos' });
    await signedUpload.locator('input[type=file]').setInputFiles({ ...pdf, name: 'ccg-assinado.pdf' });
    await expect(signedUpload.getByLabel('Enviado')).toBeVisible({ timeout: 20_000 });
    await signedUpload.getByRole('button', { name: 'Anexar ao documento' }).click();
    await ccgPanel.getByRole('button', { name: /^Enviar para análise/ }).click();
    await page
      .getByRole('dialog', { name: 'Enviar para análise' })
      .getByRole('button', { name: 'Enviar' })
      .click();
    await expect(ccgPanel).toContainText('Aguardando Análise da Seguradora');
    await screenshot(page, info, 'CCG assinado enviado');
    await signOut(page);

    // The analyst reviews each required document on the card again: Conforme.
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/cadastro'));
    await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: `Abrir o card ${header}` }).click();
    for (let i = 0; i < count; i++) {
      const row = required.nth(i);
      const name = await nameOf(row);
      await row.getByRole('button', { name: `Analisar ${name}` }).click();
      const review = page.getByRole('form', { name: 'Analisar documento' });
      await review.getByRole('radio', { name: 'Aprovar (Conforme)' }).check();
      await review.getByRole('button', { name: 'Registrar análise' }).click();
      await expect(page.getByText('Documento aprovado.').first()).toBeVisible();
      await expect(row).toContainText('Conforme');
    }
    await screenshot(page, info, 'documentos conformes no card');

    // Nothing is missing now: the analyst approves, confirming in a dialog.
    await expect(drawer.getByTestId('card-blockers-detail')).toBeHidden({ timeout: 30_000 });
    await drawer.getByRole('button', { name: 'Aprovar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Aprovar o card' });
    await expect(confirm).toContainText(header);
    await screenshot(page, info, 'confirmacao da aprovacao');
    await confirm.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Card aprovado: movido para Aprovado.')).toBeVisible();
    await expect.poll(async () => (await detail(analystApi, id)).StatusId, { timeout: 90_000 }).toBe(7);
    await page.keyboard.press('Escape');
    // Its notice closes before the next approval's (on a loaded machine both were on screen at once).
    await expect(page.getByText('Card aprovado: movido para Aprovado.')).toBeHidden({ timeout: 30_000 });

    // The holder's signed CCG waits on its own card: the analyst reads the signatories and approves it.
    await page.getByRole('button', { name: `Abrir o card ${holderName}`, exact: true }).click();
    const ccgDrawer = page.getByRole('dialog', { name: 'Dados da Solicitação de CCG' });
    await expect(ccgDrawer).toContainText(signatory);
    await expect(ccgDrawer).toContainText('Sócio com poderes');
    await expect(ccgDrawer).toContainText('CCG assinado');
    await screenshot(page, info, 'card do CCG');
    await ccgDrawer.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Aprovar o card' })
      .getByRole('button', { name: 'Aprovar' })
      .click();
    await expect(page.getByText('Card aprovado: movido para Aprovado.')).toBeVisible();
    await page.keyboard.press('Escape');

    // The analyst sends it to issuance and issues it (public insured: issued before payment).
    await page.goto(hostUrl(defaultHost, `/propostas-seguradora/proposta/surety/${id}?aba=emissao`));
    await expect(page.getByText('Aprovada').first()).toBeVisible();
    await expect(page.getByText('CCG assinado', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar à emissão', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Enviar à emissão' })
      .getByRole('button', { name: 'Enviar à emissão' })
      .click();
    await expect(page.getByText('Proposta enviada à emissão.')).toBeVisible();
    await page.getByRole('button', { name: 'Emitir apólice' }).click();
    const issuing = page.getByRole('dialog', { name: 'Emitir a apólice' });
    await expect(issuing).toContainText(`proposta nº ${number}`);
    await issuing.getByRole('button', { name: 'Emitir apólice' }).click();
    await expect(page.getByText(/^Apólice nº [\d.-]+ emitida\.$/)).toBeVisible();
    const issued = await detail(analystApi, id);
    expect(issued.StatusId).toBe(5);

    // The first installment's payment, confirmed by hand with a dialog.
    await page.getByRole('button', { name: 'Confirmar pagamento' }).first().click();
    const paying = page.getByRole('dialog', { name: 'Confirmar pagamento' });
    await expect(paying).toContainText('parcela 1');
    await paying.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await expect(page.getByText(/^Pagamento confirmado/)).toBeVisible();
    // The list of installments shows the payment once it is read again: axe reads the page as the
    // person then sees it, not mid-change (a badge's new colours on the old text colour).
    await expect(page.getByRole('cell', { name: 'Paga', exact: true }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'apolice emitida e parcela paga');
    const policyNumber = (await get(analystApi, `/api/Proposal/GetProposalIssuance?ProposalUniqueId=${id}`))
      .Policy.Number as string;
    await signOut(page);

    // The broker sees the policy.
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, `/propostas/proposta/${id}?aba=emissao`));
    await expect(page.getByRole('heading', { name: 'Apólice', exact: true })).toBeVisible();
    await expect(page.getByText(policyNumber).first()).toBeVisible();
    await screenshot(page, info, 'apolice vista pelo corretor');

    // The broker asks to raise the new policy's IS (a change endorsement) with its documents.
    const policy = (await get(analystApi, `/api/Proposal/GetProposalIssuance?ProposalUniqueId=${id}`)).Policy;
    await requestEndorsement(page, info, policy, 'alteração', async () => {
      await page.getByRole('checkbox', { name: 'Importância segurada' }).check();
      await page.getByLabel('Nova importância segurada').fill('R$ 150.000,00');
      await page.getByRole('button', { name: 'Calcular diferença de prêmio' }).click();
      await expect(page.getByTestId('premio-adicional')).toHaveText(/R\$\s[\d.]+,\d{2}/);
    });
    await signOut(page);

    // The analyst approves it on its card in Subscrição, after reading it there.
    await signIn(page, demoUsers.analyst);
    await approveEndorsementCard(page, info, policyNumber, 'alteração', async (drawer) => {
      await expect(drawer).toContainText('R$ 150.000,00');
      await expect(drawer.getByRole('table', { name: 'Diferença de prêmio' })).toBeVisible();
    });

    // The policy now has the new IS, and its history says so.
    await expect
      .poll(
        async () =>
          (await get(analystApi, `/api/Policy/GetPolicyShortBrief?policyUniqueId=${policy.UniqueId}`))
            .InsuredAmountValue,
        { timeout: 90_000 },
      )
      .toBe('150000.00');
    await page.goto(hostUrl(defaultHost, `/apolice/${policy.UniqueId}?aba=endossos`));
    await expect(page.getByRole('table', { name: 'Endossos da apólice' })).toContainText('Emitido');
    await screenshot(page, info, 'endosso emitido na apolice');
    await signOut(page);

    // The contract ends early: the broker asks to cancel the policy, with the restitution shown first.
    await signIn(page, demoUsers.broker);
    await requestEndorsement(page, info, policy, 'cancelamento', async () => {
      await page.getByRole('button', { name: 'Calcular diferença de prêmio' }).click();
      await expect(page.getByTestId('restituicao')).toHaveText(/R\$\s[\d.]+,\d{2}/);
    });
    await signOut(page);
    await signIn(page, demoUsers.analyst);
    await approveEndorsementCard(page, info, policyNumber, 'cancelamento', async (drawer) => {
      await expect(drawer).toContainText(/cancelamento/i);
    });
    await expect
      .poll(
        async () =>
          (await get(analystApi, `/api/Policy/GetPolicyShortBrief?policyUniqueId=${policy.UniqueId}`))
            .StatusName,
        { timeout: 90_000 },
      )
      .toBe('Cancelada');
    await signOut(page);

    // The policy holder sees its policy, cancelled, with both endorsements in its history.
    await signIn(page, holderUserOfItsOwn);
    await page.goto(hostUrl(defaultHost, '/apolices'));
    await page.getByRole('row').filter({ hasText: policyNumber }).click();
    await expect(page.getByRole('heading', { name: `Apólice ${policyNumber}` })).toBeVisible();
    await expect(page.getByText('Cancelada', { exact: true }).first()).toBeVisible();
    // The policy says when and why it ended: by the cancellation endorsement, and its reason.
    await expect(page.getByText(/^Cancelada em /)).toBeVisible();
    await expect(page.getByText(/Endosso de cancelamento nº 2: /)).toBeVisible();
    await page.getByRole('tab', { name: 'Endossos' }).click();
    const history = page.getByRole('table', { name: 'Endossos da apólice' });
    await expect(history).toContainText('Endosso de cancelamento');
    await expect(history).toContainText('Endosso de alteração');
    await expectAccessible(page);
    await screenshot(page, info, 'apolice cancelada vista pelo tomador');
  });
});

/**
 * The broker, on the policy's Endossos tab, files an endorsement of `kind` ('alteração' or
 * 'cancelamento'): the first reason, what `fill` sets and prices, a file for each mandatory document.
 */
const requestEndorsement = async (
  page: Page,
  info: TestInfo,
  policy: Json,
  kind: 'alteração' | 'cancelamento',
  fill: () => Promise<void>,
) => {
  await page.goto(hostUrl(defaultHost, `/apolice/${policy.UniqueId}?aba=endossos`));
  await page.getByRole('link', { name: `Endosso de ${kind}` }).click();
  await expect(
    page.getByRole('heading', { name: `Endosso de ${kind} · Apólice ${policy.Number}` }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Motivo' }).click();
  await page.getByRole('option').first().click();
  await fill();
  const uploads = page.locator('[aria-label$="(obrigatório)"]');
  for (let i = 0; i < (await uploads.count()); i++) {
    await uploads.nth(i).locator('input[type=file]').setInputFiles(pdf);
  }
  await expect(page.getByLabel('Enviado')).toHaveCount(await uploads.count());
  await page.getByRole('button', { name: 'Enviar endosso' }).click();
  await expect(page).toHaveURL(/\/apolices\/endossos\/emissao\/[0-9a-f-]{36}\?apolice=/);
  await screenshot(page, info, `endosso de ${kind} pedido pelo corretor`);
};

/** The analyst opens the policy's open endorsement card in Subscrição, reads it and approves it. */
const approveEndorsementCard = async (
  page: Page,
  info: TestInfo,
  policyNumber: string,
  kind: 'alteração' | 'cancelamento',
  read: (drawer: Locator) => Promise<void>,
) => {
  await page.goto(hostUrl(defaultHost, '/kanban/pipe/subscricao'));
  await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });
  const header = new RegExp(`^Endosso \\d+ da apólice ${policyNumber.replace(/\./g, '\\.')}$`);
  const card = page
    .getByTestId('kanban-card')
    .filter({ has: page.getByText(header) })
    .filter({ hasText: `Endosso de ${kind}` })
    .filter({ hasNot: page.getByText('Encerrado') });
  await expect(card).toBeVisible({ timeout: 90_000 });
  await card.getByRole('button', { name: /^Abrir o card Endosso/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Dados do Endosso' });
  await read(drawer);
  await expectAccessible(page);
  await screenshot(page, info, 'card do endosso');
  await drawer.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Aprovar o card' }).getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Card aprovado: movido para Aprovado.')).toBeVisible();
  await page.keyboard.press('Escape');
};
