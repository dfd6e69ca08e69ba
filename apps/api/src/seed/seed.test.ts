import { approveEndorsement, getCurrentAccess, internalCancelPolicy } from '@aval/contracts';
import { Permission, todayInBrazil } from '@aval/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { insureds } from '../modules/insureds/insureds.table.js';
import { tableFingerprint } from '../test/fingerprint.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { demoCompanies } from './companies.js';
import { demoActors, perform } from './context.js';
import { seedDatabase } from './index.js';
import { openSeedPlatform } from './platform.js';
import { DEMO_POLICY_OBJECT } from './policies.js';

/**
 * A restart runs the seed again on data users have changed: it must succeed and leave every
 * change as it is (no overwrite, no second copy of a renamed row, no demo user coming back).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const fingerprint = () => tableFingerprint(t.database.db as unknown as Db);

/** What users change through the portal, as SQL on every kind of seeded row. */
const userChanges = [
  sql`update companies set name = name || ' (matriz)', primary_color = '#123456'`,
  sql`update company_menus set enabled = false, "order" = "order" + 100 where menu_id = 2`,
  sql`update company_tags set value = value || ' - editado'`,
  sql`update terms_of_use set html = '<p>Termos revisados</p>'`,
  // Renamed default profiles: one only in case (same unique key), one to a new name.
  sql`update profiles set name = upper(name) where name = 'Administrador'`,
  sql`update profiles set name = 'Analista de crédito' where name = 'Analista'`,
  sql`delete from profile_functionalities where profile_id in (select id from profiles where name = 'Analista de crédito')`,
  // A demo user whose e-mail (its username) was changed, and renamed people.
  sql`update users set username = 'paulo.azevedo@azevedo.com.br' where username like 'corretor2@%'`,
  sql`update persons set name = name || ' Filho'`,
  sql`update users set is_active = false where username like 'analista@%'`,
  // Insureds renamed (the seed used to look them up by name), blocked, moved.
  sql`update insureds set name = name || ' - renomeado', is_blocked = not is_blocked`,
  sql`update insured_locations set address_name = 'Rua Nova', number = '1'`,
  sql`update beneficiaries set name = name || ' (editado)'`,
  // Brokerages with a new e-mail and trade name (the seed used to look them up by e-mail).
  sql`update brokers set email = 'novo-' || id || '@corretora.com.br', trade_name = trade_name || ' Seguros'`,
  sql`update broker_responsible_persons set name = name || ' Jr.'`,
  sql`update policy_holders set name = name || ' (nova razão)', email = 'financeiro-' || id || '@empresa.com.br'`,
  sql`update economic_groups set name = name || ' Holding'`,
  sql`update policy_holder_nominations set status_id = 3 where status_id = 1`,
  sql`update credit_rating_bands set max_limit = max_limit * 2`,
  sql`update param_branches set name = name || ' (revisado)'`,
  sql`update modalities set name = name || ' - v2', is_active = false where id % 3 = 0`,
  sql`update coverages set name = name || ' - v2'`,
  sql`update particular_clauses set text = text || ' Revisada.'`,
  sql`update installment_parameters set name = name || ' - v2'`,
];

