// Search at scale (issue 16): 1,000,000 policies over the 4 demo companies on PostgreSQL, then
// SearchPoliciesRelatedToLoggedUser for the common filters through the real API (in process,
// app.inject: routing, token, permissions, RLS transaction, validation, serialisation) beside the
// same SQL through a bare `pg` pool. Appends the table to bench/RESULTS.md.
//
//   npx tsc -b && node bench/policies-search.mjs
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/aval_policies_bench  (default)
//   BENCH_POLICIES=1000000  BENCH_RUNS=200  BENCH_WARMUP=200  BENCH_REUSE=1 (keep an already generated database)
//
// The generator drops the foreign keys of `policies` in the benchmark database only (1,000,000
// proposals, holders and insureds would be generated for nothing: the searches read the policy
// row, which carries the parties' names and documents as issuance copies them). Indexes are the
// migration's, dropped during the load and rebuilt after it.
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aval_policies_bench';
const total = Number(process.env.BENCH_POLICIES ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 200);
// Calls per case before timing, at least this many and for at least this long: a server runs warm
// (its hot paths compiled by the JIT). With a handful, the API's first case measured its JavaScript
// still interpreted (1.75x bare for a number after 3). 200 calls were not enough for the sub-millisecond
// cases either: a number search measured 1.64x after 200 warm-up pairs, 1.55x after 500 and 1.37x
// after 2 000 (same code, host and load, 2026-11-29); two seconds of calls is about 1 000 pairs there.
// Timed calls likewise: at least BENCH_RUNS and for at least BENCH_RUN_MS.
const warmups = Number(process.env.BENCH_WARMUP ?? 200);
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 5000);
const runMs = Number(process.env.BENCH_RUN_MS ?? 2000);
const reuse = process.env.BENCH_REUSE === '1';
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

