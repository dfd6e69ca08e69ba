// The life cycle under load (issue 33), on a PostgreSQL server: a quote carried to an issued policy
// and endorsed, through the API's HTTP calls, by simulated people, each waiting for its answer
// before its next call (a closed loop, like a person). Two modes:
// - `actions` (default): BENCH_USERS (10) brokers each run whole life cycles for BENCH_SECONDS (60);
//   p50/p95/p99 per state-changing action, the analysis chain (send → 7 Aprovada, no person needed)
//   and the time until each document is ready.
// - `load`: BENCH_BROKERS (20) brokers quote, send, issue and endorse while BENCH_ANALYSTS (5)
//   analysts confirm payments, approve endorsements and read their lists and the board, for
//   BENCH_SECONDS (300); throughput and p50/p95/p99 per action, errors counted.
// BENCH_THINK_MS (0): a person's pause before each of their actions (uniform between half and one
// and a half of it), as people read a screen before they click; 0 is a closed loop with no pause,
// a stress of the server rather than people at work. The heading records it.
// The API runs in its own process with its job workers (bench/server.mjs, BENCH_JOBS=1) on a fresh
// database BENCH_DATABASE_URL (dropped and created; BENCH_REUSE=1 keeps an earlier run's). Appends the table to RESULTS.md.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { generateCnpj } from '../packages/domain/dist/index.js';
import { signIn as signInAs } from './support.mjs';

const mode = process.argv[2] ?? 'actions';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aval_lifecycle_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? (mode === 'load' ? 300 : 60));
const brokersCount = Number(
  process.env.BENCH_BROKERS ?? (mode === 'load' ? 20 : (process.env.BENCH_USERS ?? 10)),
);
const analystsCount = mode === 'load' ? Number(process.env.BENCH_ANALYSTS ?? 5) : 0;
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 0);

// ---------------------------------------------------------------- database and server

const dbName = new URL(url).pathname.slice(1);
const admin = new pg.Client({
  connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
});
await admin.connect();
// BENCH_REUSE=1: the database of an earlier run, already migrated and seeded (its fixtures are new).
const reuse = process.env.BENCH_REUSE === '1';
if (!reuse) {
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
}
await admin.end();

