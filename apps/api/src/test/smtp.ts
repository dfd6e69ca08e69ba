import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until, WAIT_MS } from './wait.js';

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
  const waitForMail = (to: string, timeoutMs = WAIT_MS) =>
    waitForMails(to, 1, timeoutMs).then((mails) => mails[0]!);
  /** The first `n` e-mails to `to`, once they arrived. */
  const waitForMails = (to: string, n: number, timeoutMs = WAIT_MS) =>
    until(
      () => {
        const mails = received.filter((m) => m.to.includes(to));
        return mails.length >= n ? mails : undefined;
      },
      `${n} e-mail(s) to ${to}`,
      timeoutMs,
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
