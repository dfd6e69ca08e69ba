import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';

/** Figures a module reads from the database at scrape time: one gauge, one value per label set. */
export type BusinessGauge = {
  name: string;
  help: string;
  labelNames: readonly string[];
  read: () => Promise<{ labels: Record<string, string | number>; value: number }[]>;
};

/**
 * The process's Prometheus metrics (prom-client, one registry per app: tests build many apps in one
 * process). Request latency per route pattern, the pg-boss queues (ready jobs, oldest ready job's
 * age), the boards' open event streams, the connection pool, and the business figures operators
 * watch. Counters are this instance's (sum them across instances); gauges read from the database
 * are the cluster's (take their max).
 */
export type Metrics = ReturnType<typeof createMetrics>;

export const createMetrics = (database: Database, options: { processMetrics: boolean }) => {
  const registry = new Registry();
  // CPU, memory, event-loop lag, GC: once per process that serves (tests build many apps in one).
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
  const proposalsSent = new Counter({
    name: 'aval_proposals_sent_total',
    help: 'Propostas enviadas para análise (esta instância).',
    labelNames: ['company'] as const,
    registers: [registry],
  });
  const policiesIssued = new Counter({
    name: 'aval_policies_issued_total',
    help: 'Apólices emitidas (esta instância).',
    labelNames: ['company'] as const,
    registers: [registry],
  });
  queueGauges(registry, database);
  poolGauges(registry, database);
  return {
    registry,
    requestSeconds,
    boardStreams,
    proposalsSent,
    policiesIssued,
    /** Adds a gauge read from the database at each scrape (the modules' business figures). */
    addGauge: (g: BusinessGauge) => {
      new Gauge({
        name: g.name,
        help: g.help,
        labelNames: g.labelNames,
        registers: [registry],
        async collect() {
          this.reset();
          for (const { labels, value } of await g.read()) this.set(labels, value);
        },
      });
    },
  };
};

/** Ready jobs and the oldest ready job's age per pg-boss queue, read from `pgboss.job`. */
const queueGauges = (registry: Registry, database: Database) => {
  const read = async () =>
    (await database.db.execute(
      sql.raw(`select name, count(*)::int as ready,
        coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
      from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`),
    )) as unknown as { rows: { name: string; ready: number; oldest: number }[] };
  let last: Promise<{ name: string; ready: number; oldest: number }[]> | undefined;
  // Both gauges of one scrape share one read.
  const rows = () => {
    last ??= read()
      .then((r) => r.rows)
      .finally(() => setTimeout(() => (last = undefined), 100).unref());
    return last;
  };
  new Gauge({
    name: 'aval_job_queue_ready',
    help: 'Trabalhos prontos e ainda não iniciados, por fila do pg-boss.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) this.set({ queue: r.name }, Number(r.ready));
    },
  });
  new Gauge({
    name: 'aval_job_queue_oldest_seconds',
    help: 'Idade do trabalho pronto mais antigo, por fila do pg-boss.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await rows()) this.set({ queue: r.name }, Number(r.oldest));
    },
  });
};

/** node-postgres pool counts; PGlite has no pool (one embedded connection): no series. */
const poolGauges = (registry: Registry, database: Database) => {
  const pool = database.pool;
  if (!pool) return;
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
 * GET /metrics: from the configured networks (METRICS_ALLOW, default loopback) or with the bearer
 * token METRICS_TOKEN; anyone else gets 404, as if there were nothing there.
 */
export const registerMetrics = (app: FastifyInstance, metrics: Metrics, config: Config['metrics']) => {
  const allowed = new BlockList();
  for (const entry of config.allow) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  const token = config.token ? Buffer.from(`Bearer ${config.token}`) : undefined;
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