const started = Date.now();
const server = await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['bench/server.mjs', 'aval'], {
    env: { ...process.env, BENCH_DATABASE_URL: url, BENCH_JOBS: '1', ...(reuse ? { BENCH_SEED: '0' } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (d) => {
    const m = String(d).match(/PORT (\d+)/);
    if (m) resolve({ child, port: Number(m[1]) });
  });
  child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
process.on('exit', () => server.child.kill());
console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(0)} s (migrated, seeded)`);
const base = `http://127.0.0.1:${server.port}`;

// ---------------------------------------------------------------- timing

/** Every timed sample by action name (ms), and the failures. */
const samples = new Map();
const failures = new Map();
const record = (name, ms) => {
  if (!samples.has(name)) samples.set(name, []);
  samples.get(name).push(ms);
};

class CallError extends Error {}

/** One HTTP call; timed under `name` when given. Returns the unwrapped answer. */
const call = async (session, method, path, body, name) => {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...session,
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) {
    if (name) failures.set(name, (failures.get(name) ?? 0) + 1);
    throw new CallError(`${name ?? path}: ${res.status} ${text.slice(0, 300)}`);
  }
  if (name) record(name, ms);
  const json = text ? JSON.parse(text) : null;
  return json?.Response ?? json?.data ?? json;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A person's pause before an action (BENCH_THINK_MS, ± 50 %); none in a closed loop. */
const think = () => (thinkMs > 0 ? sleep(thinkMs * (0.5 + Math.random())) : undefined);

/**
 * Polls `probe` every `every` ms (100 by default) until it returns a truthy value (60 s at most);
 * its value. The polls are part of the load: the analysis chain, seconds long, is polled every
 * 500 ms and timed from its own records (see `chainMs`), not from when a poll saw it end.
 */
const until = async (probe, what, every = 100) => {
  const end = Date.now() + 60_000;
  for (;;) {
    const v = await probe().catch((e) => (e instanceof CallError ? undefined : Promise.reject(e)));
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(every);
  }
};

/**
 * The analysis chain as the proposal's timeline recorded it: from "Proposta enviada" (its first
 * status-2 entry) to its approval (status 7), in ms; the poll's view when the timeline lacks one.
 */
const chainMs = async (uniqueId, polled) => {
  const { rows } = await db.query(
    `select extract(epoch from max(t.created_at) filter (where t.proposal_status_id = 7)
                             - min(t.created_at) filter (where t.proposal_status_id = 2)) * 1000 as ms
       from proposal_timeline t join proposals p on p.id = t.proposal_id
      where p.unique_id = $1`,
    [uniqueId],
  );
  const ms = Number(rows[0]?.ms);
  return Number.isFinite(ms) && ms > 0 ? ms : polled;
};

/** A demo user's session: the headers of their calls (bench/support.mjs). */
const signIn = (username) => signInAs(base, username);

// ---------------------------------------------------------------- fixtures (once)

// A pool: the simulated people write their fixtures at the same time.
const db = new pg.Pool({ connectionString: url, max: 4 });
// A run's sign-ins count against each account's brake: an earlier run's must not refuse this one's.
await db.query('delete from rate_counters');
// One sign-in per demo user, its token shared by the people simulated with it (one brake per account).
const adminSession = await signIn('admin@aurora.demo');
const brokerSession = await signIn('corretor@aurora.demo');
const analystSession = await signIn('analista@aurora.demo');
const branches = await call(adminSession, 'GET', '/api/Core/GetAllCompanyBranch');
const branch = branches.find((b) => b.Code === '0776');
const tag = Date.now().toString(36);
const modality = await call(adminSession, 'POST', '/api/Core/InsertModality', {
  BranchId: branch.Id,
  NewModalityGroupName: `Grupo bench ${tag}`,
  Name: `Modalidade bench ${tag}`,
  MaxInsuredAmountValue: '1000000.00',
});
// A surety policy states its conditions (IssueProposal refuses a modality with none).
await call(adminSession, 'PUT', '/api/Core/InsertContractualTerm', {
  TermType: 2,
  ModalityId: modality.Id,
  Title: 'Condições especiais',
  Text: '<p>Garante ao segurado [SEGURADO] o cumprimento das obrigações do tomador [TOMADOR] até [VALOR_IS].</p>',
});
await db.query(
  `update modalities set future_days = 30, retroactive_days = 0, min_commission_percentage = 0,
   max_commission_percentage = 30 where id = $1`,
  [modality.Id],
);
const brokerId = (
  await db.query(`select broker_id from users where company_id = 54 and username = 'corretor@aurora.demo'`)
).rows[0].broker_id;

/**
 * A policy holder the demo broker may quote for, that passes every automatic validation (branch of
 * activity accepted, a large limit, a rate for the modality) and has a signed CCG: what the analysis
 * test's setup writes (apps/api/src/test/proposals.ts quoteSetup), here in SQL.
 */
const newHolder = async () => {
  const {
    rows: [h],
  } = await db.query(
    `insert into policy_holders (company_id, name, document, cnae, branch_activity_status_id, branch_activity_cnae)
     values (54, $1, $2, '4120400', 2, '4120400') returning id, unique_id`,
    [`Tomador bench ${tag} ${Math.random().toString(36).slice(2, 8)}`, generateCnpj()],
  );
  await db.query(
    `insert into policy_holder_limits (company_id, policy_holder_id, modality_id, limit_amount, rating, rate)
     values (54, $1, null, 1000000000, 'A', null), (54, $1, $2, null, null, 2)`,
    [h.id, modality.Id],
  );
  await db.query(
    `insert into policy_holder_nominations (company_id, policy_holder_id, broker_id, status_id, decided_at)
     values (54, $1, $2, 2, now())`,
    [h.id, brokerId],
  );
  await db.query(
    `insert into policy_holder_ccgs (company_id, policy_holder_id, status_id, signed_at) values (54, $1, 4, now())`,
    [h.id],
  );
  return h;
};

const insured = await call(adminSession, 'POST', '/api/Insured/ValidateInsuredByDocumentToNewProposal', {
  Document: generateCnpj({ masked: true }),
  Name: `Segurado bench ${tag}`,
});
const brasiliaDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/Sao_Paulo',
  });

// ---------------------------------------------------------------- the life cycle

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Hands work a broker cannot do (confirm a payment, approve an endorsement) to the analysts. */
const desk = {
  queue: [],
  /** A broker asks; resolves when an analyst did it. */
  ask(kind, uniqueId) {
    return new Promise((resolve, reject) => this.queue.push({ kind, uniqueId, resolve, reject }));
  },
};

const confirmPayment = (staff, uniqueId) =>
  call(
    staff,
    'POST',
    '/api/Proposal/ConfirmBankSlipPayment',
    { ProposalUniqueId: uniqueId, InstallmentNumber: 1 },
    'ConfirmBankSlipPayment',
  );