/** Issue 18 item 10: the demo data tells one coherent story (these hold after user changes too). */
describe('demo data coherence', () => {
  it('should give no insured the CNPJ of a policy holder of the same company', async () => {
    const shared = await rows<{ document: string }>(
      sql`select i.document from insureds i
            join policy_holders h on h.company_id = i.company_id and h.document = i.document`,
    );
    expect(shared).toEqual([]);
    const [counts] = await rows<{ insureds: number; holders: number }>(
      sql`select (select count(*)::int from insureds) as insureds, (select count(*)::int from policy_holders) as holders`,
    );
    expect(counts!.insureds).toBeGreaterThan(10);
    expect(counts!.holders).toBeGreaterThan(10);
  });

  it("should give each policy holder's fiscal years different statements", async () => {
    const same = await rows<{ id: number }>(
      sql`select a.policy_holder_id as id from policy_holder_financial_statements a
            join policy_holder_financial_statements b
              on b.policy_holder_id = a.policy_holder_id and b.year > a.year
           where a.revenue = b.revenue and a.equity = b.equity and a.net_income = b.net_income`,
    );
    expect(same).toEqual([]);
  });

  it("should give the demo pipes a history BI can read: cards beyond 'Novos' came from it after some hours", async () => {
    const [history] = await rows<{ companies: number; moves: number; without: number }>(
      sql`select count(distinct m.company_id)::int as companies, count(*)::int as moves,
                 (select count(*)::int from kanban.cards c join kanban.steps s on s.id = c.step_id
                   where s.position > 1 and not exists (select 1 from kanban.card_moves x
                     where x.card_id = c.id and x.from_step_id is not null)) as without
            from kanban.card_moves m where m.from_step_id is not null and m.seconds_in_step >= 7200`,
    );
    const [companies] = await rows<{ n: number }>(sql`select count(*)::int as n from companies`);
    expect(history!.companies).toBe(companies!.n);
    expect(history!.moves).toBeGreaterThan(10);
    expect(history!.without).toBe(0);
  });

  it('should open the demo limit reviews and CCGs as a broker does, with their history, and take cards into later steps as a user on the board', async () => {
    const reviews = await rows<{ id: number; by: number | null; logged: number; at: string }>(
      sql`select r.id, r.requested_by_user_id as by, r.created_at::text as at,
                 (select count(*)::int from change_history h where h.owner_type = 'PolicyHolder'
                   and h.owner_id = r.policy_holder_id and h.field = 'LimitReview'
                   and h.changed_by_user_id = r.requested_by_user_id) as logged
            from policy_holder_limit_requests r`,
    );
    const ccgs = await rows<{ id: number; by: number | null; logged: number; slot: number }>(
      sql`select c.id, c.created_by_user_id as by,
                 (select count(*)::int from change_history h where h.owner_type = 'PolicyHolder'
                   and h.owner_id = c.policy_holder_id and h.field = 'CCG'
                   and h.changed_by_user_id = c.created_by_user_id) as logged,
                 (select count(*)::int from request_documents d where d.owner_type = 'policy_holder'
                   and d.owner_id = c.policy_holder_id and d.name = 'CCG assinado') as slot
            from policy_holder_ccgs c`,
    );
    const [companies] = await rows<{ n: number }>(sql`select count(*)::int as n from companies`);
    expect(reviews.length).toBeGreaterThanOrEqual(2 * companies!.n);
    expect(ccgs.length).toBeGreaterThanOrEqual(2 * companies!.n);
    for (const r of [...reviews, ...ccgs]) {
      expect(r.by, `row ${r.id}`).not.toBeNull();
      // Asked and then sent signed: the history says so, under the broker's name.
      expect(r.logged, `row ${r.id}`).toBeGreaterThan(0);
    }
    for (const c of ccgs) expect(c.slot, `CCG ${c.id}`).toBe(1);
    // The registry's cards beyond their pipe's first step were taken there by someone on the board.
    const moves = await rows<{ card: string; by: number | null }>(
      sql`select c.card_type::text || ':' || c.card_ref::text as card, m.user_id as by
            from kanban.card_moves m join kanban.cards c on c.id = m.card_id
           where m.from_step_id is not null
             and (c.card_ref::text in (select unique_id::text from policy_holder_ccgs)
               or c.card_ref::text in (select unique_id::text from policy_holder_limit_requests)
               or (c.card_type::text in ('GRUPO_ECONOMICO', 'TOMADOR_QSA_PEP')
                   and c.card_ref::text in (select unique_id::text from policy_holders)))`,
    );
    expect(moves.length).toBeGreaterThanOrEqual(4 * companies!.n);
    for (const m of moves) expect(m.by, m.card).not.toBeNull();
  });

  it('should record the demo policies as issued on the days they happened: the proposal quoted, the policy issued and its timeline written that day, the endorsements decided on their effective day', async () => {
    const issued = await rows<{ number: string; issued: string; created: string; stamped: string[] }>(
      sql`select p.number, to_char(p.issued_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as issued,
                 to_char(pr.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as created,
                 array(select distinct to_char(t.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')
                         from proposal_timeline t where t.proposal_id = pr.id) as stamped
            from policies p join proposals pr on pr.id = p.proposal_id
           where p.object_text like ${`%${DEMO_POLICY_OBJECT}%`}`,
    );
    const [companies] = await rows<{ n: number }>(sql`select count(*)::int as n from companies`);
    expect(issued).toHaveLength(6 * companies!.n);
    for (const p of issued) {
      // Months ago, not the day the seed ran; quoted, analysed and issued that same day.
      expect(p.issued < todayInBrazil(), p.number).toBe(true);
      expect(p.created, p.number).toBe(p.issued);
      expect(p.stamped, p.number).toEqual([p.issued]);
    }
    const decided = await rows<{ effective: string; decided: string }>(
      sql`select effective_date::text as effective,
                 to_char(decided_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as decided
            from endorsements where status_id = 5`,
    );
    expect(decided.length).toBeGreaterThanOrEqual(2 * companies!.n);
    for (const e of decided) expect(e.decided).toBe(e.effective);
  });

  it('should leave demo proposals where the real analysis stops: open cards in the credit, subscription, reinsurance and inspection pipes, and proposals in every analysis and issuance status (2, 3, 4, 6, 7, 9, 97, 98)', async () => {
    // Per company: the open proposal cards by pipe, and the statuses the analysis demo leaves.
    const cards = await rows<{ company_id: number; token: string; n: number }>(
      sql`select c.company_id, p.token, count(*)::int as n
            from kanban.cards c join kanban.pipes p on p.id = c.pipe_id
           where c.closed_at is null and c.card_data->>'header' like 'Proposta nº%'
           group by 1, 2`,
    );
    const statuses = await rows<{ company_id: number; status_id: number }>(
      sql`select distinct company_id, status_id from proposals`,
    );
    const [companies] = await rows<{ n: number }>(sql`select count(*)::int as n from companies`);
    for (const token of ['credito', 'subscricao', 'resseguro', 'inspecao'])
      expect(cards.filter((c) => c.token === token).length, token).toBe(companies!.n);
    for (const status of [2, 3, 4, 6, 7, 9, 97, 98])
      expect(statuses.filter((s) => s.status_id === status).length, `status ${status}`).toBe(companies!.n);
    // Each open proposal card is what its proposal waits on, with the engine log that opened it.
    const [orphans] = await rows<{ n: number }>(
      sql`select count(*)::int as n from kanban.cards c
           where c.closed_at is null and c.card_data->>'header' like 'Proposta nº%'
             and not exists (select 1 from proposal_analyses a join proposal_engine_logs l
                              on l.proposal_id = a.proposal_id and l.card_type::text = a.waiting_card_type::text
                             where a.waiting_card_type::text = c.card_type::text and a.waiting_card_ref::text = c.card_ref::text)`,
    );
    expect(orphans!.n).toBe(0);
  });

  it("should register the demo's insureds, policy holders and nominations through their services: each one's history written by the demo user who did it (the registry by admin@, whose profile holds it)", async () => {
    const missing = await rows<{ kind: string; name: string }>(
      sql`select 'insured created' as kind, i.name from insureds i
           where not exists (select 1 from change_history h join users u on u.id = h.changed_by_user_id
                             where h.owner_type = 'Insured' and h.owner_id = i.id and h.field = 'Created'
                               and u.username like 'admin@%')
          union all
          select 'insured address', i.name from insureds i
           where not exists (select 1 from change_history h
                             where h.owner_type = 'Insured' and h.owner_id = i.id and h.field = 'Location')
          union all
          select 'holder address and statements', p.name from policy_holders p
           where (select count(distinct h.field) from change_history h join users u on u.id = h.changed_by_user_id
                   where h.owner_type = 'PolicyHolder' and h.owner_id = p.id and u.username like 'admin@%'
                     and h.field in ('Location', 'FinancialStatement', 'TradeName')) < 3
          union all
          select 'holder limit', p.name from policy_holders p
           where exists (select 1 from policy_holder_limits l where l.policy_holder_id = p.id and l.modality_id is null)
             and not exists (select 1 from change_history h
                             where h.owner_type = 'PolicyHolder' and h.owner_id = p.id and h.field = 'Limit')
          union all
          select 'blocked holder', p.name from policy_holders p
           where p.is_blocked and not exists (select 1 from change_history h
                  where h.owner_type = 'PolicyHolder' and h.owner_id = p.id and h.field = 'IsBlocked')`,
    );
    expect(missing).toEqual([]);
    // Each approved nomination was asked by the broker and decided on its card (closed in Aprovado).
    const [undecided] = await rows<{ n: number }>(
      sql`select count(*)::int as n from policy_holder_nominations n
           where n.status_id = 2 and not exists (
             select 1 from kanban.cards c join kanban.steps s on s.id = c.step_id
              where c.card_type::text = 'NOMEACAO_TOMADOR' and c.card_ref = n.unique_id
                and c.closed_at is not null and s.name = 'Aprovado')`,
    );
    expect(undecided!.n).toBe(0);
  });

  it('should give every company a demo broker user whose brokerage can operate (approved, active, nominated holders with a limit)', async () => {
    const operating = await rows<{ company_id: number; holders: number }>(
      sql`select u.company_id, count(distinct n.policy_holder_id)::int as holders
            from users u
            join brokers b on b.id = u.broker_id and b.company_id = u.company_id
            join policy_holder_nominations n on n.broker_id = b.id and n.status_id = 2
            join policy_holder_limits l on l.policy_holder_id = n.policy_holder_id and l.modality_id is null
           where u.username like 'corretor@%' and u.is_active and b.is_active and not b.is_blocked
             and b.approved_at is not null and not b.waiting_validation and l.limit_amount > 0
           group by u.company_id`,
    );
    const [companies] = await rows<{ n: number }>(sql`select count(*)::int as n from companies`);
    expect(operating).toHaveLength(companies!.n);
    expect(operating.every((c) => c.holders >= 3)).toBe(true);
  });
});

