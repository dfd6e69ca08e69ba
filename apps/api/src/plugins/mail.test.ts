import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail.js';

const log = pino({ level: 'silent' });

describe('mail over real SMTP', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('should deliver the message to the SMTP server with subject, recipients and body', async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Aval <nao-responda@aval.localhost>', dir: '' },
      log,
    );
    await mailer.send({
      to: 'corretor@exemplo.com.br',
      subject: 'Primeiro acesso ao Aval',
      text: 'Olá! Acesse o link para criar sua senha.',
      html: '<p>Olá! Acesse o link para criar sua senha.</p>',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('nao-responda@aval.localhost');
    expect(received[0]!.to).toEqual(['corretor@exemplo.com.br']);
    expect(received[0]!.raw).toContain('Subject: Primeiro acesso ao Aval');
    expect(received[0]!.raw).toContain('criar sua senha');
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
