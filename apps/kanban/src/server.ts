import { startTracing } from '@aval/transport/tracing';

// Traces (when OTEL_EXPORTER_OTLP_ENDPOINT is set) start before the instrumented modules load.
const tracing = await startTracing('aval-kanban');
const [
  { postgresListener },
  { metricsAccessOf },
  { trustProxyOf },
  { drizzle },
  { default: pg },
  { KANBAN_PREFIX },
  { buildKanbanServer },
] = await Promise.all([
  import('@aval/transport/listener'),
  import('@aval/transport/metrics'),
  import('@aval/transport/proxy'),
  import('drizzle-orm/node-postgres'),
  import('pg'),
  import('./plugin.js'),
  import('./standalone.js'),
]);

/**
 * Stand-alone kanban process for production: `DATABASE_URL` (the API's PostgreSQL, already
 * migrated by the API) and `API_URL` (the API's base URL; CompanyKey lookups and its JWKS).
 * `JWKS_URL` alone still works: the API is then its origin. `ACCESS_CACHE_SECONDS` (default 30, as
 * the API's) bounds how long a user's access is kept between the API's change announcements.
 * `METRICS_ALLOW` and `METRICS_TOKEN`, as the API's, say who may read its `GET /metrics`;
 * `TRUST_PROXY`, as the API's, the proxies whose X-Forwarded-For gives the client's address.
 */
const databaseUrl = process.env.DATABASE_URL;
const jwksUrl = process.env.JWKS_URL || undefined;
const apiUrl = process.env.API_URL || (jwksUrl ? new URL(jwksUrl).origin : undefined);
if (!databaseUrl || !apiUrl) {
  console.error('DATABASE_URL and API_URL (or JWKS_URL) are required to run the kanban service on its own.');
  process.exit(1);
}
let metrics: ReturnType<typeof metricsAccessOf>;
let trustProxy: string[];
try {
  metrics = metricsAccessOf(process.env);
  trustProxy = trustProxyOf(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
// Pipelined as the API's pool: a request's `begin` travels with its first statement (withTenant).
const pool = new pg.Pool({ connectionString: databaseUrl, pipeline: true });
pool.on('error', () => undefined);
// A connection cut while a transaction holds it must fail that transaction, not crash the process.
pool.on('connect', (client) => client.on('error', () => undefined));
const app = await buildKanbanServer({
  db: drizzle(pool),
  apiUrl,
  jwksUrl,
  jobsDatabase: { db: drizzle(pool), pool },
  listener: postgresListener(() => new pg.Client({ connectionString: databaseUrl, keepAlive: true })),
  accessCacheSeconds: Number(process.env.ACCESS_CACHE_SECONDS || 30),
  metrics,
  trustProxy,
  processMetrics: true,
  pool,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
app.addHook('onClose', async () => {
  await pool.end();
  await tracing?.shutdown().catch(() => undefined);
});
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '0.0.0.0' });
app.log.info(`kanban service on ${KANBAN_PREFIX}`);
