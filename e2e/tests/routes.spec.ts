import { expect, test } from '@playwright/test';
import { routeCases } from '../routes.js';
import { defaultHost, demoUsers, expectAccessible, hostUrl, screenshot, signIn } from '../support.js';

/**
 * Insurer-admin routes the seed's admin profile does not hold (broker-side permissions): the guard
 * answers /error-401 there, as spec §6 says. Reported to the identity owner; kept visible here.
 */
const adminPermissionGaps = new Set(['/corretor', '/corretor-assessoria']);

test.describe('routes', () => {
  // The authenticated routes are walked in four parts that the workers take side by side (one walk
  // took 6 minutes and ended the CI's journeys alone; halves still left one worker idle at the end).
  test.describe.configure({ mode: 'parallel' });
  test('should open every public and status route when logged out', async ({ page }, info) => {
    const cases = routeCases.filter((r) => r.access === 'public' || r.access === 'any');
    expect(cases).toHaveLength(11);
    for (const route of cases) {
      await test.step(route.pattern, async () => {
        await page.goto(hostUrl(defaultHost, route.url));
        await expect(page).toHaveURL(hostUrl(defaultHost, route.url));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
        await screenshot(page, info, route.url.replaceAll('/', ' ').trim());
      });
    }
  });

  const authenticated = routeCases.filter((r) => r.access === 'auth' || r.access === 'admin');
  const parts = 4;
  for (const part of [0, 1, 2, 3]) {
    test(`should open every authenticated route for an insurer admin (part ${part + 1} of ${parts})`, async ({
      page,
    }, info) => {
      test.setTimeout(300_000);
      expect(authenticated).toHaveLength(49);
      await signIn(page, demoUsers.admin);
      const cases = authenticated.filter((_, i) => i % parts === part);
      for (const route of cases) {
        await test.step(route.pattern, async () => {
          await page.goto(hostUrl(defaultHost, route.url));
          if (route.url === '/redirect-to-home') {
            await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.admin.home));
            return;
          }
          if (adminPermissionGaps.has(route.url)) {
            info.annotations.push({
              type: 'permission gap',
              description: `${route.url}: admin seed lacks it`,
            });
            await expect(page).toHaveURL(hostUrl(defaultHost, '/error-401'));
            return;
          }
          await expect(page).toHaveURL(hostUrl(defaultHost, route.url));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
          await expectAccessible(page, { within: 'main' });
          await screenshot(page, info, route.url.replaceAll('/', ' ').trim().slice(0, 60));
        });
      }
    });
  }

  // Issue 30: the lists read on a phone. Nothing spills past the screen's width: wide tables scroll
  // inside their own box (first column fixed) and the filters fold into "Mais filtros".
  test('should fit every list in a 375 px wide screen', async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const lists: [typeof demoUsers.admin, string][] = [
      [demoUsers.admin, '/apolices'],
      [demoUsers.admin, '/propostas-seguradora'],
      [demoUsers.admin, '/tomadores'],
      [demoUsers.admin, '/segurados'],
      [demoUsers.admin, '/corretores'],
      [demoUsers.admin, '/documentos'],
      [demoUsers.admin, '/usuarios/listar'],
      [demoUsers.admin, '/usuarios/perfis'],
      [demoUsers.admin, '/parametrizacao/modalidades'],
      [demoUsers.admin, '/kanban/pipe/cadastro'],
      [demoUsers.broker, '/propostas'],
      [demoUsers.broker, '/tomadores'],
    ];
    let signedIn: string | undefined;
    for (const [user, url] of lists) {
      await test.step(`${user.username} ${url}`, async () => {
        if (signedIn !== user.username) {
          if (signedIn) await page.evaluate(() => localStorage.clear());
          await signIn(page, user);
          signedIn = user.username;
        }
        await page.goto(hostUrl(defaultHost, url));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Carregando', { exact: false })).toHaveCount(0, { timeout: 20_000 });
        const spill = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(spill, `${url} spills ${spill} px past 375 px`).toBeLessThanOrEqual(1);
        await screenshot(page, info, `${user.username.split('@')[0]} ${url.replaceAll('/', ' ').trim()}`);
      });
    }
  });

  test('should send unknown paths to /error-404', async ({ page }, info) => {
    await page.goto(hostUrl(defaultHost, '/nao/existe/mesmo'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/error-404'));
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info);
  });
});
