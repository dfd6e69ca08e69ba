import { startTracing } from '@aval/transport/tracing';

// Traces (when OTEL_EXPORTER_OTLP_ENDPOINT is set) start before any instrumented module loads: the
// rest of the process is imported after this line.
const tracing = await startTracing('aval-api');
const [{ loggableError }, { loadConfig }, { takeDataLock }] = await Promise.all([
  import('@aval/transport'),
  import('./config.js'),
  import('./lib/lock.js'),
]);

const config = loadConfig();
let release: () => void = () => {};
try {
  if (!config.databaseUrl) release = takeDataLock(config.dataDir);
  // The app is loaded once the data folder is ours: a second start stops at once, before the seconds
  // that loading every module (PDF fonts, the zod schemas of every call) takes.
  const [{ buildApp }, { openAndMigrate }, { blobStoreOf }, { seedDatabase }] = await Promise.all([
    import('./app.js'),
    import('./db/setup.js'),
    import('./plugins/storage.js'),
    import('./seed/index.js'),
  ]);
  // The demo's first seed takes a while: each phase says when it is done (a restart's are instant).
  const onPhase = (phase: string, ms: number) => {
    if (ms >= 500) console.log(`  demo data: ${phase} (${(ms / 1000).toFixed(1)} s)`);
  };
  let seeded: Awaited<ReturnType<typeof seedDatabase>> | undefined;
  const database = await openAndMigrate(config, async ({ db }) => {
    if (config.seedDemo) seeded = await seedDatabase(db, blobStoreOf(config.storage), { onPhase });
  });
  // The SRO's registradora: outside production, with none configured, the local simulated one
  // (docs/sro.md), on a port the system gives, closed with the app.
  const sim =
    !config.sro.url && config.env !== 'production'
      ? await (await import('./registradora-sim/registradora-sim.js')).startRegistradoraSim()
      : undefined;
  if (sim) config.sro.url = sim.url;
  const { app } = await buildApp({ config, database });
  if (sim) app.addHook('onClose', () => sim.close());
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    await tracing?.shutdown().catch(() => undefined);
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  app.log.info(
    `Aval is up on ${url} (database: ${database.driver === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  // The demo's addresses and password are printed as they are, for the person who ran the start
  // (plain lines, not log records: the log masks e-mail addresses, and these are no one's).
  if (seeded) {
    for (const c of seeded.companies) {
      console.log(
        `  ${c.name} (company ${c.id}): ${c.hosts.map((h) => `http://${h}:${config.port}`).join('  ')}`,
      );
    }
    const first = seeded.users[0];
    console.log(
      `  Demo sign-ins (password ${seeded.password}): ${first?.users.map((u) => u.username).join(', ')}; same pattern on the other hosts`,
    );
  }
  // A production database starts with no insurer: the installer creates each (README, "Instalar uma seguradora").
  if (!config.seedDemo && !(await app.platform.wiring.directory.companies(database.db)).length)
    app.log.warn('  No insurer is installed yet: npm run install-company -- --help');
  app.log.info(`  API documentation: ${url}/docs`);
  if (sim) app.log.info(`  SRO: registradora simulada em ${sim.url} (SRO_REGISTRADORA_URL para uma real)`);
} catch (err) {
  release();
  // Without parameter values: a failed seed or migration query may carry personal data.
  console.error(loggableError(err).message);
  process.exit(1);
}
