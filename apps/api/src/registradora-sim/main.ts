import { startRegistradoraSim } from './registradora-sim.js';

/** `node apps/api/dist/registradora-sim/main.js`: the simulated registradora on its own (docs/sro.md). */
const sim = await startRegistradoraSim({
  port: Number(process.env.SRO_SIM_PORT ?? 3100),
  host: process.env.SRO_SIM_HOST ?? '127.0.0.1',
});
console.log(`Registradora simulada do SRO em ${sim.url}`);
process.once('SIGINT', () => void sim.close().then(() => process.exit(0)));
process.once('SIGTERM', () => void sim.close().then(() => process.exit(0)));