const approveEndorsement = (staff, uniqueId) =>
  call(
    staff,
    'POST',
    '/api/Endorsement/ApproveEndorsement',
    { ProposalUniqueId: uniqueId },
    'ApproveEndorsement',
  );

/** The analysts' work: in `load` mode an analyst does it, in `actions` mode the broker's own staff session. */
const byStaff = (staff, kind, uniqueId) =>
  analystsCount > 0
    ? desk.ask(kind, uniqueId)
    : kind === 'confirm'
      ? confirmPayment(staff, uniqueId)
      : approveEndorsement(staff, uniqueId);

/** One whole life cycle by one broker: quote → send → (analysis) → issue → pay → endorse. */
const lifeCycle = async (broker, staff) => {
  const holder = await newHolder();
  await think();
  const draft = await call(
    broker,
    'POST',
    '/api/Proposal/UpdateProposal',
    {
      ProductId: modality.Id,
      PolicyHolderUniqueId: holder.unique_id,
      InsuredId: insured.Insured.Id,
      StartDate: brasiliaDay(),
      EndDate: brasiliaDay(365),
      InsuredAmountValue: '100000.00',
      ProposalObjects: [{ Description: 'Execução das obras do contrato 12/2026' }],
    },
    'UpdateProposal (save a new draft)',
  );
  const id = draft.UniqueId;
  await think();
  await call(
    broker,
    'POST',
    '/api/Proposal/UpdateCalculateFinancialData',
    { ProposalUniqueId: id, ComissionPercentage: '20' },
    'UpdateCalculateFinancialData (calculate)',
  );
  const { Version } = await call(broker, 'GET', `/api/Proposal/GetProposalByUniqueId?ProposalUniqueId=${id}`);
  await think();
  const sentAt = performance.now();
  await call(
    broker,
    'POST',
    '/api/Proposal/UpdateProposal',
    { UniqueId: id, Version, Action: 'SendToAnalysis', CommissionDisclosureConfirmed: true },
    'UpdateProposal (send to analysis)',
  );
  await until(
    async () => {
      const d = await call(broker, 'GET', `/api/Proposal/GetProposalByUniqueId2?ProposalUniqueId=${id}`);
      if (d.StatusId !== 2 && d.StatusId !== 7) throw new Error(`analysis stopped at ${d.StatusId}`);
      return d.StatusId === 7;
    },
    `analysis of ${id}`,
    500,
  );
  record('analysis chain (send → 7 Aprovada, 5 validations)', await chainMs(id, performance.now() - sentAt));

  await think();
  await call(
    broker,
    'GET',
    `/api/Proposal/GenerateContractDraft?ProposalUniqueId=${id}`,
    undefined,
    'GenerateContractDraft',
  );
  await think();
  await call(broker, 'POST', '/api/Proposal/RequestIssuance', { ProposalUniqueId: id }, 'RequestIssuance');
  await think();
  await call(broker, 'POST', '/api/Proposal/IssueProposal', { ProposalUniqueId: id }, 'IssueProposal');
  await think();
  const issued = await byStaff(staff, 'confirm', id);
  const policyId = issued.Policy.UniqueId;
  const policyAt = performance.now();
  await until(
    () => call(broker, 'GET', `/api/Policy/DownloadPolicyDocument?ProposalUniqueId=${id}`),
    `the PDF of ${policyId}`,
  );
  record('policy PDF ready (after the payment confirmed)', performance.now() - policyAt);

  await think();
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'aditivo.pdf');
  const [archive] = await call(broker, 'POST', '/api/Archive/Upload', form, 'Archive/Upload');
  await think();
  const filed = await call(
    broker,
    'POST',
    '/api/Endorsement/CreateEndorsement',
    {
      PolicyUniqueId: policyId,
      EndorsementTypeId: 1,
      ReasonEndorsementRequestId: 1,
      EndorsementChangeTypeIds: [1],
      InsuredAmountValue: '150000.00',
      Documents: [{ Name: 'Aditivo contratual', ArchiveUniqueIds: [archive.uniqueIdentifier] }],
    },
    'CreateEndorsement (endorse)',
  );
  const endorsementId = filed.ProposalUniqueId;
  const filedAt = performance.now();
  await until(async () => {
    const info = await call(
      staff,
      'GET',
      `/api/kanban/GetCardEndorsementInfo?ProposalUniqueId=${endorsementId}`,
    );
    return info.StatusId === 3;
  }, `the endorsement steps of ${endorsementId}`);
  record('endorsement steps (filed → 3 awaiting approval)', performance.now() - filedAt);
  await think();
  await byStaff(staff, 'approve', endorsementId);
  const approvedAt = performance.now();
  await until(
    () =>
      call(broker, 'GET', `/api/Endorsement/DownloadEndorsementDocument?proposalUniqueId=${endorsementId}`),
    `the endorsement PDF of ${endorsementId}`,
  );
  record('endorsement PDF ready (after the approval)', performance.now() - approvedAt);
  await call(
    broker,
    'GET',
    `/api/Endorsement/DownloadEndorsementDocument?proposalUniqueId=${endorsementId}`,
    undefined,
    'DownloadEndorsementDocument (ready)',
  );
};

