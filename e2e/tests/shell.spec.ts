import { expect, test } from '@playwright/test';
import {
  defaultHost,
  demoUsers,
  expectAccessible,
  hostUrl,
  readStorage,
  screenshot,
  signIn,
  submitLogin,
} from '../support.js';

const portalConfig = (overrides: Record<string, unknown>) => ({
  Response: {
    CompanyId: 54,
    CompanyName: 'Aurora Seguros Garantia',
    CompanyKey: 'ck-aurora-54-3f9a1c7e',
    Dns: 'aurora.localhost',
    KanbanServiceUrl: '/api/kanban/v1.0',
    Maintenance: false,
    WarnMaintenance: false,
    MaintenanceMessage: null,
    Layout: {
      PrimaryColor: '#0e65a5',
      SuccessColor: '#28C76F',
      DangerColor: '#EA5455',
      WarningColor: '#FF9F43',
      LineColor: '#ff9f43',
      Font: 'Montserrat',
      LogoUrl: null,
    },
    ...overrides,
  },
});

/** A small PDF (the portal accepts PDF, PNG, JPEG and office files only). */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

test.describe('portal shell', () => {
  for (const [key, user] of Object.entries(demoUsers)) {
    test(`should land the ${key} on their home after login`, async ({ page }, info) => {
      await signIn(page, user, defaultHost, { through: 'form' });
      await expect(page).toHaveURL(hostUrl(defaultHost, user.home));
      await expect(page.getByTestId('user-menu')).toContainText(user.name);
      await expect(page.getByTestId('user-menu')).toContainText('Aurora Seguros Garantia');
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      const storage = await readStorage(page);
      expect(JSON.parse(storage.userInfo ?? '{}').UserTypeId).toBe(user.userType);
      expect(JSON.parse(storage.lsApplicationConfig ?? '{}').companyKey).toBeTruthy();
      await expectAccessible(page);
      await screenshot(page, info);
    });
  }

  test('should point the side menu at the insurer or broker proposals by permission', async ({ page }) => {
    await signIn(page, demoUsers.analyst);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Propostas' })).toHaveAttribute(
      'href',
      '/propostas-seguradora',
    );
    await expect(menu.getByRole('link', { name: 'Corretores' })).toHaveAttribute('href', '/corretores');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await signIn(page, demoUsers.broker);
    await expect(menu.getByRole('link', { name: 'Propostas' })).toHaveAttribute('href', '/propostas');
    await expect(menu.getByRole('link', { name: 'Corretores' })).toHaveAttribute('href', '/corretor');
  });

  test('should show the login error of the identity service on a wrong password', async ({ page }, info) => {
    await page.goto(hostUrl(defaultHost, '/login'));
    await submitLogin(page, demoUsers.analyst.username, 'senha-errada');
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(hostUrl(defaultHost, '/login'));
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should send a user without the permission to /error-401', async ({ page }, info) => {
    await signIn(page, demoUsers.policyHolder);
    await page.goto(hostUrl(defaultHost, '/usuarios'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/error-401'));
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await page.goto(hostUrl(defaultHost, '/upload'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/error-401'));
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should send a signed-out visitor to login and back to the page after signing in', async ({
    page,
  }) => {
    await page.goto(hostUrl(defaultHost, '/segurados?pagina=1'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/login?redirect=%2Fsegurados%3Fpagina%3D1'));
    await submitLogin(page, demoUsers.admin.username);
    await expect(page).toHaveURL(hostUrl(defaultHost, '/segurados?pagina=1'));
    await expect(page).toHaveTitle('Segurados · Aurora Seguros Garantia');
    // Another origin in the parameter is ignored: the user lands on the home.
    await page.evaluate(() => localStorage.removeItem('authData'));
    await page.goto(hostUrl(defaultHost, '/login?redirect=%2F%2Fevil.example%2Fx'));
    await submitLogin(page, demoUsers.admin.username);
    await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.admin.home));
  });

  test('should offer brokers no Documentos menu and send them to /error-401 there', async ({ page }) => {
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, demoUsers.broker.home));
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Propostas' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Documentos' })).toHaveCount(0);
    await page.goto(hostUrl(defaultHost, '/documentos'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/error-401'));
  });

  test('should send a signed-in user away from the login page to their home', async ({ page }) => {
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/login'));
    await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.broker.home));
  });

  test('should redirect to the maintenance page when the configuration says so', async ({ page }, info) => {
    await page.route('**/api/Application/GetPortalConfig**', (route) =>
      route.fulfill({
        json: portalConfig({ Maintenance: true, MaintenanceMessage: 'Voltamos às 18h.' }),
      }),
    );
    await page.goto(hostUrl(defaultHost, '/login'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/maintenance'));
    await expect(page.getByRole('heading', { name: 'Portal em manutenção' })).toBeVisible();
    await expect(page.getByText('Voltamos às 18h.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should show the maintenance warning when WarnMaintenance is set', async ({ page }, info) => {
    await page.route('**/api/Application/GetPortalConfig**', (route) =>
      route.fulfill({
        json: portalConfig({ WarnMaintenance: true, MaintenanceMessage: 'Manutenção hoje às 22h.' }),
      }),
    );
    await page.goto(hostUrl(defaultHost, '/login'));
    await expect(page.getByTestId('maintenance-warning')).toContainText('Manutenção hoje às 22h.');
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should brand the portal from the configuration', async ({ page }, info) => {
    await page.route('**/api/Application/GetPortalConfig**', (route) =>
      route.fulfill({
        json: portalConfig({
          CompanyName: 'Seguradora Roxa',
          Layout: { ...portalConfig({}).Response.Layout, PrimaryColor: '#5b2a86' },
        }),
      }),
    );
    await page.goto(hostUrl(defaultHost, '/login'));
    const button = page.getByRole('button', { name: 'Entrar' });
    await expect(button).toHaveCSS('background-color', 'rgb(91, 42, 134)');
    await expect(page.getByText('Seguradora Roxa').first()).toBeVisible();
    await screenshot(page, info);
  });

  test('should read the configuration of a simulated host on /login/simula-{host}', async ({
    page,
  }, info) => {
    await page.goto(hostUrl('localhost', '/login/simula-fianca.localhost'));
    await expect(page.getByText('Fiança Brasil Seguradora').first()).toBeVisible();
    const storage = await readStorage(page);
    expect(JSON.parse(storage.lsApplicationConfig ?? '{}').dns).toBe('fianca.localhost');
    await screenshot(page, info);
  });

  test('should refresh an expired token once, tell the user and reload the same page', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/upload'));
    await expect(page.getByRole('heading', { name: 'Upload de arquivos' })).toBeVisible();
    const before = await readStorage(page);
    const refreshBefore = JSON.parse(before.authData ?? '{}').refresh_token;
    await page.evaluate(() => {
      const auth = JSON.parse(localStorage.getItem('authData') ?? '{}');
      localStorage.setItem('authData', JSON.stringify({ ...auth, access_token: 'expirado' }));
    });
    const tokenCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/connect/token')) tokenCalls.push(r.postData() ?? '');
    });
    // Listened for from the start: the reload may come while the dialog's screenshot is taken.
    const reloaded = page.waitForEvent('load');
    await page.locator('input[type=file]').setInputFiles([
      { name: 'a.pdf', mimeType: 'application/pdf', buffer: pdf('primeiro arquivo') },
      { name: 'b.pdf', mimeType: 'application/pdf', buffer: pdf('segundo arquivo') },
    ]);
    const dialog = page.getByRole('dialog', { name: 'Sucesso' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Sua página será atualizada');
    await screenshot(page, info, 'dialog');
    await reloaded;
    await expect(page).toHaveURL(hostUrl(defaultHost, '/upload'));
    await expect(page.getByRole('heading', { name: 'Upload de arquivos' })).toBeVisible();
    expect(tokenCalls.filter((c) => c.includes('grant_type=refresh_token'))).toHaveLength(1);
    const after = JSON.parse((await readStorage(page)).authData ?? '{}');
    expect(after.access_token).not.toBe('expirado');
    expect(after.refresh_token).not.toBe(refreshBefore);
    await screenshot(page, info, 'after reload');
  });

  test('should log out when the token is refused and there is no refresh token', async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/upload'));
    await expect(page.getByRole('heading', { name: 'Upload de arquivos' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('authData', JSON.stringify({ access_token: 'expirado' })));
    await page
      .locator('input[type=file]')
      .setInputFiles([{ name: 'a.pdf', mimeType: 'application/pdf', buffer: pdf('arquivo') }]);
    await expect(page).toHaveURL(hostUrl(defaultHost, '/login'));
    const storage = await readStorage(page);
    expect(storage.authData).toBeUndefined();
    expect(storage.userInfo).toBeUndefined();
  });

  test('should clear the session on logout and keep the portal configuration', async ({ page }, info) => {
    await signIn(page, demoUsers.broker);
    await page.evaluate(() => {
      localStorage.setItem('advisorInfo', '{"x":1}');
      localStorage.setItem('storageInfo', '{"Uri":"x"}');
    });
    await page.getByTestId('user-menu').click();
    await screenshot(page, info, 'menu');
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(hostUrl(defaultHost, '/login'));
    const storage = await readStorage(page);
    for (const key of ['authData', 'userInfo', 'advisorInfo', 'storageInfo'])
      expect(storage[key]).toBeUndefined();
    expect(storage.lsApplicationConfig).toBeTruthy();
    // Signed out, a protected page goes to login, remembering where to come back.
    await page.goto(hostUrl(defaultHost, '/propostas'));
    await expect(page).toHaveURL(hostUrl(defaultHost, '/login?redirect=%2Fpropostas'));
  });

  test('should upload files with progress and keep to the file limit', async ({ page }, info) => {
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/upload'));
    await page.locator('input[type=file]').setInputFiles(
      ['1', '2', '3', '4', '5', '6'].map((n) => ({
        name: `arquivo-${n}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf(`conteúdo ${n}`),
      })),
    );
    await expect(page.getByText('Envie no máximo 5 arquivos.').last()).toBeVisible();
    await expect(page.getByTestId('upload-item')).toHaveCount(5);
    await expect(page.getByLabel('Enviado')).toHaveCount(5);
    await expect(page.getByTestId('uploaded-files').getByRole('button')).toHaveCount(5);
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should keep starred pages per user, at most 10', async ({ page }, info) => {
    await signIn(page, demoUsers.admin);
    const paths = ['/kanban', '/tomadores', '/segurados', '/apolices', '/usuarios', '/usuarios/listar'];
    paths.push('/usuarios/perfis', '/parametrizacao', '/parametrizacao/menu', '/parametrizacao/modalidades');
    for (const path of paths) {
      await page.goto(hostUrl(defaultHost, path));
      await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    }
    await page.goto(hostUrl(defaultHost, '/documentos'));
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    await expect(page.getByText('no máximo 10 páginas')).toBeVisible();
    const favourites = page.getByRole('navigation', { name: 'Páginas favoritas' });
    await expect(favourites.getByRole('link')).toHaveCount(10);
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should fit a 375 px wide screen with the menu behind a button', async ({ page }, info) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, demoUsers.broker);
    const hasHorizontalScroll = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(hasHorizontalScroll).toBe(false);
    await screenshot(page, info, 'closed');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'open');
  });

  test('should let an advisor act as a broker and go back to the advisor', async ({ page }, info) => {
    await signIn(page, demoUsers.advisor);
    await page.getByRole('button', { name: demoUsers.broker.name }).click();
    await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.broker.home));
    await expect(page.getByTestId('user-menu')).toContainText(demoUsers.broker.name);
    const back = page.getByRole('button', { name: 'Voltar para assessor' });
    await expect(back).toBeVisible();
    expect((await readStorage(page)).advisorInfo).toBeTruthy();
    await expectAccessible(page);
    await screenshot(page, info, 'acting as broker');
    await back.click();
    await expect(page).toHaveURL(hostUrl(defaultHost, demoUsers.advisor.home));
    await expect(page.getByTestId('user-menu')).toContainText(demoUsers.advisor.name);
    await expect(page.getByRole('button', { name: 'Voltar para assessor' })).toHaveCount(0);
    expect((await readStorage(page)).advisorInfo).toBeUndefined();
  });

  test('should go to /locked when the identity service locks the account', async ({ page }, info) => {
    await page.route('**/connect/token', (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'invalid_grant',
          error_description: 'Conta bloqueada temporariamente.',
          locked_until: '2030-01-01T15:30:00.000Z',
        },
      }),
    );
    await page.goto(hostUrl(defaultHost, '/login'));
    await submitLogin(page, demoUsers.analyst.username, 'qualquer');
    await expect(page).toHaveURL(/\/locked\?ate=/);
    await expect(page.getByTestId('locked-until')).toContainText('01/01/2030');
    await expectAccessible(page);
    await screenshot(page, info);
  });
});
