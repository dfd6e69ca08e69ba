import type { AuthUser, Company, Platform } from '../../context.js';
import { type Charge, chargeCounters } from '../../lib/counters.js';
import { tooManyRequests } from '../../lib/errors.js';
import type { IncomingFile } from '../../plugins/endpoints.js';

const MINUTE = 60;
const DAY = 86_400;

const sizeText = (bytes: number) => {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${(Math.round(gb * 10) / 10).toLocaleString('pt-BR')} GB`;
  return `${(Math.round((bytes / 1024 ** 2) * 10) / 10).toLocaleString('pt-BR')} MB`;
};

/**
 * Upload quotas, per user and per company: requests per minute and bytes per (UTC) day, counted
 * in PostgreSQL so they hold across API instances. Runs before the request's transaction, after
 * the files are read: every upload request counts, and so do the bytes of files later refused
 * for their type (they were received all the same). A refusal is a 429 with `Retry-After`.
 */
export const admitUpload = async (
  platform: Platform,
  company: Company,
  caller: AuthUser,
  files: IncomingFile[],
) => {
  const quota = platform.config.upload.quota;
  const bytes = files.reduce((sum, f) => sum + f.data.length, 0);
  const user = `user:${company.id}:${caller.userId}`;
  const all = `company:${company.id}`;
  const limits: (Charge & { refusal: string })[] = [
    {
      key: `upload-requests:${user}`,
      windowSeconds: MINUTE,
      limit: quota.userRequestsPerMinute,
      refusal: `Você fez muitos envios de arquivos em pouco tempo (limite de ${quota.userRequestsPerMinute} por minuto). Aguarde um momento e tente novamente.`,
    },
    {
      key: `upload-requests:${all}`,
      windowSeconds: MINUTE,
      limit: quota.companyRequestsPerMinute,
      refusal: `Os usuários desta seguradora fizeram muitos envios de arquivos em pouco tempo (limite de ${quota.companyRequestsPerMinute} por minuto). Aguarde um momento e tente novamente.`,
    },
  ];
  if (bytes > 0) {
    limits.push(
      {
        key: `upload-bytes:${user}`,
        windowSeconds: DAY,
        limit: quota.userBytesPerDay,
        amount: bytes,
        refusal: `Você atingiu o limite diário de envio de arquivos (${sizeText(quota.userBytesPerDay)}). Tente novamente amanhã.`,
      },
      {
        key: `upload-bytes:${all}`,
        windowSeconds: DAY,
        limit: quota.companyBytesPerDay,
        amount: bytes,
        refusal: `Os usuários desta seguradora atingiram o limite diário de envio de arquivos (${sizeText(quota.companyBytesPerDay)}). Tente novamente amanhã.`,
      },
    );
  }
  const result = await chargeCounters(platform.database.db, limits);
  if (!result.ok) {
    const refusal = limits.find((l) => l.key === result.key)!.refusal;
    throw tooManyRequests(refusal, result.retryAfterSeconds, 'upload_quota');
  }
};
