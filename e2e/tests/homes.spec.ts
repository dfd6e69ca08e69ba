import { expect, type Page, test } from '@playwright/test';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('homes', () => {
  test('should land insurer staff on an inbox of cards, acceptance clocks, SRO and policies to notify', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.admin);
    await expect(page).toHaveURL(hostUrl(defaultHost, '/inicio'));
    await expect(page.getByRole('heading', { name: 'Início', level: 1 })).toBeVisible();
    const inbox = page.getByTestId('home-inbox');
    await expect(inbox.getByText('Atrasado').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('home-pipes').getByRole('img')).toBeVisible();
    await expect(page.getByTestId('home-acceptance')).toBeVisible();
    await expect(page.getByTestId('home-sro')).toBeVisible();
    await expect(page.getByTestId('home-expiring').getByRole('img')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info);
    // A count opens its list already filtered.
    await page.getByRole('link', { name: /Apólices vencendo em 30 dias/ }).click();
    await expect(page).toHaveURL(hostUrl(defaultHost, '/apolices?vencendo=30'));
    await expect(page.getByRole('combobox', { name: 'A vencer' })).toHaveValue('Vence em até 30 dias');
    await page.goBack();
    // Every item opens where it is worked: the first (late) card opens its pipe ("Ver esteiras" comes first).
    await inbox.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/kanban\/pipe\/[a-z-]+$/);
  });

  test('should land a broker on proposals by status, quotes, documents, expiring policies and limits', async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, demoUsers.broker);
    await expect(page).toHaveURL(hostUrl(defaultHost, '/inicio'));
    await expect(page.getByTestId('home-status').getByRole('img')).toBeVisible({ timeout: 20_000 });
    const quotes = page.getByTestId('home-quotes');
    await expect(quotes.getByRole('link').nth(1)).toBeVisible();
    await expect(page.getByTestId('home-limits').getByRole('progressbar').first()).toBeVisible();
    await expect(page.getByTestId('home-expiring')).toBeVisible();
    expect(await noHorizontalScroll(page)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, info, '375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, info, 'desktop');
    // A quote to finish opens in the wizard ("Ver todas" is the section's first link).
    await quotes.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/propostas\/proposta\/editar\/[0-9a-f-]{36}$/);
  });

  test("should land an agent on its brokerage's home: proposals by status, quotes and limits", async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.agent);
    await expect(page).toHaveURL(hostUrl(defaultHost, '/inicio'));
    await expect(page.getByTestId('home-status').getByRole('img')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('home-quotes')).toBeVisible();
    await expect(page.getByTestId('home-limits')).toBeVisible();
    await screenshot(page, info);
  });

  test('should land a policy holder on their proposals, policies, pending documents and limit', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.policyHolder);
    await expect(page).toHaveURL(hostUrl(defaultHost, '/inicio'));
    // Its policies in force may have been endorsed or cancelled by the endorsement journeys (one
    // shared server): the section is there either way; the proposals are its own to open.
    await expect(page.getByTestId('home-policies')).toBeVisible({ timeout: 20_000 });
    const proposals = page.getByTestId('home-proposals');
    await expect(proposals.getByRole('link').nth(1)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('home-documents')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info);
    await proposals.getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/propostas\/proposta\/[0-9a-f-]{36}$/);
  });
});
