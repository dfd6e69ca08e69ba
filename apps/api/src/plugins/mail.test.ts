import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp.js';
import { createMailer } from './mail.js';

const log = pino({ level: 'silent' });

describe('mail over real SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('should deliver the message to the SMTP server with subject, recipients and body', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Aval <nao-responda@aval.localhost>', dir: '' },
      log,
    );
    await mailer.send({
      to: 'corretor@exemplo.com.br',
      subject: 'Primeiro acesso ao Aval',
      text: 'Olá! Acesse o link para criar sua senha.',
      html: '<p>Olá! Acesse o link para criar sua senha.</p>',
    });
    const received = await smtp.waitForMail('corretor@exemplo.com.br');
    expect(smtp.received).toHaveLength(1);
    expect(received.raw).toContain('From: Aval <nao-responda@aval.localhost>');
    expect(received.raw).toContain('Subject: Primeiro acesso ao Aval');
    expect(received.raw).toContain('criar sua senha');
  });
});

describe('mail without SMTP_URL', () => {
  it('should write the message as an .eml file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'aval-mail-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'Aval <a@aval.localhost>', dir }, log);
    const { file } = await mailer.send({
      to: 'x@exemplo.com',
      subject: 'Recuperação de senha',
      text: 'Seu link',
    });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(file).toBe(join(dir, files[0]!));
    const eml = await readFile(file!, 'utf8');
    expect(eml).toContain('To: x@exemplo.com');
    expect(eml).toMatch(/Subject: =\?UTF-8\?|Subject: Recupera/);
    await rm(dir, { recursive: true, force: true });
  });
});