describe("the seed's actors", () => {
  it("should act as each demo user with their own profile's permissions, and be refused what it does not allow", async () => {
    const db = t.database.db as unknown as Db;
    openSeedPlatform(db, t.platform.blobs);
    const company = demoCompanies.find((c) => c.id === 54)!;
    const actors = (await demoActors(db, company))!;
    // What the analyst may do is what the API answers for the analyst: the profile, nothing more.
    const access = await t.data(getCurrentAccess, { as: 'analista' });
    expect([...actors.analyst.user.permissions].sort((a, b) => a - b)).toEqual(access.Permissions);
    expect(actors.analyst.user.permissions.has(Permission.CANCELAR_APOLICE_MANUALMENTE)).toBe(false);
    // A call the profile does not allow is refused as the API refuses it; the administrator's passes.
    let ran = false;
    expect(() =>
      perform(actors.analyst, internalCancelPolicy, () => {
        ran = true;
      }),
    ).toThrow('Você não tem permissão para executar esta ação.');
    expect(ran).toBe(false);
    expect(perform(actors.admin, internalCancelPolicy, () => 'cancelled')).toBe('cancelled');
    // A broker acts for its own brokerage; an insurer user's call is refused to it.
    expect((await actors.broker.links()).brokerId).toBe(actors.brokerId);
    expect(() => perform(actors.broker, approveEndorsement, () => 0)).toThrow(
      'Este recurso não está disponível para o seu tipo de usuário.',
    );
  });
});

describe('seed on restart', () => {
  it('should succeed and keep every user change when the seed runs again on changed data', async () => {
    for (const change of userChanges) await t.database.db.execute(change);
    const before = await fingerprint();

    await expect(seedDatabase(t.database.db, t.platform.blobs)).resolves.toBeDefined();
    await expect(seedDatabase(t.database.db, t.platform.blobs)).resolves.toBeDefined();

    const after = await fingerprint();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed).toEqual([]);
    const renamed = await t.database.db.select({ name: insureds.name }).from(insureds);
    expect(renamed.every((r) => r.name.endsWith(' - renomeado'))).toBe(true);
  });

  it('should not bring back a demo user whose e-mail was changed', async () => {
    const found = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where username like 'corretor2@%'`,
    );
    expect(found[0]?.n).toBe(0);
  });
});
