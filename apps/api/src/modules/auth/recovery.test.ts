import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMailsTo } from '../../test/factories.js';
import { companyKeyOf, createTestApp, demoUser, passwordGrant, type TestApp } from '../../test/harness.js';
import { mailText, startSmtpServer } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const headers = { companykey: companyKeyOf(54), host: 'aurora.localhost:3000' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ jobWorkers: true, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

describe('password recovery through real SMTP', () => {
  let token: string;

  it('should answer the same whether or not the e-mail exists, and mail only a real user', async () => {
    const unknown = await post('/api/Security/RequestRecoveryPassword', { Email: 'nao-existe@aurora.demo' });
    const known = await post('/api/Security/RequestRecoveryPassword', { Email: demoUser('corretor') });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await smtp.waitForMail(demoUser('corretor'));
    const text = mailText(mail.raw);
    expect(text).toContain('recupera');
    const match = text.match(/http:\/\/aurora\.localhost:3000\/alterar-senha\/([A-Za-z0-9_-]{43})/);
    expect(match).not.toBeNull();
    token = match![1]!;
    // Mails are queued inside the request's transaction: once it answered, a job exists or never will.
    expect(await queuedMailsTo(t, 'nao-existe@aurora.demo')).toEqual([]);
    expect(await queuedMailsTo(t, demoUser('corretor'))).toHaveLength(1);
  });

  it('should validate the link and refuse a weak or mismatched password with pt-BR messages', async () => {
    const valid = await post('/api/Security/ValidateUserInfoChangePasswordRequest', { UniqueId: token });
    expect(valid.json().Response).toEqual({
      Valid: true,
      Username: demoUser('corretor'),
      Purpose: 'recovery',
    });
    const weak = await post('/api/Security/ChangeUserInfoPassword', {
      UniqueId: token,
      Password: 'fraca',
      ConfirmPassword: 'fraca',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().Errors).toContain('A senha deve ter ao menos 8 caracteres.');
    const mismatch = await post('/api/Security/ChangeUserInfoPassword', {
      UniqueId: token,
      Password: 'Nova@Senha2026',
      ConfirmPassword: 'Outra@Senha2026',
    });
    expect(mismatch.json()).toEqual({ Errors: ['As senhas não conferem.'] });
  });

  it('should change the password once; the link then dies and the new password signs in', async () => {
    const ok = await post('/api/Security/ChangeUserInfoPassword', {
      UniqueId: token,
      Password: 'Nova@Senha2026',
      ConfirmPassword: 'Nova@Senha2026',
    });
    expect(ok.json()).toEqual({ Response: true });
    const again = await post('/api/Security/ChangeUserInfoPassword', {
      UniqueId: token,
      Password: 'Outra@Senha2026',
      ConfirmPassword: 'Outra@Senha2026',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ Errors: ['Link inválido ou expirado. Peça um novo link de acesso.'] });
    const invalid = await post('/api/Security/ValidateUserInfoChangePasswordRequest', { UniqueId: token });
    expect(invalid.json().Response.Valid).toBe(false);
    expect((await passwordGrant(t, demoUser('corretor'))).statusCode).toBe(400);
    expect((await passwordGrant(t, demoUser('corretor'), 'Nova@Senha2026')).statusCode).toBe(200);
  });
});
