import { register } from 'node:module';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces (HTTP in and out, PostgreSQL, the job queues), exported over OTLP/HTTP when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise nothing is
 * loaded nor started and tracing costs nothing. Imported first by the entry points (server.ts, the
 * kanban's standalone server) so that the instrumentations hook `node:http`, `pg` and `undici`
 * before anything loads them (the entry points import everything else after it). The usual OTEL_* variables (service name, sampler, headers,
 * `OTEL_EXPORTER_OTLP_PROTOCOL`…) are read by the SDK itself.
 */
export const startTracing = async (serviceName: string) => {
  const env = process.env;
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return undefined;
  // Traces only: logs go to the JSON lines, metrics to /metrics (Prometheus), unless asked.
  env.OTEL_LOGS_EXPORTER ??= 'none';
  env.OTEL_METRICS_EXPORTER ??= 'none';
  // ES modules are hooked by import-in-the-middle (CommonJS ones by require-in-the-middle).
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { PgInstrumentation },
    { UndiciInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // Health checks and scrapes would drown the traces that matter.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => /^\/(live|health|ready|metrics)(\?|$)/.test(req.url ?? ''),
      }),
      new PgInstrumentation(),
      new UndiciInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return sdk;
};

/**
 * Names each request's server span by its route pattern (`GET /api/Proposal/UpdateProposal`, never
 * the URL) and records it as `http.route`. Without tracing there is no active span: nothing is done.
 */
export const nameSpansByRoute = (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const span = trace.getActiveSpan();
    const route = request.routeOptions.url;
    if (!span || !route) return;
    span.updateName(`${request.method} ${route}`);
    span.setAttribute('http.route', route);
  });
};
