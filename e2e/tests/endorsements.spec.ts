import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  type DemoUser,
  defaultHost,
  demoUsers,
  expectAccessible,
  hostUrl,
  screenshot,
  signIn,
} from '../support.js';

/**
 * Endorsements (issue 16) on the demo policies of apps/api/src/seed/policies.ts: the main demo
 * broker's policies of branch 0776 numbered …0000001 (ends within 45 days), …0000002 (80 days) and
 * …0000003 (300 days) are in force in every company. Each journey takes its own policy, and the first stays
 * in force (its IS is raised): the insurer's home journey reads it among the policies expiring
 * within 90 days, on the same server.
 */
type DemoPolicy = { UniqueId: string; PolicyNumber: string; InsuredAmountValue: string };

/** The in-force demo policy of that sequence in branch 0776, through the portal's own search call. */
const demoPolicy = (page: Page, sequence: number) =>
  page.evaluate(async (seq) => {
    const config = await (await fetch(`/api/Application/GetPortalConfig?dns=${location.hostname}`)).json();
    const auth = JSON.parse(localStorage.getItem('authData') ?? '{}') as { access_token?: string };
    const res = await fetch('/api/Policy/SearchPoliciesRelatedToLoggedUser?statusId=2&rowsPerPage=200', {
      headers: { CompanyKey: config.Response.CompanyKey, Authorization: `Bearer ${auth.access_token}` },
    });
    // The search answers its page without the Response envelope.
    const { Data } = (await res.json()) as { Data: DemoPolicy[] };
    const found = Data.find((p) => new RegExp(`^0776\\.\\d{4}\\.0*${seq}-\\d$`).test(p.PolicyNumber));
    if (!found) throw new Error(`demo policy ${seq} not found`);
    return found;
  }, sequence);

/** pt-BR money as a person types it ("R$ 1.234,56") and as the portal shows the digits ("1.234,56"). */
const typed = (value: number) => `R$ ${digits(value)}`;
const digits = (value: number) =>
  value.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const signedIn = async (browser: Browser, user: DemoUser) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
};

const chooseOption = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
};

const attach = async (page: Page, label: string, fileName: string) => {
  await page
    .getByLabel(label)
    .locator('input[type=file]')
    .setInputFiles({
      name: fileName,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
    });
  await expect(
    page.getByTestId('upload-item').filter({ hasText: fileName }).getByLabel('Enviado'),
  ).toBeVisible();
};

/** The endorsement page once the automatic steps ran (the job): reloaded until the decision shows. */
const awaitingDecision = async (page: Page, url: string) => {
  await page.goto(url);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Aprovar endosso' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
};

