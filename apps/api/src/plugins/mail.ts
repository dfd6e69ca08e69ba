import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';

export type MailMessage = { to: string | string[]; subject: string; text: string; html?: string };
export type Mailer = { send: (message: MailMessage) => Promise<{ messageId: string; file?: string }> };

/** Sends through `SMTP_URL` when set; otherwise writes each message as an `.eml` file and logs it. */
export const createMailer = (mail: Config['mail'], log: FastifyBaseLogger): Mailer => {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl);
    return {
      send: async (m) => {
        const info = await transport.sendMail({ from: mail.from, ...m });
        log.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: mail.from, ...m });
      await mkdir(mail.dir, { recursive: true });
      const safeId = info.messageId.replace(/[^A-Za-z0-9._-]/g, '');
      const file = join(mail.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: m.to, subject: m.subject, file }, 'mail written to file (SMTP_URL not set)');
      return { messageId: info.messageId, file };
    },
  };
};
