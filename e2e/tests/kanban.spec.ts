import { expect, type Page, test } from '@playwright/test';
import { fromMail } from '../mail.js';
import {
  acceptTermsIfAsked,
  defaultHost,
  demoUsers,
  expectAccessible,
  hostUrl,
  screenshot,
  signIn,
  submitLogin,
} from '../support.js';

/** The first-access path e-mailed to `to` after `since`. */
const firstAccessLink = async (to: string, since: number) =>
  (
    await fromMail(to, /\/primeiro-acesso\/[A-Za-z0-9_-]{43}/, since, `e-mail de primeiro acesso para ${to}`)
  )[0];

const column = (page: Page, step: string) => page.getByRole('region', { name: `Etapa ${step}` });
const cardIn = (page: Page, step: string, text: string) =>
  column(page, step).getByTestId('kanban-card').filter({ hasText: text });

test.describe('kanban boards', () => {
  test('should let an analyst approve a new brokerage on its card and its administrator sign in through the first-access e-mail', async ({
    page,
    browser,
  }, info) => {
    const brokerage = 'Nova Garantia Corretora de Seguros Ltda.';
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban'));
    const cadastro = page.getByRole('link', { name: /^Esteira Cadastro:/ });
    await expect(cadastro).toBeVisible();
    await expect(cadastro).toContainText('atrasado');
    await expectAccessible(page);
    await screenshot(page, info, 'esteiras');

    await cadastro.click();
    await expect(page).toHaveURL(/\/kanban\/pipe\/cadastro$/);
    await expect(page.getByText('Ao vivo')).toBeVisible();
    const card = cardIn(page, 'Em análise', brokerage);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Atrasado');
    await expectAccessible(page);
    await screenshot(page, info, 'quadro');

    await card.getByRole('button', { name: `Ações do card ${brokerage}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir card' }).click();
    const detail = page.getByRole('dialog', { name: 'Dados da Corretora' });
    await expect(detail.getByText(brokerage)).toBeVisible();
    await expect(detail.getByText('Cadastro pendente')).toBeVisible();
    await screenshot(page, info, 'detalhe');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    const since = Date.now();
    await card.getByRole('button', { name: `Ações do card ${brokerage}` }).click();
    await page.getByRole('menuitem', { name: 'Aprovado' }).click();
    // An approval is a decision: it is confirmed first.
    const confirm = page.getByRole('dialog', { name: 'Aprovar o card' });
    await expect(confirm).toContainText(brokerage);
    await confirm.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Card aprovado: movido para Aprovado.')).toBeVisible();
    // The decision reaches the brokers service through the queue; the closed card comes back live.
    await expect(cardIn(page, 'Aprovado', brokerage)).toContainText('Encerrado', { timeout: 20_000 });
    await screenshot(page, info, 'aprovado');

    const link = await firstAccessLink('camila.rocha@nova.corretora.demo', since);
    const newcomer = await (await browser.newContext()).newPage();
    await newcomer.goto(hostUrl(defaultHost, link));
    await expect(newcomer.getByRole('heading', { name: 'Primeiro acesso' })).toBeVisible();
    await newcomer.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Camila#Nova2026');
    await newcomer.getByRole('textbox', { name: 'Confirme a nova senha' }).fill('Camila#Nova2026');
    await newcomer.getByRole('button', { name: 'Criar senha' }).click();
    await expect(newcomer.getByTestId('password-changed')).toBeVisible();
    await newcomer.getByRole('link', { name: 'Ir para o login' }).click();
    await submitLogin(newcomer, 'camila.rocha@nova.corretora.demo', 'Camila#Nova2026');
    await acceptTermsIfAsked(newcomer);
    await expect(newcomer.getByTestId('user-menu')).toContainText('Camila Rocha');
    await screenshot(newcomer, info, 'administradora');
    await newcomer.context().close();
  });

  test('should show a card dragged on one board on a second browser without reloading', async ({
    page,
    browser,
  }, info) => {
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/credito'));
    const other = await (await browser.newContext()).newPage();
    await signIn(other, demoUsers.admin);
    await other.goto(hostUrl(defaultHost, '/kanban/pipe/credito'));
    await expect(page.getByText('Ao vivo')).toBeVisible();
    await expect(other.getByText('Ao vivo')).toBeVisible();

    const card = column(page, 'Novos').getByTestId('kanban-card').first();
    const header = (await card.locator('p').first().textContent())!;
    const handle = card.getByRole('button', { name: `Arrastar o card ${header}` });
    const target = column(page, 'Em análise');
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByText('Card movido para Em análise.')).toBeVisible();
    await expect(cardIn(other, 'Em análise', header)).toBeVisible({ timeout: 5_000 });
    await screenshot(page, info, 'quem moveu');
    await screenshot(other, info, 'segundo navegador');
    await other.context().close();
  });

  test('should move the selected cards together to another step', async ({ page }, info) => {
    await signIn(page, demoUsers.analyst);
    await page.goto(hostUrl(defaultHost, '/kanban/pipe/nomeacao'));
    // The two open nominations (the decided ones lie closed in Aprovado and cannot be selected).
    const selectable = page.getByRole('checkbox', { name: /^Selecionar o card / });
    await expect(selectable).toHaveCount(2);
    for (const box of await selectable.all()) await box.check();
    const bar = page.getByRole('region', { name: 'Cards selecionados' });
    await expect(bar).toContainText('2 cards selecionados');
    await bar.getByRole('combobox', { name: 'Mover para…' }).click();
    await page.getByRole('option', { name: 'Aguardando corretor' }).click();
    await expectAccessible(page);
    await screenshot(page, info, 'selecao');
    await bar.getByRole('button', { name: 'Mover selecionados' }).click();
    // A bulk move is confirmed first.
    await page.getByRole('dialog', { name: 'Mover 2 cards' }).getByRole('button', { name: 'Mover' }).click();
    await expect(page.getByText('2 cards movidos para Aguardando corretor.')).toBeVisible();
    await expect(column(page, 'Aguardando corretor').getByTestId('kanban-card')).toHaveCount(2);
    await expect(bar).toBeHidden();
    await screenshot(page, info, 'movidos');

    // The keyboard moves a card too: space picks it up, ← takes it one step back, space drops it.
    const first = column(page, 'Aguardando corretor').getByTestId('kanban-card').first();
    const header = (await first.locator('p').first().textContent())!;
    await first.getByRole('button', { name: `Arrastar o card ${header}` }).focus();
    await page.keyboard.press('Space');
    // dnd-kit measures the board once the card is picked up: the arrow waits for that (announced).
    await expect(page.getByText(`Card ${header} sobre a etapa Aguardando corretor.`)).toBeAttached();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`Card ${header} sobre a etapa Em análise.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Card movido para Em análise.')).toBeVisible();
    await expect(cardIn(page, 'Em análise', header)).toBeVisible();
    await expect(column(page, 'Aguardando corretor').getByTestId('kanban-card')).toHaveCount(1);

    // On a phone the columns scroll inside the board, not the page.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(column(page, 'Aguardando corretor')).toBeAttached();
    // The layout settles after the resize (the side menu folds away): poll rather than read once.
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
      )
      .toBe(false);
    await screenshot(page, info, '375 px');
  });
});