const dbName = new URL(url).pathname.slice(1);
const adminUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
const t0 = Date.now();
const log = (m) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${m}`);

const { apiMigrations, migrateDatabase, openDatabase } = await import('../apps/api/dist/db/client.js');
const { kanbanMigrations } = await import('../apps/kanban/dist/index.js');
const { seedDatabase } = await import('../apps/api/dist/seed/index.js');
const { localBlobStore } = await import('../apps/api/dist/plugins/storage.js');
const { buildApp } = await import('../apps/api/dist/app.js');
const { loadConfig } = await import('../apps/api/dist/config.js');
const { biAggregatesQueue } = await import('../apps/api/dist/modules/bi/bi.jobs.js');

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount > 0;
if (!reuse || !exists) {
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
}
await admin.end();

const database = await openDatabase({ databaseUrl: url, poolMax: 4 });
const pool = new pg.Pool({ connectionString: url, max: 4 });
const count = Number(
  (await pool.query(`select to_regclass('policies') is not null as t`)).rows[0].t
    ? (await pool.query('select count(*)::int as n from policies')).rows[0].n
    : 0,
);

// Always migrate: a reused database gets the migrations added since it was generated.
log('migrating');
await migrateDatabase(database, [apiMigrations, kanbanMigrations]);
if (!reuse || count < total) {
  log('seeding');
  await seedDatabase(database.db, localBlobStore('.tmp/bench-search/storage'));
  log(`generating ${total.toLocaleString('en')} policies`);
  const c = await pool.connect();
  try {
    await c.query(`
      create or replace function bench_mod11(digits text, maxw int) returns int language plpgsql immutable as $$
      declare s int := 0; w int := 2; i int;
      begin
        for i in reverse length(digits)..1 loop
          s := s + substr(digits, i, 1)::int * w;
          w := case when w >= maxw then 2 else w + 1 end;
        end loop;
        return case when s % 11 < 2 then 0 else 11 - s % 11 end;
      end $$;
      create or replace function bench_cnpj(root int, branch int) returns text language sql immutable as $$
        select b || bench_mod11(b, 9) || bench_mod11(b || bench_mod11(b, 9), 9)
        from (select lpad(root::text, 8, '0') || lpad(branch::text, 4, '0') as b) x $$;
      create or replace function bench_cpf(n int) returns text language sql immutable as $$
        select b || bench_mod11(b, 100) || bench_mod11(b || bench_mod11(b, 100), 100)
        from (select lpad(n::text, 9, '0') as b) x $$;
    `);
    // Foreign keys off (bench database only); secondary indexes off during the load.
    const fks = (
      await c.query(
        `select conname from pg_constraint where conrelid = 'policies'::regclass and contype = 'f'`,
      )
    ).rows;
    for (const f of fks) await c.query(`alter table policies drop constraint ${f.conname}`);
    const indexes = (
      await c.query(
        `select indexname, indexdef from pg_indexes where tablename = 'policies' and indexname not in ('policies_pkey', 'policies_unique_id_unique', 'policies_company_number_uq', 'policies_proposal_uq')`,
      )
    ).rows;
    for (const i of indexes) await c.query(`drop index ${i.indexname}`);
    // The seed's endorsements, installments and documents refer to its policies: they go with them.
    await c.query('truncate policies cascade');
    const companies = (await c.query('select id from companies order by id')).rows.map((r) => r.id);
    await c.query(
      `
      with
        first as (select array['Construtora','Engenharia','Pavimentadora','Serviços','Saneamento','Transportes','Comércio','Indústria','Montagens','Tecnologia','Obras','Incorporadora','Locadora','Terraplenagem','Elétrica','Consultoria','Hidráulica','Metalúrgica','Logística','Energia'] a),
        last as (select array['Silva','Conceição','Araújo','Gonçalves','Ribeiro','Simões','Magalhães','Brandão','Fonseca','Guimarães','Assunção','Lemos','Pereira','Barbosa','Mendonça','Peixoto','Falcão','Cavalcanti','Nóbrega','Sampaio','Teixeira','Moraes','Carvalho','Rocha','Antunes','Figueiredo','Tavares','Queiroz','Damasceno','Estêvão','Lustosa','Bragança','Gusmão','Albuquerque','Vasconcelos','Monteiro','Bittencourt','Nascimento','Romão','Galvão'] a),
        suffix as (select array['Ltda.','S.A.','Eireli','ME','e Cia. Ltda.'] a),
        city as (select array['São Paulo','Belo Horizonte','Goiânia','Florianópolis','Maceió','São Luís','Cuiabá','Vitória','Macapá','Teresina','Uberlândia','Ribeirão Preto','Juazeiro do Norte','Petrópolis','Niterói','Londrina','Maringá','Caxias do Sul','Blumenau','Joinville','Campinas','Santarém','Marabá','Imperatriz','Feira de Santana','Vitória da Conquista','Anápolis','Rondonópolis','Dourados','Palmas'] a),
        organ as (select array['Prefeitura Municipal de','Câmara Municipal de','Serviço Autônomo de Água e Esgoto de','Secretaria de Obras de','Companhia de Habitação de','Departamento de Estradas de'] a),
        modality as (select array['Executante construtor','Fornecedor','Prestação de serviços','Licitante','Adiantamento de pagamento','Judicial cível','Judicial trabalhista','Aduaneiro'] a),
        s as (
          select g::int as g,
            ((g * 7919) % 50000)::int as h,
            ((g * 104729) % 8000)::int as i,
            ((g * 15485863) % 200)::int as b,
            date '2021-01-01' + ((g * 2654435761) % 2150)::int as issued,
            180 + ((g * 40503) % 1646)::int as days,
            (g % 100)::int as roll
          from generate_series(1::bigint, $1::bigint) g
        ),
        rows as (
          select s.*,
            (select a[1 + s.h % 20] from first) || ' ' || (select a[1 + (s.h / 20) % 40] from last) || ' ' ||
              (select a[1 + (s.h / 800) % 40] from last) || ' ' || (select a[1 + s.h % 5] from suffix) as holder_name,
            (select a[1 + s.i % 6] from organ) || ' ' || (select a[1 + (s.i / 6) % 30] from city) as insured_organ,
            'Corretora ' || (select a[1 + s.b % 40] from last) || ' ' || (select a[1 + (s.b * 7) % 40] from last) || ' Seguros' as broker_name,
            (select a[1 + s.g % 8] from modality) as modality_name,
            s.issued + s.days as ends
          from s
        )
      insert into policies (
        company_id, number, branch_code, sequence, status_id, proposal_id, proposal_unique_id, proposal_number,
        branch_id, modality_id, modality_name, modality_group_name,
        policy_holder_id, policy_holder_unique_id, policy_holder_name, policy_holder_document,
        insured_id, insured_unique_id, insured_name, insured_document,
        broker_id, broker_name, broker_document, broker_susep,
        object_text, start_date, end_date, deadline_days, insured_amount, net_premium, insurance_premium,
        comission_percentage, comission_value, iof_value, total_premium, issued_at, sro_deadline, sro_status_id,
        enable_to_steppin, enable_to_monitoring, enable_to_big_risk
      )
      select
        ($2::int[])[1 + g % 4],
        '0776.' || extract(year from issued) || '.' || lpad(g::text, 7, '0') || '-' ||
          bench_mod11('0776' || extract(year from issued) || lpad(g::text, 7, '0'), 9),
        '0776', g,
        case when roll < 4 then 3 when ends < current_date then 4 else 2 end,
        10000000 + g, gen_random_uuid(), g,
        1, 1, modality_name, 'Seguro Garantia',
        h + 1, gen_random_uuid(), holder_name, bench_cnpj(10000000 + h * 37, 1 + g % 3),
        i + 1, gen_random_uuid(),
        case when i % 10 = 0 then 'José ' || (select a[1 + i % 40] from last) || ' dos Santos' else insured_organ end,
        case when i % 10 = 0 then bench_cpf(100000000 + i * 113) else bench_cnpj(20000000 + i * 53, 1) end,
        b + 1, broker_name, bench_cnpj(30000000 + b * 11, 1), lpad((100000 + b)::text, 6, '0'),
        'Garantia do contrato nº ' || g || '.', issued, ends, days,
        (10000 + (g::bigint * 7) % 4990000)::numeric(18,2), 100, 125, 20, 25, 9.23, 134.23,
        issued::timestamptz + interval '13 hours', issued + 2, 2,
        roll between 10 and 14, roll between 15 and 19, roll between 20 and 22
      from rows
      `,
      [total, companies],
    );
    log('rebuilding indexes');
    await c.query("set maintenance_work_mem = '256MB'");
    for (const i of indexes) await c.query(i.indexdef);
    // Vacuum too (as autovacuum would after a bulk insert): index-only scans need the visibility map.
    await c.query('vacuum analyze policies');
    log('generated');
  } finally {
    c.release();
  }
}

// ---------------------------------------------------------------- measure
const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, JOBS_ENABLED: 'false' });
const { app, platform } = await buildApp({ config, database, logger: false, jobWorkers: false });
await app.ready();
const company = (await pool.query(`select id, company_key from companies order by id limit 1`)).rows[0];
const host = (
  await pool.query(`select host from company_hosts where company_id = $1 and is_default`, [company.id])
).rows[0].host;
const token = await app.inject({
  method: 'POST',
  url: '/connect/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded', companykey: company.company_key },
  payload: new URLSearchParams({
    grant_type: 'password',
    username: `admin@${host.split('.')[0]}.demo`,
    password: 'Aval@2026',
    client_id: 'aval-portal',
    client_secret: 'aval-portal-spa',
    scope: 'openid offline_access',
  }).toString(),
});
const accessToken = token.json().access_token;
if (!accessToken) throw new Error(`sign-in failed: ${token.body}`);

const sample = (
  await pool.query(
    `select number, policy_holder_name, policy_holder_document from policies where company_id = $1 order by id limit 1 offset 5000`,
    [company.id],
  )
).rows[0];
const today = new Date().toISOString().slice(0, 10);
const in90 = new Date(Date.now() + 90 * 86400000).toISOString().slice(0, 10);
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const trans = (col) => `translate(lower(${col}), '${ACCENTED}', '${PLAIN}')`;
const fragment = 'conceic';
const docPrefix = sample.policy_holder_document.slice(0, 6);

/**
 * Each case: the API query and the same SQL (page of 10 by issued_at desc, count capped at 10 001,
 * or 1 001 for name fragments as the API's NAME_COUNT_CAP).
 */
const cases = [
  {
    title: `name fragment ("${fragment}")`,
    query: { policyHolderName: 'Conceiç' },
    where: `${trans('policy_holder_name')} like $2`,
    params: [`%${fold('Conceiç')}%`],
    cap: 1001,
  },
  {
    title: `document prefix (${docPrefix}…)`,
    query: { policyHolderDocument: docPrefix },
    where: 'policy_holder_document like $2',
    params: [`${docPrefix}%`],
  },
  {
    title: 'number',
    query: { policyNumber: sample.number },
    where: 'number like $2',
    params: [`${sample.number}%`],
  },
  ...[sample.number.slice(0, 12), `${sample.number.slice(0, 5)}2023${sample.number.slice(9, 12)}`].map(
    (prefix) => ({
      // A partly typed number: a year and the first digits of its sequence (thousands of matches, all
      // issued in that year). Read in issue-date order, the page walks every later year first.
      title: `number prefix (${prefix}…)`,
      query: { policyNumber: prefix },
      where: 'number like $2',
      params: [`${prefix}%`],
      // The bare statement of an earlier year takes about 0.3 s here: fewer calls.
      runs: 20,
      warmups: 5,
    }),
  ),
  {
    // One digit: past the count cap, so the page walks the issue-date index.
    title: `document prefix, one digit (${docPrefix.slice(0, 1)}…)`,
    query: { policyHolderDocument: docPrefix.slice(0, 1) },
    where: 'policy_holder_document like $2',
    params: [`${docPrefix.slice(0, 1)}%`],
  },
  {
    title: 'status 2 + period (start ≥ 01/01/2025, end ≤ 31/12/2027)',
    query: { statusId: 2, startDate: '01/01/2025', endDate: '31/12/2027' },
    where: 'status_id = 2 and start_date >= $2 and end_date <= $3',
    params: ['2025-01-01', '2027-12-31'],
  },
  {
    title: 'expiring in 90 days',
    query: { expiringInDays: 90 },
    where: 'status_id = 2 and end_date >= $2 and end_date <= $3',
    params: [today, in90],
  },
  {
    title: 'insured name fragment ("sao luis")',
    query: { insuredName: 'sao luis' },
    where: `${trans('insured_name')} like $2`,
    params: ['%sao luis%'],
    cap: 1001,
  },
];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

const results = [];
for (const c of cases) {
  const qs = new URLSearchParams(Object.entries(c.query).map(([k, v]) => [k, String(v)])).toString();
  const callApi = async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/Policy/SearchPoliciesRelatedToLoggedUser?${qs}`,
      headers: { companykey: company.company_key, authorization: `Bearer ${accessToken}` },
    });
    if (res.statusCode !== 200) throw new Error(`${c.title}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const params = [company.id, ...c.params];
  const where = `company_id = $1 and ${c.where}`;
  const callPg = async () => {
    const [rows, n] = await Promise.all([
      pool.query(`select * from policies where ${where} order by issued_at desc, id desc limit 10`, params),
      pool.query(
        `select count(*)::int as n from (select 1 from policies where ${where} limit ${c.cap ?? 10001}) capped`,
        params,
      ),
    ]);
    return { rows: rows.rows, n: n.rows[0].n };
  };
  const warmedAt = Date.now() + warmupMs;
  for (let i = 0; i < (c.warmups ?? warmups) || (!c.warmups && Date.now() < warmedAt); i++) {
    await callApi();
    await callPg();
  }
  const api = [];
  const bare = [];
  const doneAt = Date.now() + runMs;
  for (let i = 0; i < (c.runs ?? runs) || (!c.runs && Date.now() < doneAt); i++) {
    api.push(await time(callApi));
    bare.push(await time(callPg));
  }
  const body = await callApi();
  results.push({
    title: c.title,
    total: `${body.Total}${body.TotalIsCapped ? '+' : ''}`,
    apiP50: pct(api, 50),
    apiP90: pct(api, 90),
    apiP95: pct(api, 95),
    pgP50: pct(bare, 50),
    pgP90: pct(bare, 90),
    pgP95: pct(bare, 95),
    calls: api.length,
  });
  log(
    `${c.title}: API p50 ${pct(api, 50).toFixed(2)} ms, pg p50 ${pct(bare, 50).toFixed(2)} ms (${api.length} calls)`,
  );
}

// The BI dashboard (issue 17): every chart's query in one call over the same data, the default
// period (twelve months) and no filter. Goal: under 1 s. First all live (no aggregates rebuild
// recorded: the computation before issue 17), then after the nightly rebuild (closed months from
// bi_premium_months, the current month live); the two answers must be identical.
const callBi = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/Bi/GetDashboard',
    headers: { companykey: company.company_key, authorization: `Bearer ${accessToken}` },
  });
  if (res.statusCode !== 200) throw new Error(`BI: ${res.statusCode} ${res.body}`);
  return res.body;
};
const measureBi = async () => {
  const answer = await callBi();
  const xs = [];
  for (let i = 0; i < Math.min(runs, 20); i++) xs.push(await time(callBi));
  return { answer, xs };
};
await pool.query('delete from bi_refreshes');
await pool.query('delete from bi_premium_months');
const biLive = await measureBi();
log(`BI dashboard, live: p50 ${pct(biLive.xs, 50).toFixed(1)} ms, p90 ${pct(biLive.xs, 90).toFixed(1)} ms`);
const rebuildMs = await time(() => biAggregatesQueue(platform).handler({}, { id: 'bench', log: app.log }));
const storedRows = (await pool.query('select count(*)::int as n from bi_premium_months')).rows[0].n;
const biAgg = await measureBi();
const biSame = biAgg.answer === biLive.answer;
if (!biSame) log('BI dashboard: the answer from the aggregates DIFFERS from the live one');
const bi = biAgg.xs;
log(
  `BI dashboard, aggregates: p50 ${pct(bi, 50).toFixed(1)} ms, p90 ${pct(bi, 90).toFixed(1)} ms, p95 ${pct(bi, 95).toFixed(1)} ms; rebuild ${rebuildMs.toFixed(0)} ms`,
);

const rowsInDb = (await pool.query('select count(*)::int as n from policies')).rows[0].n;
/** Milliseconds: two decimals under 10 ms (the sub-millisecond cases), one above. */
const fmt = (n) => n.toFixed(n < 10 ? 2 : 1);
const lines = [
  '',
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — policy search and BI at scale (issues 16, 17)${process.env.BENCH_NOTE ? `: ${process.env.BENCH_NOTE}` : ''}`,
  '',
  `PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version}, ${rowsInDb.toLocaleString('en')} policies over 4 companies (the caller's company holds about a quarter); Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), load average at the end ${loadavg()[0].toFixed(1)}. At least ${runs} sequential calls and ${runMs / 1000} s per case (API and bare alternating; counts in the table) after at least ${warmups} warm-ups and ${warmupMs / 1000} s; API in process (app.inject: token, permissions, RLS transaction, validation, serialisation) vs the same two statements (page of 10 by issue date, count capped at 10 001, 1 001 for names) on a bare \`pg\` pool. Goal: API p50 ≤ 1.5× bare and < 50 ms.`,
  '',
  '| filter | matches | calls | API p50 ms | API p90 ms | API p95 ms | bare pg p50 ms | bare pg p90 ms | bare pg p95 ms | p50 ratio |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.title} | ${r.total} | ${r.calls} | ${fmt(r.apiP50)} | ${fmt(r.apiP90)} | ${fmt(r.apiP95)} | ${fmt(r.pgP50)} | ${fmt(r.pgP90)} | ${fmt(r.pgP95)} | ${(r.apiP50 / r.pgP50).toFixed(2)} |`,
  ),
  '',
  `BI dashboard (GET /api/Bi/GetDashboard, every chart's query, twelve months, no filter; goal < 1 s), ${bi.length} calls each:`,
  '',
  '| BI dashboard | p50 ms | p90 ms | p95 ms |',
  '|---|---:|---:|---:|',
  `| all live (no aggregates rebuild) | ${fmt(pct(biLive.xs, 50))} | ${fmt(pct(biLive.xs, 90))} | ${fmt(pct(biLive.xs, 95))} |`,
  `| closed months from bi_premium_months, current month live | ${fmt(pct(bi, 50))} | ${fmt(pct(bi, 90))} | ${fmt(pct(bi, 95))} |`,
  '',
  `Aggregates rebuild (the bi-aggregates job, all ${(await pool.query('select count(*)::int as n from companies')).rows[0].n} companies): ${fmt(rebuildMs)} ms, ${storedRows.toLocaleString('en')} rows. Answers of the two identical (JSON body compared): ${biSame ? 'yes' : 'NO'}.`,
  '',
];
console.log(lines.join('\n'));
appendFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
await app.close();
await database.close();
await pool.end();