// ---------------------------------------------------------------- the people

const deadline = Date.now() + seconds * 1000;
let cycles = 0;
const errors = [];

const brokerLoop = async () => {
  const broker = brokerSession;
  const staff = adminSession;
  while (Date.now() < deadline) {
    try {
      await lifeCycle(broker, staff);
      cycles += 1;
    } catch (e) {
      errors.push(String(e.message ?? e));
      if (errors.length <= 5) console.error(e.message ?? e);
    }
  }
};

/** An analyst: the desk's work first, else a look at the lists and the board (a read mix). */
const analystLoop = async () => {
  const analyst = analystSession;
  // Until the last broker stops: a broker past the deadline still waits for its item.
  while (!brokersDone) {
    const item = desk.queue.shift();
    if (item) {
      try {
        // The demo analyst confirms payments; approving an endorsement takes the administrator's permission.
        item.resolve(
          await (item.kind === 'confirm'
            ? confirmPayment(analyst, item.uniqueId)
            : approveEndorsement(adminSession, item.uniqueId)),
        );
      } catch (e) {
        errors.push(String(e.message ?? e));
        item.reject(e);
      }
      continue;
    }
    await call(
      analyst,
      'GET',
      '/api/Proposal/SearchProposals?currentPage=1&rowsPerPage=10',
      undefined,
      'SearchProposals (read)',
    ).catch((e) => errors.push(e.message));
    await call(
      analyst,
      'GET',
      '/api/Policy/SearchPoliciesRelatedToLoggedUser?currentPage=1&rowsPerPage=10',
      undefined,
      'SearchPolicies (read)',
    ).catch((e) => errors.push(e.message));
    await sleep(200);
  }
};

console.log(`${mode}: ${brokersCount} brokers, ${analystsCount} analysts, ${seconds} s`);
const t0 = Date.now();
let brokersDone = false;
const analysts = Array.from({ length: analystsCount }, analystLoop);
await Promise.all(Array.from({ length: brokersCount }, brokerLoop));
brokersDone = true;
await Promise.all(analysts);
const elapsed = (Date.now() - t0) / 1000;
for (const item of desk.queue.splice(0)) item.reject(new Error('bench over'));
await db.end();
server.child.removeAllListeners('exit');
server.child.kill();

// ---------------------------------------------------------------- the table

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const rows = [...samples.entries()].map(([name, list]) => {
  const s = [...list].sort((a, b) => a - b);
  return {
    name,
    n: s.length,
    p50: pct(s, 50),
    p95: pct(s, 95),
    p99: pct(s, 99),
    max: s.at(-1),
    failed: failures.get(name) ?? 0,
  };
});
const ms = (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const lines = [
  '',
  `## ${date} UTC — life cycle on PostgreSQL (issue 33), ${mode}: ${brokersCount} brokers${analystsCount ? `, ${analystsCount} analysts` : ''}, ${Math.round(elapsed)} s${thinkMs > 0 ? `, a pause of ${thinkMs} ms ± 50 % before each action` : ', no pause (closed loop)'}${process.env.BENCH_NOTE ? ` — ${process.env.BENCH_NOTE}` : ''}`,
  '',
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average at the end ${load}. ` +
    `${cycles} whole life cycles (${(cycles / elapsed).toFixed(2)}/s), ${errors.length} errors.`,
  '',
  '| action | n | per s | p50 | p95 | p99 | max | failed |',
  '| --- | --: | --: | --: | --: | --: | --: | --: |',
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.n} | ${(r.n / elapsed).toFixed(2)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.failed} |`,
  ),
  ...(errors.length
    ? [
        '',
        `First errors: ${[...new Set(errors)]
          .slice(0, 3)
          .map((e) => `\`${e.slice(0, 200)}\``)
          .join('; ')}`,
      ]
    : []),
];
console.log(lines.join('\n'));
if (process.env.BENCH_RECORD !== '0') appendFileSync('bench/RESULTS.md', `${lines.join('\n')}\n`);
process.exit(0);
