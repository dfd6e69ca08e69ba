import { resolve } from 'node:path';
import { DEFAULT_METRICS_ALLOW, type MetricsAccess, metricsEnv } from '@aval/transport/metrics';
import { trustProxyEnv } from '@aval/transport/proxy';
import { z } from 'zod';
import { type LogFormat, logFormatOf } from './lib/logging.js';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * Every environment variable the API reads. The README's configuration table mirrors this list.
 * Secrets (storage signing key, token keys) are never defaults: when unset they are generated once
 * and kept in the database, so every instance shares them.
 */
/** Origins (scheme://host[:port]) separated by commas: the external BI sites the portal may frame. */
const originList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every((o) => {
        try {
          const u = new URL(o);
          return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === o;
        } catch {
          return false;
        }
      }),
    { message: 'lista de origens separadas por vírgula (ex.: https://metabase.exemplo.com.br)' },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json (production, collectors) or pretty (a terminal); by default pretty only on a terminal outside production. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_REPLICA_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: bool,
  JOBS_ENABLED: bool,
  WEB_DIST: z.string().optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().optional(),
  STORAGE_SIGNING_SECRET: z.string().min(32).optional(),
  STORAGE_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 * 1024),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(50).default(10),
  UPLOAD_USER_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  UPLOAD_COMPANY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  UPLOAD_USER_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(1024 ** 3),
  UPLOAD_COMPANY_BYTES_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 ** 3),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Aval <nao-responda@aval.localhost>'),
  MAIL_DIR: z.string().optional(),
  KANBAN_SERVICE_URL: z.string().optional(),
  KANBAN_IN_PROCESS: bool,
  TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  ACCOUNT_SIGNIN_LIMIT: z.coerce.number().int().min(1).default(10),
  ACCOUNT_SIGNIN_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  ACCESS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // TRUST_PROXY: read the same way by the kanban service on its own.
  ...trustProxyEnv,
  BI_EMBED_ORIGINS: originList.optional(),
  CEP_PROVIDER: z.enum(['http', 'fixture']).optional(),
  // METRICS_ALLOW, METRICS_TOKEN: read the same way by the kanban service on its own.
  ...metricsEnv,
  SRO_REGISTRADORA_URL: z.string().url().optional(),
  SRO_REGISTRADORA_CLIENT_ID: z.string().optional(),
  SRO_REGISTRADORA_CLIENT_SECRET: z.string().optional(),
  SRO_REGISTRADORA_CERT_FILE: z.string().optional(),
  SRO_REGISTRADORA_KEY_FILE: z.string().optional(),
  SRO_REGISTRADORA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  logLevel: string;
  logFormat: LogFormat;
  databaseUrl: string | undefined;
  /**
   * A streaming replica of DATABASE_URL's server: heavy read-only calls (policy and proposal
   * searches, BI) read there once it has replayed the caller's last write (read-your-writes).
   */
  databaseReplicaUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  jobsEnabled: boolean;
  webDist: string | undefined;
  storage: {
    driver: 'local' | 's3';
    dir: string;
    signingSecret: string | undefined;
    urlTtlSeconds: number;
    s3: {
      bucket?: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };
  };
  upload: {
    maxBytes: number;
    maxFiles: number;
    /** Upload quotas per user and per company (insurer), counted in PostgreSQL across instances. */
    quota: {
      userRequestsPerMinute: number;
      companyRequestsPerMinute: number;
      userBytesPerDay: number;
      companyBytesPerDay: number;
    };
  };
  mail: { smtpUrl: string | undefined; from: string; dir: string };
  kanbanServiceUrl: string | undefined;
  /**
   * The kanban service runs in this process (default). False when it runs as its own process
   * (`apps/kanban`, deploy/): this API then neither serves the boards nor works the card queue,
   * whose commands wait in the queue while that process is away.
   */
  kanbanInProcess: boolean;
  /** Requests per minute and IP on the sign-in endpoints (token, recovery, password change). */
  tokenRateLimitPerMinute: number;
  /** Sign-in attempts per account (any address, any instance) in a window, reset by a success. */
  accountSignIn: { limit: number; windowMinutes: number };
  /**
   * How long an instance keeps a user's permissions and active flag between requests (0: read
   * them on every request). Changes reach every instance at once through NOTIFY; this bounds
   * what a lost notification could leave.
   */
  accessCacheSeconds: number;
  /**
   * Addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed (empty: none,
   * the client address is the socket's). Rate limits key on the address this yields.
   */
  trustProxy: string[];
  /**
   * The external BI origins (Metabase sites) the portal may show in an iframe (/bi/embbeded): the
   * CSP's frame-src is 'self' and these, fixed at startup. A company's BI URL must be on one of
   * them for the browser to show it. Empty: no external BI is framed.
   */
  biEmbedOrigins: string[];
  /** CEP lookups: public HTTP services, or the offline fixture (tests and demo). */
  cepProvider: 'http' | 'fixture';
  /**
   * GET /metrics (Prometheus): answered to the addresses or CIDR ranges in `allow` (default: this
   * machine) and to a bearer `token`; anyone else gets a 404.
   */
  metrics: MetricsAccess;
  /**
   * The registradora of the SRO (docs/sro.md): its JSON API, credentials and client certificate.
   * No URL: nothing is sent (registrations wait, Pendente); `npm start` outside production starts
   * the local simulated registradora and points here at it.
   */
  sro: {
    url: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    certFile: string | undefined;
    keyFile: string | undefined;
    timeoutMs: number;
  };
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The kanban process reaches the API's database only on a server: with PGlite it must run here.
  if (e.KANBAN_IN_PROCESS === false && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\nKANBAN_IN_PROCESS: false needs DATABASE_URL (the kanban service on its own shares it)',
    );
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: logFormatOf(e),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseReplicaUrl: (e.DATABASE_URL && e.DATABASE_REPLICA_URL) || undefined,
    dataDir,
    seedDemo: e.SEED_DEMO ?? true,
    jobsEnabled: e.JOBS_ENABLED ?? true,
    webDist: e.WEB_DIST,
    storage: {
      driver: e.STORAGE_DRIVER,
      dir: resolve(e.STORAGE_DIR ?? `${dataDir}/storage`),
      signingSecret: e.STORAGE_SIGNING_SECRET,
      urlTtlSeconds: e.STORAGE_URL_TTL_SECONDS,
      s3: {
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
      },
    },
    upload: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      maxFiles: e.UPLOAD_MAX_FILES,
      quota: {
        userRequestsPerMinute: e.UPLOAD_USER_REQUESTS_PER_MINUTE,
        companyRequestsPerMinute: e.UPLOAD_COMPANY_REQUESTS_PER_MINUTE,
        userBytesPerDay: e.UPLOAD_USER_BYTES_PER_DAY,
        companyBytesPerDay: e.UPLOAD_COMPANY_BYTES_PER_DAY,
      },
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dir: resolve(e.MAIL_DIR ?? `${dataDir}/mail`) },
    kanbanServiceUrl: e.KANBAN_SERVICE_URL,
    kanbanInProcess: e.KANBAN_IN_PROCESS ?? true,
    tokenRateLimitPerMinute: e.TOKEN_RATE_LIMIT_PER_MINUTE,
    accountSignIn: { limit: e.ACCOUNT_SIGNIN_LIMIT, windowMinutes: e.ACCOUNT_SIGNIN_WINDOW_MINUTES },
    accessCacheSeconds: e.ACCESS_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY ?? [],
    biEmbedOrigins: e.BI_EMBED_ORIGINS ?? [],
    cepProvider: e.CEP_PROVIDER ?? (e.NODE_ENV === 'production' ? 'http' : 'fixture'),
    metrics: { allow: e.METRICS_ALLOW ?? DEFAULT_METRICS_ALLOW, token: e.METRICS_TOKEN },
    sro: {
      url: e.SRO_REGISTRADORA_URL?.replace(/\/+$/, ''),
      clientId: e.SRO_REGISTRADORA_CLIENT_ID,
      clientSecret: e.SRO_REGISTRADORA_CLIENT_SECRET,
      certFile: e.SRO_REGISTRADORA_CERT_FILE,
      keyFile: e.SRO_REGISTRADORA_KEY_FILE,
      timeoutMs: e.SRO_REGISTRADORA_TIMEOUT_MS,
    },
    ...overrides,
  };
};
