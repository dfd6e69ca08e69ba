// A fresh PostgreSQL database for the browser journeys' server (E2E_DATABASE_URL): dropped and
// created again, so each run starts from the migrations and the demo seed, as on PGlite.
import pg from 'pg';

const url = process.env.E2E_DATABASE_URL;
if (!url) process.exit(0);
const name = new URL(url).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_URL: unexpected database name ${name}`);
const admin = new pg.Client({
  connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
});
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
await admin.query(`alter database ${name} set synchronous_commit = off`);
await admin.end();
