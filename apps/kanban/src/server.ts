import Fastify from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import pg from 'pg';
import { KANBAN_PREFIX, kanbanPlugin } from './index.js';

/**
 * Stand-alone kanban process for production: `DATABASE_URL` (the API's PostgreSQL, already
 * migrated by the API) and `JWKS_URL` (the API's `/.well-known/jwks.json`).
 */
const databaseUrl = process.env.DATABASE_URL;
const jwksUrl = process.env.JWKS_URL;
if (!databaseUrl || !jwksUrl) {
  console.error('DATABASE_URL and JWKS_URL are required to run the kanban service on its own.');
  process.exit(1);
}
const pool = new pg.Pool({ connectionString: databaseUrl });
const jwks = createRemoteJWKSet(new URL(jwksUrl));
const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
  routerOptions: { caseSensitive: false },
});
app.get('/health', async () => ({ status: 'ok' }));
await app.register(kanbanPlugin, {
  companyByKey: async (key) => {
    const { rows } = await pool.query('select id from companies where company_key = $1', [key]);
    return rows[0]?.id as number | undefined;
  },
  verifyToken: async (token) => {
    const { payload } = await jwtVerify(token, jwks, { issuer: 'aval', audience: 'aval-portal' });
    return {
      userId: Number(payload.sub),
      companyId: Number(payload.cid),
      userType: Number(payload.utp),
      permissions: (payload.prm as number[] | undefined) ?? [],
    };
  },
});
await app.listen({ port: Number(process.env.PORT ?? 3001), host: process.env.HOST ?? '0.0.0.0' });
app.log.info(`kanban service on ${KANBAN_PREFIX}`);
