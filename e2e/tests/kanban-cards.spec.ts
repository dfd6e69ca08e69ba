import { expect, type Page, test } from '@playwright/test';
import { defaultHost, demoUsers, expectAccessible, hostUrl, retype, screenshot, signIn } from '../support.js';

const column = (page: Page, step: string) => page.getByRole('region', { name: `Etapa ${step}` });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `.tmp/kanban-cards-${name}.png`, fullPage: true });

test.describe('registry cards of the cadastro pipe', () => {
  test('should let an analyst read a signed CCG on its card and send it back to the broker with what to fix', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/cadastro'));
    await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });

    // The late CCG card (Novos): the analyst reads it and asks the broker for a corrected signed CCG.
    const late = column(page, 'Novos')
      .getByTestId('kanban-card')
      .filter({ hasText: 'Análise de CCG' })
      .filter({ hasNotText: 'manual' });
    await expect(late).toContainText('Atrasado');
    const holder = (await late.locator('p').first().textContent())!;
    await late.getByRole('button', { name: `Ações do card ${holder}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir card' }).click();
    const drawer = page.getByRole('dialog', { name: 'Dados da Solicitação de CCG' });
    await expect(drawer.getByText('Aguardando Análise da Seguradora')).toBeVisible();
    await expect(drawer.getByText('Cônjuge do avalista (de 111.444.777-35)')).toBeVisible();
    await drawer
      .getByLabel('O que o corretor deve ajustar')
      .fill('Envie o CCG com a assinatura reconhecida do cônjuge.');
    await expectAccessible(page);
    await shot(page, 'ccg');
    await screenshot(page, info, 'ccg');
    await drawer.getByRole('button', { name: 'Devolver ao corretor' }).click();
    await expect(page.getByText('CCG devolvido ao corretor.')).toBeVisible();
    await expect(drawer.getByText('Aguardando Corretor', { exact: true })).toBeVisible();
    await drawer.getByRole('tab', { name: 'Observações' }).click();
    await expect(drawer.getByText('Envie o CCG com a assinatura reconhecida do cônjuge.')).toBeVisible();
    await drawer.getByRole('tab', { name: 'Histórico' }).click();
    await expect(drawer.getByText('Novos → Aguardando corretor')).toBeVisible();
    await shot(page, 'ccg-historico');
    await page.keyboard.press('Escape');
    await expect(
      column(page, 'Aguardando corretor').getByTestId('kanban-card').filter({ hasText: holder }),
    ).toBeVisible();
  });

  test('should apply a limit review approved on its card with typed values and show the new limit to the broker', async ({
    page,
    browser,
  }, info) => {
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/credito'));
    await expect(page.getByText('Ao vivo')).toBeVisible({ timeout: 30_000 });

    // The demo review with its balance sheet sent (a holder nominated to the demo broker).
    const review = column(page, 'Em análise')
      .getByTestId('kanban-card')
      .filter({ hasText: 'Balanço patrimonial' });
    const holder = (await review.locator('p').first().textContent())!;
    await review.getByRole('button', { name: `Ações do card ${holder}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir card' }).click();
    const drawer = page.getByRole('dialog', { name: 'Revisão de Limite' });
    await drawer.getByRole('button', { name: 'Assumir' }).click();
    await expect(page.getByText('Card assumido.')).toBeVisible();
    const limit = drawer.getByRole('textbox', { name: 'Limite', exact: true });
    // A limit far above the insurer's bound is refused beside the form, and an analyst cannot
    // override it (permission 48 is the administrator's): nothing is approved.
    await retype(limit, 'R$ 900.000.000.000,00');
    await limit.blur();
    await drawer.getByRole('button', { name: 'Aprovar com estes valores' }).click();
    await expect(drawer.getByText(/passa do teto de R\$/)).toBeVisible();
    await expect(
      drawer.getByText(/Só um usuário com a permissão "Aprovar limite acima do teto"/),
    ).toBeVisible();
    await expect(drawer.getByRole('checkbox', { name: /Aprovar acima do teto/ })).toHaveCount(0);
    await screenshot(page, info, 'limite acima do teto recusado');
    await retype(limit, 'R$ 25.000.000,00');
    await limit.blur();
    await expect(limit).toHaveValue('R$ 25.000.000,00');
    await drawer
      .getByLabel('Justificativa (opcional)')
      .fill('Balanço de 2025 auditado; limite aprovado pelo comitê.');
    await expectAccessible(page);
    await screenshot(page, info, 'revisao de limite');
    await drawer.getByRole('button', { name: 'Aprovar com estes valores' }).click();
    await expect(page.getByText('Revisão de limite aprovada com os valores informados.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(
      column(page, 'Aprovado').getByTestId('kanban-card').filter({ hasText: holder }),
    ).toBeVisible();
    // The registry's economic group card of the same pipe shows the group and its members' use.
    const group = column(page, 'Aguardando corretor')
      .getByTestId('kanban-card')
      .filter({ hasText: 'Grupo econômico' });
    const groupHolder = (await group.locator('p').first().textContent())!;
    await group.getByRole('button', { name: `Ações do card ${groupHolder}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir card' }).click();
    const groupDrawer = page.getByRole('dialog', { name: 'Dados do Tomador' });
    await expect(groupDrawer.getByRole('table', { name: 'Membros do grupo econômico' })).toBeVisible();
    await expect(groupDrawer.getByRole('button', { name: 'Salvar limite do grupo' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'grupo economico');
    await page.keyboard.press('Escape');

    // 'Atribuídos a mim' leaves only the card the analyst took.
    await page.getByRole('combobox', { name: 'Responsável' }).click();
    await page.getByRole('option', { name: 'Atribuídos a mim' }).click();
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page.getByTestId('kanban-card')).toHaveCount(1);
    await expect(page.getByTestId('kanban-card')).toContainText(holder);

    // The broker sees the new global limit on the holder's page.
    const broker = await (await browser.newContext()).newPage();
    await signIn(broker, demoUsers.broker);
    await broker.goto(hostUrl(defaultHost, '/tomadores'));
    await broker.getByLabel('Nome ou razão social').fill(holder);
    await broker.getByRole('button', { name: 'Pesquisar' }).click();
    await broker.getByRole('cell', { name: holder }).click();
    await broker.getByRole('tab', { name: 'Limites e taxas' }).click();
    await expect(broker.getByText(/R\$\s25\.000\.000,00/).first()).toBeVisible();
    await screenshot(broker, info, 'corretor ve o novo limite');
    await broker.context().close();
  });
});
