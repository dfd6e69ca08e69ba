import {
  changeOwnPassword,
  changeUserInfoPassword,
  requestRecoveryPassword,
  validateUserInfoChangePasswordRequest,
} from '@aval/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, queuedMailsTo } from '../../test/factories.js';
import { createTestApp, passwordGrant, refreshGrant, type TestApp } from '../../test/harness.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const host = { host: 'aurora.localhost:3000' };
const FIRST = 'Primeira#Senha9';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requestRecovery = (Email: string) =>
  t.call(requestRecoveryPassword, { headers: host, body: { Email } });
const changePassword = (UniqueId: string, Password: string, ConfirmPassword = Password) =>
  t.call(changeUserInfoPassword, { body: { UniqueId, Password, ConfirmPassword } });

/** A user with a password and the token of the recovery link e-mailed to them. */
const userWithRecoveryLink = async () => {
  const user = await createUser(t, { password: FIRST });
  expect((await requestRecovery(user.Username)).status).toBe(200);
  const mail = await vi.waitFor(
    () => {
      const found = smtp.received
        .filter((m) => m.to.includes(user.Username))
        .map((m) => mailText(m.raw))
        .find((text) => text.includes('/alterar-senha/'));
      if (!found) throw new Error(`no recovery e-mail to ${user.Username} yet`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
  const match = mail.match(/http:\/\/aurora\.localhost:3000\/alterar-senha\/([A-Za-z0-9_-]{43})/);
  expect(match).not.toBeNull();
  return { user, mail, token: match![1]! };
};

describe('password recovery through real SMTP', () => {
  it('should answer the same whether or not the e-mail exists, and mail only a real user', async () => {
    const { user, mail } = await userWithRecoveryLink();
    expect(mail).toContain('recupera');
    const unknown = await requestRecovery('nao-existe@aurora.demo');
    const known = await requestRecovery(user.Username);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Mails are queued inside the request's transaction: once it answered, a job exists or never will.
    expect(await queuedMailsTo(t, 'nao-existe@aurora.demo')).toEqual([]);
    expect((await queuedMailsTo(t, user.Username)).filter((m) => m.includes('/alterar-senha/'))).toHaveLength(
      2,
    );
  });

  it('should validate the link and refuse a weak or mismatched password with pt-BR messages', async () => {
    const { user, token } = await userWithRecoveryLink();
    const valid = await t.data(validateUserInfoChangePasswordRequest, { body: { UniqueId: token } });
    expect(valid).toEqual({ Valid: true, Username: user.Username, Purpose: 'recovery' });
    const weak = await changePassword(token, 'fraca');
    expect(weak.status).toBe(422);
    expect(weak.errors).toContain('A senha deve ter ao menos 8 caracteres.');
    const mismatch = await changePassword(token, 'Nova@Senha2026', 'Outra@Senha2026');
    expect(mismatch.body).toEqual({ Errors: ['As senhas não conferem.'] });
    expect((await passwordGrant(t, user.Username, FIRST)).statusCode).toBe(200);
  });

  it('should change the password once; the link then dies and the new password signs in', async () => {
    const { user, token } = await userWithRecoveryLink();
    expect((await changePassword(token, 'Nova@Senha2026')).body).toEqual({ Response: true });
    const again = await changePassword(token, 'Outra@Senha2026');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ Errors: ['Link inválido ou expirado. Peça um novo link de acesso.'] });
    const invalid = await t.data(validateUserInfoChangePasswordRequest, { body: { UniqueId: token } });
    expect(invalid.Valid).toBe(false);
    expect((await passwordGrant(t, user.Username, FIRST)).statusCode).toBe(400);
    expect((await passwordGrant(t, user.Username, 'Nova@Senha2026')).statusCode).toBe(200);
  });
});

describe('ChangeOwnPassword', () => {
  it('should need the current password, refuse reusing it and weak ones, then end the sessions', async () => {
    const user = await createUser(t, { password: FIRST });
    const grant = await passwordGrant(t, user.Username, FIRST);
    const token = grant.json().access_token as string;
    const change = (CurrentPassword: string, Password: string, ConfirmPassword = Password) =>
      t.call(changeOwnPassword, { as: { token }, body: { CurrentPassword, Password, ConfirmPassword } });

    const wrong = await change('Errada#Senha1', 'Nova@Senha2026');
    expect(wrong.status).toBe(422);
    expect(wrong.errors).toEqual(['A senha atual não confere.']);
    expect((await change(FIRST, FIRST)).errors).toEqual(['A nova senha deve ser diferente da senha atual.']);
    expect((await change(FIRST, 'Nova@Senha2026', 'Outra@Senha2026')).errors).toEqual([
      'As senhas não conferem.',
    ]);
    expect((await change(FIRST, 'fraca')).status).toBe(422);
    expect((await passwordGrant(t, user.Username, FIRST)).statusCode).toBe(200);

    expect((await change(FIRST, 'Nova@Senha2026')).data).toBe(true);
    expect((await passwordGrant(t, user.Username, FIRST)).statusCode).toBe(400);
    expect((await passwordGrant(t, user.Username, 'Nova@Senha2026')).statusCode).toBe(200);
    // The session that changed it ended too: its refresh token no longer works.
    const refreshed = await refreshGrant(t, grant.json().refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
  });

  it('should need a signed-in user', async () => {
    const res = await t.call(changeOwnPassword, {
      body: { CurrentPassword: FIRST, Password: 'Nova@Senha2026', ConfirmPassword: 'Nova@Senha2026' },
    });
    expect(res.status).toBe(401);
  });
});
