import { expect, test } from '@playwright/test';
import { answer, api, caller, get, type Json, post, sroSim } from '../api.js';
import { sendToAnalysis } from '../issuance.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, retype, screenshot, signIn } from '../support.js';

/**
 * The SRO (issue 35): the journeys' server sends every operation to the simulated registradora
 * (e2e/playwright.config.ts), which validates the data it receives, each intermediary against its
 * copy of SUSEP's register. A co-brokerage whose record holds a placeholder instead of its SUSEP
 * registration number is refused, the reason naming it; the analyst corrects the brokerage's record
 * and sends the registration again.
 */

/** An active demo brokerage no other journey uses: the co-broker of the policy. */
const coBrokerage = 'Ipê Corretagem de Seguros Ltda.';
/** What was typed while its SUSEP registration was pending: the portal's form takes it, SUSEP knows no such code. */
const placeholder = 'SUSEP-PENDENTE';
/** The code SUSEP gave it (the journey puts it in the simulator's register for Ipê's CNPJ). */
const susepCode = '20.2698765.4';
/** The registradora's refusal as the analyst reads it: the co-broker named, with the code sent. */
const namedReason = `${coBrokerage} (código SUSEP ${placeholder}): não é um código SUSEP`;

test.describe('SRO registrations', () => {
  test('should let an analyst fix a rejected registration on the brokerage and resend it until it is registered', async ({
    page,
  }, info) => {
    test.setTimeout(300_000);
    // Outside the task: the brokerage's record with the placeholder (an insurer's edit), and a
    // proposal of the main broker co-brokered with it, approved and issued.
    const admin = await caller(page.request, demoUsers.admin.username);
    const found = await get(admin, `/api/Broker/GetSearchBrokers?searchValue=${encodeURIComponent('Ipê')}`);
    const ipe = found.Data.find((b: Json) => b.Name === coBrokerage);
    const view = await get(admin, `/api/Broker/GetCurrentBroker?brokerUniqueId=${ipe.UniqueId}`);
    await answer(
      await page.request.put(api('/api/Broker/UpdateBroker'), {
        headers: admin.headers,
        data: { ...view, SUSEPProtocol: placeholder },
      }),
      'UpdateBroker',
    );
    // SUSEP's register (the simulator's copy) holds the code SUSEP gave Ipê, for its CNPJ.
    const inRegister = await page.request.post(sroSim('/admin/susep'), {
      data: { codigoSusep: susepCode, documento: view.CpfCnpj, nome: coBrokerage },
    });
    expect(inRegister.status()).toBe(200);
    const { id } = await sendToAnalysis(page.request, '100000.00', {
      coBrokers: [
        { CommissionTypeId: 2, Leader: true, Participation: '60' },
        { CoBrokerId: ipe.Id, CommissionTypeId: 2, Participation: '40' },
      ],
    });
    await expect
      .poll(
        async () =>
          (await get(admin, `/api/Proposal/GetProposalByUniqueId2?ProposalUniqueId=${id}`)).StatusId,
        {
          timeout: 60_000,
        },
      )
      .toBe(7);
    await post(admin, '/api/Proposal/RequestIssuance', {
      ProposalUniqueId: id,
      IgnoreCCGSignature: true,
      CcgWaiverJustification: 'Contragarantia dispensada pela diretoria de crédito.',
    });
    expect((await post(admin, '/api/Proposal/IssueProposal', { ProposalUniqueId: id })).StatusId).toBe(5);
    const policy = (await get(admin, `/api/Proposal/GetProposalIssuance?ProposalUniqueId=${id}`)).Policy;
    const analyst = await caller(page.request, demoUsers.analyst.username);
    const issuance = async () =>
      (await get(analyst, `/api/Sro/GetPolicySroRegistrations?PolicyUniqueId=${policy.UniqueId}`)).find(
        (r: Json) => r.EventType === 'EMISSAO',
      );
    // The registradora answers the issuance's registration within seconds (its job runs at once).
    await expect.poll(async () => (await issuance())?.StatusName, { timeout: 60_000 }).toBe('Rejeitada');

    // The analyst finds the rejected registration on Registros no SRO, with the registradora's reason.
    await signIn(page, demoUsers.analyst);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Registros no SRO' })
      .click();
    await expect(page).toHaveURL(hostUrl(defaultHost, '/apolices/sro'));
    await expect(page.getByRole('heading', { level: 1, name: 'Registros no SRO' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Situação' }).click();
    await page.getByRole('option', { name: 'Rejeitada' }).click();
    await page.getByLabel('Número da apólice').fill(policy.Number);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    const row = page.getByRole('row').filter({ hasText: policy.Number });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Emissão da apólice');
    await expect(row).toContainText('Rejeitada');
    // The reason names the co-broker at fault (and not the main broker, whose code SUSEP knows).
    await expect(row).toContainText(namedReason);
    await expect(row).toContainText('Corrija o registro SUSEP no cadastro da corretora e reenvie. (SRO-030)');
    await expect(row).not.toContainText('Lopes');
    await expectAccessible(page);
    await screenshot(page, info, '1 rejeitado');

    // The policy names its intermediaries: the co-broker is the one to check.
    await row.getByRole('link', { name: policy.Number }).click();
    await expect(page.getByRole('heading', { name: `Apólice ${policy.Number}` })).toBeVisible();
    await expect(page.getByText(coBrokerage)).toBeVisible();
    await screenshot(page, info, '2 apolice com cocorretagem');
    // Its registration card names the same co-broker.
    await page.getByRole('tab', { name: 'Documentos' }).click();
    const card = page.getByText('Operações registradas no SRO').locator('..');
    await expect(card).toContainText('Rejeitada');
    await expect(card).toContainText(namedReason);
    await expectAccessible(page);
    await screenshot(page, info, '2b registro da apolice nomeia a corretora');

    // On the brokerage's record the SUSEP code is the placeholder: the analyst types the real one.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Corretores' }).click();
    await page.getByLabel('Buscar').fill('Ipê');
    await page.getByRole('cell', { name: /Ipê Seguros/ }).click();
    await expect(page).toHaveURL(/\/corretor\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`SUSEP ${placeholder}`)).toBeVisible();
    await page.getByRole('button', { name: 'Editar dados' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar dados da corretora' });
    await expect(edit.getByLabel('Registro SUSEP')).toHaveValue(placeholder);
    await retype(edit.getByLabel('Registro SUSEP'), susepCode);
    await screenshot(page, info, '3 codigo SUSEP corrigido');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(`SUSEP ${susepCode}`)).toBeVisible();

    // Back on the registrations: "Reenviar" sends the brokerage's data of now.
    await menu.getByRole('link', { name: 'Registros no SRO' }).click();
    await page.getByLabel('Número da apólice').fill(policy.Number);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    const sent = page.getByRole('row').filter({ hasText: policy.Number });
    await sent.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText('Registro reenviado à registradora.')).toBeVisible();
    // The list follows the registration while it waits for the registradora's answer: Registrada.
    await expect(sent).toContainText('Registrada', { timeout: 60_000 });
    const registered = await issuance();
    expect(registered.Protocol).toMatch(/^SRO\d{16}$/);
    await expect(sent).toContainText(registered.Protocol);
    await expect(sent).not.toContainText('SRO-030');
    await expect(sent.getByRole('button', { name: 'Retificar' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, '4 registrado com protocolo');

    // The policy's Documentos tab shows the protocol too.
    await sent.getByRole('link', { name: policy.Number }).click();
    await page.getByRole('tab', { name: 'Documentos' }).click();
    const sro = page.getByText('Operações registradas no SRO').locator('..');
    await expect(sro).toContainText('Registrada');
    await expect(sro).toContainText(registered.Protocol);
    await expect(page.getByText(new RegExp(`· ${registered.Protocol}$`))).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, '5 documentos da apolice');

    // The records: registered under the first version (a resend, not a rectification), with the
    // protocol the screen shows, and no rejection left.
    expect(registered).toMatchObject({ StatusId: 3, Version: 1, Manual: false, Rejections: [] });
    const [shown] = (
      await get(analyst, `/api/Sro/SearchSroRegistrations?PolicyNumber=${policy.Number}&StatusId=3`)
    ).Data;
    expect(shown).toMatchObject({ UniqueId: registered.UniqueId, Protocol: registered.Protocol });
    const detail = await get(analyst, `/api/Policy/GetPolicyShortBrief?policyUniqueId=${policy.UniqueId}`);
    expect(detail.SroProtocol).toBe(registered.Protocol);
  });
});
