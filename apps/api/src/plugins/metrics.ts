import { createServiceMetrics } from '@aval/transport/metrics';
import { Counter, Gauge } from 'prom-client';
import type { Database } from '../db/client.js';

/** Figures a module reads from the database at scrape time: one gauge, one value per label set. */
export type BusinessGauge = {
  name: string;
  help: string;
  labelNames: readonly string[];
  read: () => Promise<{ labels: Record<string, string | number>; value: number }[]>;
};

/**
 * The API's Prometheus metrics: the figures every service serves (`@aval/transport/metrics`:
 * request latency per route pattern, the boards' open event streams, the pg-boss queues, the
 * connection pool, the process) and the business figures operators watch. Counters are this
 * instance's (sum them across instances); gauges read from the database are the cluster's (take
 * their max). Served by `registerMetrics` of the transport (app.ts).
 */
export type Metrics = ReturnType<typeof createMetrics>;

export const createMetrics = (database: Database, options: { processMetrics: boolean }) => {
  const service = createServiceMetrics({
    // CPU, memory, event-loop lag, GC: once per process that serves (tests build many apps in one).
    processMetrics: options.processMetrics,
    pool: database.pool,
    jobs: { db: database.db },
  });
  const { registry } = service;
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
  return {
    ...service,
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