test.describe('endorsements', () => {
  test('should file an IS increase with its extra premium, approve it and show the new IS and the PDF', async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const broker = await signedIn(browser, demoUsers.broker);
    const policy = await demoPolicy(broker, 1);
    const newAmount = Math.round(Number(policy.InsuredAmountValue) * 1.5 * 100) / 100;
    await broker.goto(hostUrl(defaultHost, `/apolice/${policy.UniqueId}?aba=endossos`));
    await broker.getByRole('link', { name: 'Endosso de alteração' }).click();
    await expect(
      broker.getByRole('heading', { name: `Endosso de alteração · Apólice ${policy.PolicyNumber}` }),
    ).toBeVisible();
    await chooseOption(broker, 'Motivo', 'Aditivo contratual de valor');
    await broker.getByRole('checkbox', { name: 'Importância segurada' }).check();
    await broker.getByLabel('Nova importância segurada').fill(typed(newAmount));
    await broker.getByRole('button', { name: 'Calcular diferença de prêmio' }).click();

    // The extra premium and the comparison before filing.
    await expect(broker.getByTestId('premio-adicional')).toHaveText(/R\$\s[\d.]+,\d{2}/);
    const extra = /[\d.]+,\d{2}/.exec(await broker.getByTestId('premio-adicional').innerText())![0];
    const comparison = broker.getByRole('table', { name: 'Alterações' });
    await expect(comparison.getByRole('row')).toHaveCount(2);
    await expect(comparison).toContainText(digits(newAmount));
    await attach(broker, 'Aditivo contratual (obrigatório)', 'aditivo.pdf');
    await expectAccessible(broker);
    await screenshot(broker, info, 'prêmio adicional antes de enviar');
    await broker.getByRole('button', { name: 'Enviar endosso' }).click();
    await expect(broker).toHaveURL(/\/apolices\/endossos\/emissao\/[0-9a-f-]{36}\?apolice=/);
    await expect(
      broker.getByRole('heading', { name: new RegExp(`Endosso \\d+ · Apólice ${policy.PolicyNumber}`) }),
    ).toBeVisible();
    const endorsementUrl = broker.url();
    await screenshot(broker, info, 'endosso enviado');
    await broker.context().close();

    // Insurer staff approve it on the endorsement's page.
    const insurer = await signedIn(browser, demoUsers.admin);
    await awaitingDecision(insurer, endorsementUrl);
    await expect(insurer.getByTestId('premio-adicional')).toContainText(extra);
    await insurer.getByRole('button', { name: 'Aprovar endosso' }).click();
    await insurer
      .getByRole('dialog', { name: 'Aprovar o endosso' })
      .getByRole('button', { name: 'Aprovar endosso' })
      .click();
    await expect(insurer.getByText('Endosso aprovado e emitido.')).toBeVisible();
    await expect(insurer.getByText('Emitido', { exact: true })).toBeVisible();

    // The endorsement PDF and the boleto of the extra premium download.
    const pdf = insurer.waitForEvent('download');
    await insurer.getByRole('button', { name: 'Baixar PDF do endosso' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toMatch(/^endosso-.*\.pdf$/);
    const endorsementPdf = await readFile((await pdfFile.path())!);
    expect(endorsementPdf.subarray(0, 5).toString()).toBe('%PDF-');
    const slips = insurer.getByRole('table', { name: 'Boletos do prêmio adicional' });
    await expect(slips).toContainText(extra);
    const slip = insurer.waitForEvent('download');
    await slips.getByRole('button', { name: 'Baixar boleto' }).click();
    expect((await slip).suggestedFilename()).toMatch(/^boleto-endosso-.*\.pdf$/);
    await expectAccessible(insurer);
    await screenshot(insurer, info, 'endosso aprovado com boleto');

    // The policy shows the new IS and the endorsement.
    await insurer.getByRole('link', { name: policy.PolicyNumber }).click();
    await expect(insurer.getByRole('heading', { name: `Apólice ${policy.PolicyNumber}` })).toBeVisible();
    await expect(insurer.getByText(digits(newAmount)).first()).toBeVisible();
    const row = insurer.getByRole('table', { name: 'Endossos da apólice' }).getByRole('row').nth(1);
    await expect(row).toContainText('Endosso de alteração');
    await expect(row).toContainText('Emitido');
    await expect(row).toContainText(digits(newAmount));
    await screenshot(insurer, info, 'apólice com o endosso');

    // The policy's documents give the last endorsement's PDF: the same stored file.
    await insurer.getByRole('tab', { name: 'Documentos' }).click();
    const last = insurer.waitForEvent('download');
    await insurer.getByRole('button', { name: 'Baixar PDF do último endosso' }).click();
    const lastFile = await last;
    expect(lastFile.suggestedFilename()).toMatch(/^endosso-.*\.pdf$/);
    expect((await readFile((await lastFile.path())!)).equals(endorsementPdf)).toBe(true);
    await screenshot(insurer, info, 'apólice: PDF do último endosso');
    await insurer.context().close();
  });

  test("should show a cancellation's restitution before filing and cancel a policy internally", async ({
    browser,
  }, info) => {
    test.setTimeout(180_000);
    const insurer = await signedIn(browser, demoUsers.admin);

    // A cancellation endorsement: the restitution, net of the acquisition costs kept, before filing.
    const byEndorsement = await demoPolicy(insurer, 2);
    await insurer.goto(hostUrl(defaultHost, `/apolice/${byEndorsement.UniqueId}?aba=endossos`));
    await insurer.getByRole('link', { name: 'Endosso de cancelamento' }).click();
    await expect(
      insurer.getByRole('heading', {
        name: `Endosso de cancelamento · Apólice ${byEndorsement.PolicyNumber}`,
      }),
    ).toBeVisible();
    await chooseOption(insurer, 'Motivo', 'Emissão em duplicidade');
    await insurer.getByRole('button', { name: 'Calcular diferença de prêmio' }).click();
    await expect(insurer.getByTestId('restituicao')).toHaveText(/R\$\s[\d.]+,\d{2}/);
    await expect(insurer.getByText(/Custos de aquisição retidos/)).toBeVisible();
    await attach(insurer, 'Carta de solicitação do tomador (obrigatório)', 'carta.pdf');
    await expectAccessible(insurer);
    await screenshot(insurer, info, 'restituição antes de enviar');
    await insurer.getByRole('button', { name: 'Enviar endosso' }).click();
    await expect(insurer).toHaveURL(/\/apolices\/endossos\/emissao\//);
    await awaitingDecision(insurer, insurer.url());
    await insurer.getByRole('button', { name: 'Aprovar endosso' }).click();
    await insurer
      .getByRole('dialog', { name: 'Aprovar o endosso' })
      .getByRole('button', { name: 'Aprovar endosso' })
      .click();
    await expect(insurer.getByText('Endosso aprovado e emitido.')).toBeVisible();
    await expect(insurer.getByText('Emitido', { exact: true })).toBeVisible();
    await insurer.getByRole('link', { name: byEndorsement.PolicyNumber }).click();
    await expect(
      insurer.getByRole('heading', { name: `Apólice ${byEndorsement.PolicyNumber}` }),
    ).toBeVisible();
    await expect(insurer.getByText('Cancelada', { exact: true }).first()).toBeVisible();
    await expect(
      insurer.getByRole('table', { name: 'Endossos da apólice' }).getByRole('row').nth(1),
    ).toContainText('Endosso de cancelamento');
    await screenshot(insurer, info, 'apólice cancelada por endosso');

    // An internal cancellation (permission 23) with the pro-rata restitution.
    const internal = await demoPolicy(insurer, 3);
    await insurer.goto(hostUrl(defaultHost, `/apolice/${internal.UniqueId}`));
    await insurer.getByRole('button', { name: 'Cancelar apólice' }).click();
    const dialog = insurer.getByRole('dialog', { name: `Cancelar a apólice ${internal.PolicyNumber}` });
    await dialog.getByLabel('Motivo do cancelamento').fill('Contrato garantido rescindido pelas partes.');
    await dialog.getByRole('button', { name: 'Calcular restituição' }).click();
    await expect(dialog.getByRole('table', { name: 'Restituição do prêmio' })).toBeVisible();
    await expectAccessible(insurer);
    await screenshot(insurer, info, 'cancelamento interno');
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(dialog).toBeHidden();
    await expect(insurer.getByText(/^Cancelada em /)).toBeVisible();
    await expect(insurer.getByText(/Contrato garantido rescindido pelas partes\./)).toBeVisible();
    await screenshot(insurer, info, 'apólice cancelada internamente');
    await insurer.context().close();
  });
});
