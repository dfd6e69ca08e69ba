import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { addressList, isAddressOrRange, parseEnv } from './env.js';
import type { AnyPgDatabase } from './tenancy.js';

/**
 * The Prometheus figures every Aval service serves on GET /metrics (the API, and the kanban service
 * on its own): prom-client, one registry per app (tests build many apps in one process). Each
 * service adds its own figures to the registry (the API: business counters and gauges).
 *
 * The services share the series' names and labels: Prometheus tells them apart by the `job` label
 * of their scrape (one job per service, `instance` per process), so no series carries a service
 * label of its own.
 */

/** Who may read GET /metrics: these addresses or CIDR ranges, or the bearer token (16+ characters). */
export type MetricsAccess = { allow: readonly string[]; token: string | undefined };

/** Without METRICS_ALLOW: this machine only. */
export const DEFAULT_METRICS_ALLOW: readonly string[] = ['127.0.0.1', '::1'];

/** METRICS_ALLOW and METRICS_TOKEN, for a service's environment schema (the API's config.ts). */
export const metricsEnv = {
  METRICS_ALLOW: addressList(isAddressOrRange, '127.0.0.1,10.0.0.0/8').optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
};

/** The metrics access of an environment; throws `Invalid configuration` naming a bad variable. */
export const metricsAccessOf = (env: Record<string, string | undefined>): MetricsAccess => {
  const parsed = parseEnv(metricsEnv, env);
  return { allow: parsed.METRICS_ALLOW ?? DEFAULT_METRICS_ALLOW, token: parsed.METRICS_TOKEN };
};

/** A node-postgres pool's counts (`pg.Pool`). */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

export type ServiceMetricsOptions = {
  /** prom-client's process figures (CPU, memory, event-loop lag, GC): once per process that serves. */
  processMetrics: boolean;
  /** The node-postgres pool (PostgreSQL); PGlite has one embedded connection: no pool, no series. */
  pool?: PoolCounts;
  /** Where pg-boss lives: ready jobs per queue, read at scrape time (all queues, or only `queues`). */
  jobs?: { db: AnyPgDatabase; queues?: readonly string[] };
};

/**
 * A service's registry with the shared figures: request latency per route pattern, the boards'
 * open event streams (where the kanban plugin runs), the connection pool and the pg-boss queues.
 * Counters are this instance's (sum them across instances); gauges read from the database are the
 * cluster's (take their max).
 */
export const createServiceMetrics = (options: ServiceMetricsOptions) => {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'aval_' });
  const requestSeconds = new Histogram({
    name: 'aval_http_request_duration_seconds',
    help: 'Tempo de resposta por rota (o padrão da rota, não a URL).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const boardStreams = new Gauge({
    name: 'aval_board_streams_open',
    help: 'Conexões SSE abertas nos quadros do kanban (esta instância).',
    registers: [registry],
  });
  if (options.jobs) queueGauges(registry, options.jobs);
  if (options.pool) poolGauges(registry, options.pool);
  return { registry, requestSeconds, boardStreams };
};

export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;

type QueueRow = { name: string; ready: number; oldest: number };

/** Ready jobs and the oldest ready job's age per pg-boss queue, read from `pgboss.job`. */
const queueGauges = (registry: Registry, { db, queues }: NonNullable<ServiceMetricsOptions['jobs']>) => {
  const only = queues
    ? sql` and name in (${sql.join(
        queues.map((q) => sql`${q}`),
        sql`, `,
      )})`
    : sql``;
  const read = async () =>
    (await db.execute(
      sql`select name, count(*)::int as ready,
        coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
      from pgboss.job where state in ('created', 'retry') and start_after <= now()${only} group by name`,
    )) as unknown as { rows: QueueRow[] };
  let last: Promise<QueueRow[]> | undefined;
  // Both gauges of one scrape share one read.
  const rows = () => {
    last ??= read()
      .then((r) => r.rows)
      .finally(() => setTimeout(() => (last = undefined), 100).unref());
    return last;
  };
  const gauge = (name: string, help: string, value: (r: QueueRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await rows()) this.set({ queue: r.name }, Number(value(r)));
      },
    });
  gauge(
    'aval_job_queue_ready',
    'Trabalhos prontos e ainda não iniciados, por fila do pg-boss.',
    (r) => r.ready,
  );
  gauge(
    'aval_job_queue_oldest_seconds',
    'Idade do trabalho pronto mais antigo, por fila do pg-boss.',
    (r) => r.oldest,
  );
};

/** node-postgres pool counts. */
const poolGauges = (registry: Registry, pool: PoolCounts) => {
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value());
      },
    });
  gauge('aval_db_pool_connections', 'Conexões abertas no pool do PostgreSQL.', () => pool.totalCount);
  gauge('aval_db_pool_idle', 'Conexões ociosas no pool do PostgreSQL.', () => pool.idleCount);
  gauge('aval_db_pool_waiting', 'Pedidos à espera de uma conexão do pool.', () => pool.waitingCount);
};

/**
 * Times every request by its route pattern (never the URL) and serves GET /metrics to the
 * configured networks (METRICS_ALLOW, default loopback) or to the bearer token METRICS_TOKEN;
 * anyone else gets 404, as if there were nothing there. The address checked is Fastify's
 * `request.ip`: the socket's, or the client's a trusted proxy forwards (`trustProxy`).
 */
export const registerMetrics = (
  app: FastifyInstance,
  metrics: Pick<ServiceMetrics, 'registry' | 'requestSeconds'>,
  access: MetricsAccess,
) => {
  const allowed = new BlockList();
  for (const entry of access.allow) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  const token = access.token ? Buffer.from(`Bearer ${access.token}`) : undefined;
  const admitted = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (token && given.length === token.length && timingSafeEqual(given, token)) return true;
    const ip = request.ip.replace(/^::ffff:(?=\d+\.)/, '');
    return allowed.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  };
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    // Unmatched URLs (404s of scanners) would make a series per URL: one label for them all.
    metrics.requestSeconds.observe(
      { method: request.method, route: route ?? '(none)', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!admitted(request)) return reply.status(404).send({ Errors: ['Recurso não encontrado.'] });
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
};
