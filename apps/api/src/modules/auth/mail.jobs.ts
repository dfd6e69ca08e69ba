import { z } from 'zod';
import type { Platform } from '../../context.js';
import { defineQueue } from '../../plugins/jobs.js';

/** E-mails go through a queue: retried when the SMTP server fails, never lost with the request. */
export const sendMailQueue = (platform: Platform) =>
  defineQueue({
    name: 'send-mail',
    data: z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().optional(),
    }),
    retryLimit: 5,
    retryDelaySeconds: 10,
    handler: async (message) => {
      await platform.mail.send(message);
    },
  });

export type SendMailQueue = ReturnType<typeof sendMailQueue>;
