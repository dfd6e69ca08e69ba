import { type Browser, expect, type Page, test } from '@playwright/test';
import { fromMail } from '../mail.js';
import {
  acceptTermsIfAsked,
  defaultHost,
  demoPassword,
  demoUsers,
  expectAccessible,
  hostUrl,
  screenshot,
  signIn,
  submitLogin,
} from '../support.js';

const companyKey = 'ck-aurora-54-3f9a1c7e';

/** Waits for the e-mail sent to `to` after `since` and returns the portal path of its link. */
const linkFromMail = async (to: string, kind: 'alterar-senha' | 'primeiro-acesso', since: number) =>
  (
    await fromMail(to, new RegExp(`/${kind}/[A-Za-z0-9_-]{20,}`), since, `e-mail para ${to} com /${kind}/`)
  )[0];

/** A fresh, logged-out page (public routes send a signed-in user home). */
const newPublicPage = async (browser: Browser) => (await browser.newContext()).newPage();

const setNewPassword = async (page: Page, password: string) => {
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill(password);
};

test.describe('identity screens', () => {
  test('should change the password through the e-mailed link when a user asks for recovery', async ({
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const username = 'corretor2@aurora.demo';
    const newPassword = 'Nova#Senha2026';
    const page = await newPublicPage(browser);

    await page.goto(hostUrl(defaultHost, '/login'));
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await expect(page).toHaveURL(/\/recuperacao-da-senha$/);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText('Informe o e-mail.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'pedido');

    const since = Date.now();
    await page.getByLabel('E-mail').fill(username);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByTestId('recovery-confirmation')).toContainText('Se o e-mail estiver cadastrado');
    await expectAccessible(page);
    await screenshot(page, info, 'confirmacao');

    // An unknown e-mail gets exactly the same answer.
    await page.getByRole('button', { name: 'Enviar para outro e-mail' }).click();
    await page.getByLabel('E-mail').fill('ninguem@aurora.demo');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByTestId('recovery-confirmation')).toContainText('Se o e-mail estiver cadastrado');

    const link = await linkFromMail(username, 'alterar-senha', since);
    await page.goto(hostUrl(defaultHost, link));
    await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible();
    await expect(page.getByTestId('link-username')).toHaveValue(username);
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('curta');
    await expect(page.getByTestId('password-policy').locator('[data-ok="true"]')).toHaveCount(2);
    await expectAccessible(page);
    await screenshot(page, info, 'politica');
    await page.getByRole('textbox', { name: 'Confirme a nova senha' }).fill('outra');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('A senha não atende a todas as regras.')).toBeVisible();
    await expect(page.getByText('As senhas não conferem.')).toBeVisible();

    await setNewPassword(page, newPassword);
    await expect(page.getByTestId('password-policy').locator('[data-ok="false"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByTestId('password-changed')).toBeVisible();
    await screenshot(page, info, 'sucesso');
    await page.getByRole('link', { name: 'Ir para o login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The link is single-use.
    await page.goto(hostUrl(defaultHost, link));
    await expect(page.getByTestId('invalid-link')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/recuperacao-da-senha',
    );
    await expectAccessible(page);
    await screenshot(page, info, 'link usado');

    // The old password no longer works; the new one does.
    await submitLogin(page, username, demoPassword);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await submitLogin(page, username, newPassword);
    await expect(page).toHaveURL(/\/inicio$/);
    await acceptTermsIfAsked(page);
    await expect(page.getByTestId('user-menu')).toContainText('Paulo Azevedo');

    // Put the demo password back for the other journeys (same flow, through the API).
    const restoreSince = Date.now();
    const post = (path: string, body: unknown) =>
      page.evaluate(
        async ({ path, body, key }) =>
          (
            await fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json', CompanyKey: key },
              body: JSON.stringify(body),
            })
          ).status,
        { path, body, key: companyKey },
      );
    expect(await post('/api/Security/RequestRecoveryPassword', { Email: username })).toBe(200);
    const again = await linkFromMail(username, 'alterar-senha', restoreSince);
    const token = again.split('/').pop();
    expect(
      await post('/api/Security/ChangeUserInfoPassword', {
        UniqueId: token,
        Password: demoPassword,
        ConfirmPassword: demoPassword,
      }),
    ).toBe(200);
    await page.context().close();
  });

  test('should show a clear message when a password link is invalid', async ({ browser }, info) => {
    const page = await newPublicPage(browser);
    await page.goto(hostUrl(defaultHost, '/primeiro-acesso/link-que-nao-existe-123'));
    await expect(page.getByTestId('invalid-link')).toContainText('Este link de primeiro acesso');
    await expectAccessible(page);
    await screenshot(page, info);
    await page.getByRole('link', { name: 'Pedir um novo link' }).click();
    await expect(page).toHaveURL(/\/recuperacao-da-senha$/);
    await page.context().close();
  });

  test('should let the admin create a user who then sets a password through the first-access link', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const email = `novo.usuario.${Date.now()}@aurora.demo`;
    const password = 'Primeiro@Acesso1';
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/usuarios'));
    await expect(page.getByRole('link', { name: /^Perfis:/ })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'hub');
    await page.getByRole('link', { name: /^Usuários:/ }).click();
    await expect(page).toHaveURL(/\/usuarios\/listar$/);
    await expect(page.getByRole('row', { name: /Helena Duarte/ })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista');

    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const form = page.getByRole('dialog', { name: 'Novo usuário' });
    await form.getByRole('button', { name: 'Criar usuário' }).click();
    await expect(form.getByText('Informe o nome completo.')).toBeVisible();
    await expect(form.getByText('Informe o e-mail.')).toBeVisible();
    await form.getByLabel('Nome completo').fill('Lívia Nascimento');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('CPF/CNPJ').fill('52998224726');
    await form.getByLabel('Telefone').fill('11987654320');
    await form.getByRole('button', { name: 'Criar usuário' }).click();
    await expect(form.getByText('CPF inválido')).toBeVisible();
    await form.getByLabel('CPF/CNPJ').fill('52998224725');
    await expect(form.getByLabel('CPF/CNPJ')).toHaveValue('529.982.247-25');
    await expect(form.getByLabel('Telefone')).toHaveValue('(11) 98765-4320');
    await form.getByRole('combobox', { name: 'Perfil' }).click();
    await page.getByRole('option', { name: 'Analista' }).click();
    await expectAccessible(page);
    await screenshot(page, info, 'formulario');
    const since = Date.now();
    await form.getByRole('button', { name: 'Criar usuário' }).click();
    await expect(form).toBeHidden();
    await page.getByLabel('Buscar').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await expect(row).toContainText('Analista');
    await expect(row).toContainText('Nunca acessou');

    // The new user opens the first-access link and creates a password.
    const link = await linkFromMail(email, 'primeiro-acesso', since);
    const newcomer = await newPublicPage(browser);
    await newcomer.goto(hostUrl(defaultHost, link));
    await expect(newcomer.getByRole('heading', { name: 'Primeiro acesso' })).toBeVisible();
    await expect(newcomer.getByTestId('link-username')).toHaveValue(email);
    await setNewPassword(newcomer, password);
    await expectAccessible(newcomer);
    await screenshot(newcomer, info, 'primeiro acesso');
    await newcomer.getByRole('button', { name: 'Criar senha' }).click();
    await expect(newcomer.getByTestId('password-changed')).toBeVisible();
    await newcomer.getByRole('link', { name: 'Ir para o login' }).click();
    // A short window: the terms are longer than their page, so agreeing waits for the end.
    await newcomer.setViewportSize({ width: 900, height: 520 });
    await submitLogin(newcomer, email, password);
    await expect(newcomer).toHaveURL(/\/inicio$/);
    await expect(newcomer.getByTestId('terms-document')).toContainText('Aurora Seguros Garantia');
    await expect(newcomer.getByText('Leia os termos até o fim antes de concordar.')).toBeVisible();
    await expect(newcomer.getByRole('button', { name: 'Li e concordo' })).toBeDisabled();
    await screenshot(newcomer, info, 'termos de uso');
    await acceptTermsIfAsked(newcomer);
    await newcomer.setViewportSize({ width: 1280, height: 720 });
    await expect(newcomer.getByTestId('user-menu')).toContainText('Lívia Nascimento');
    // From the user menu the newcomer changes the password: a wrong current one is refused; the
    // change ends the session and the new password signs in.
    await newcomer.getByTestId('user-menu').click();
    await newcomer.getByRole('menuitem', { name: 'Alterar senha' }).click();
    const account = newcomer.getByRole('dialog', { name: 'Minha conta' });
    await account.getByLabel('Senha atual').fill('Errada@Senha1');
    await account.getByLabel('Nova senha', { exact: true }).fill('Segunda@Senha2');
    await account.getByLabel('Confirmar nova senha').fill('Segunda@Senha2');
    await account.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(account.getByRole('alert')).toContainText('A senha atual não confere.');
    await expectAccessible(newcomer);
    await screenshot(newcomer, info, 'minha conta senha');
    await account.getByLabel('Senha atual').fill(password);
    await account.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(newcomer).toHaveURL(/\/login/);
    await expect(newcomer.getByRole('dialog')).toContainText(
      'Senha alterada. Entre novamente com a nova senha.',
    );
    await newcomer.getByRole('button', { name: 'OK' }).click();
    await submitLogin(newcomer, email, 'Segunda@Senha2');
    await expect(newcomer).toHaveURL(/\/inicio$/);
    await newcomer.getByTestId('user-menu').click();
    await newcomer.getByRole('menuitem', { name: 'Meus dados' }).click();
    await expect(newcomer.getByRole('dialog', { name: 'Minha conta' })).toContainText(email);
    await screenshot(newcomer, info, 'minha conta dados');
    await newcomer.context().close();

    // Now the user has history: deleting is refused with the server's message; inactivating works.
    await page.reload();
    await page.getByLabel('Buscar').fill(email);
    await page.getByRole('button', { name: 'Ações de Lívia Nascimento' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir usuário' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(confirm.getByTestId('confirm-error')).toContainText('não pode ser excluído');
    await expectAccessible(page);
    await screenshot(page, info, 'exclusao recusada');
    await confirm.getByRole('button', { name: 'Fechar', exact: true }).click();

    await page.getByRole('button', { name: 'Ações de Lívia Nascimento' }).click();
    await page.getByRole('menuitem', { name: 'Inativar' }).click();
    await page
      .getByRole('dialog', { name: 'Inativar usuário' })
      .getByRole('button', { name: 'Inativar' })
      .click();
    await expect(page.getByRole('row', { name: /Lívia Nascimento/ })).toContainText('Inativo');
    await page.locator('label', { hasText: /^Ativos$/ }).click();
    await expect(page.getByRole('row', { name: /Lívia Nascimento/ })).toHaveCount(0);
  });

  test('should let the admin create a profile and choose its functionalities', async ({ page }, info) => {
    const name = `Auditoria ${Date.now() % 100000}`;
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/usuarios/perfis'));
    await expect(page.getByRole('tab', { name: 'Seguradora' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('profile-matrix')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'perfis');

    // A profile held by users cannot be deleted.
    await page.getByRole('button', { name: 'Excluir Administrador' }).click();
    const refuse = page.getByRole('dialog', { name: 'Excluir perfil' });
    await refuse.getByRole('button', { name: 'Excluir' }).click();
    await expect(refuse.getByTestId('confirm-error')).toContainText('não pode ser excluído');
    await refuse.getByRole('button', { name: 'Fechar', exact: true }).click();

    await page.getByRole('button', { name: 'Novo perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo perfil' });
    await dialog.getByLabel('Nome do perfil').fill('AB');
    await dialog.getByRole('button', { name: 'Criar perfil' }).click();
    await expect(dialog.getByText('O nome do perfil deve ter ao menos 3 caracteres.')).toBeVisible();
    await dialog.getByLabel('Nome do perfil').fill(name);
    await dialog.getByRole('button', { name: 'Criar perfil' }).click();
    await expect(dialog).toBeHidden();

    const matrix = page.getByTestId('profile-matrix');
    await expect(matrix).toContainText(`Funcionalidades de “${name}”`);
    await expect(matrix).toContainText('0 funcionalidades marcadas');
    await matrix.getByLabel('Todas as funcionalidades de Documentos').check();
    await matrix.getByRole('checkbox', { name: 'Visualizar usuários' }).check();
    await expect(matrix).toContainText('alterações não salvas');
    await expectAccessible(page);
    await screenshot(page, info, 'matriz');
    await matrix.getByRole('button', { name: 'Salvar funcionalidades' }).click();
    await expect(matrix).not.toContainText('alterações não salvas');

    await page.reload();
    const item = page.getByTestId('profile-item').filter({ hasText: name });
    await expect(item).toContainText('8 funcionalidades');
    await item.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(
      page.getByTestId('profile-matrix').getByRole('checkbox', { name: 'Upload de documentos' }),
    ).toBeChecked();

    await item.getByRole('button', { name: `Excluir ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Excluir perfil' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(page.getByTestId('profile-item').filter({ hasText: name })).toHaveCount(0);
  });

  test('should upload files with progress to an insurer document and download them', async ({
    page,
  }, info) => {
    const name = `Contrato social ${Date.now() % 100000}`;
    await signIn(page, demoUsers.admin);
    await page.goto(hostUrl(defaultHost, '/documentos'));
    await expect(page.getByTestId('request-documents')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'lista');

    await page.getByRole('button', { name: 'Novo documento' }).click();
    const create = page.getByRole('dialog', { name: 'Novo documento' });
    await create.getByLabel('Nome do documento').fill(name);
    await create.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Corretora' }).click();
    await create.getByLabel('Documento obrigatório').check();
    await create.getByRole('button', { name: 'Criar documento' }).click();
    await expect(create).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Pendente');
    await expect(row).toContainText('Obrigatório');

    await row.getByRole('button', { name: `Enviar arquivos para ${name}` }).click();
    const upload = page.getByRole('dialog', { name: 'Enviar arquivos' });
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(2 * 1024 * 1024, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: pdf });
    const progress = upload.getByRole('progressbar', { name: 'Envio de contrato.pdf' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    await expect(upload.getByLabel('Enviado')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'envio');
    await upload.getByRole('button', { name: 'Anexar ao documento' }).click();
    await expect(upload).toBeHidden();
    await expect(row.getByRole('button', { name: 'contrato.pdf' })).toBeVisible();

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'contrato.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('contrato.pdf');

    await row.getByRole('button', { name: `Renomear ${name}` }).click();
    const rename = page.getByRole('dialog', { name: 'Renomear documento' });
    await rename.getByLabel('Nome do documento').fill(`${name} v2`);
    await rename.getByRole('button', { name: 'Salvar' }).click();
    const renamed = page.getByRole('row', { name: new RegExp(`${name} v2`) });
    await expect(renamed).toBeVisible();
    await screenshot(page, info, 'com arquivo');

    await renamed.getByRole('button', { name: `Remover ${name} v2` }).click();
    await page
      .getByRole('dialog', { name: 'Remover documento' })
      .getByRole('button', { name: 'Remover' })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(`${name} v2`) })).toHaveCount(0);
    await page.locator('.mantine-SegmentedControl-root label', { hasText: 'Removidos' }).click();
    const removed = page.getByRole('row', { name: new RegExp(`${name} v2`) });
    await expect(removed).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'removidos');
    await removed.getByRole('button', { name: `Restaurar ${name} v2` }).click();
    await page
      .getByRole('dialog', { name: 'Restaurar documento' })
      .getByRole('button', { name: 'Restaurar' })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(`${name} v2`) })).toHaveCount(0);
    await page.locator('.mantine-SegmentedControl-root label', { hasText: 'Ativos' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${name} v2`) })).toBeVisible();
  });
  test('should list only the brokerage users, read-only, when a broker opens the users screen', async ({
    page,
  }, info) => {
    await signIn(page, demoUsers.broker);
    await page.goto(hostUrl(defaultHost, '/usuarios'));
    await expect(page.getByRole('link', { name: /^Usuários:/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Perfis:/ })).toHaveCount(0);
    await page.getByRole('link', { name: /^Usuários:/ }).click();
    await expect(page.getByRole('row', { name: /Marina Lopes/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Helena Duarte/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Novo usuário' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Corretora' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, info);
  });

  test('should fit the users, profiles and documents screens on a 375 px phone', async ({ page }, info) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, demoUsers.admin);
    for (const [path, ready] of [
      ['/usuarios/listar', page.getByRole('row', { name: /Helena Duarte/ })],
      ['/usuarios/perfis', page.getByTestId('profile-matrix')],
      ['/documentos', page.getByText('Removidos', { exact: true })],
    ] as const) {
      await page.goto(hostUrl(defaultHost, path));
      await expect(ready).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectAccessible(page);
      await screenshot(page, info, path.replace(/\//g, ' ').trim());
    }
  });
});
