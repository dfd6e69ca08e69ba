import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server on a free port that keeps what it receives. */
export const startSmtpServer = async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const waitForMail = (to: string, timeoutMs = 15_000) =>
    waitForMails(to, 1, timeoutMs).then((mails) => mails[0]!);
  /** The first `n` e-mails to `to`, once they arrived. */
  const waitForMails = (to: string, n: number, timeoutMs = 15_000) =>
    vi.waitFor(
      () => {
        const mails = received.filter((m) => m.to.includes(to));
        if (mails.length < n) throw new Error(`${mails.length} of ${n} e-mails to ${to} arrived`);
        return mails;
      },
      { timeout: timeoutMs, interval: 50 },
    );
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitForMail,
    waitForMails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The text part of a raw message with quoted-printable soft breaks undone. */
export const mailText = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
