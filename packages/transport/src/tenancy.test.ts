import { describe, expect, it } from 'vitest';
import { isPlainRead } from './tenancy.js';

describe('isPlainRead', () => {
  it('should take plain selects as reads, whatever their case, spacing or functions without effects', () => {
    for (const text of [
      'select "id", "name" from "policies" where "company_id" = $1 limit $2',
      '  SELECT count(*) FROM (select 1 from policies where x like $1 limit 10001) capped',
      "select current_setting('app.company_id', true) as company",
      'select * from policies_matching_names($1, $2, $3)',
      'select unaccent_lower(name) as n from insureds',
      // A transaction's own setting ends with it (rows' generic plan).
      'set local plan_cache_mode = force_generic_plan',
      'SET LOCAL plan_cache_mode TO DEFAULT',
    ]) {
      expect(isPlainRead(text), text).toBe(true);
    }
  });

  it('should take every other statement as a write, so its commit is awaited', () => {
    for (const text of [
      'insert into "archives" ("name") values ($1)',
      'update "proposals" set "version" = $1',
      'delete from "request_documents" where "id" = $1',
      'with moved as (update cards set step_id = $1 returning id) select id from moved',
      'select id from proposals where id = $1 for update',
      'select id from proposals where id = $1 FOR NO KEY UPDATE',
      'select id from proposals where id = $1 for share',
      'select id from proposals where id = $1 for key share',
      "select nextval('proposal_numbers')",
      "select setval('proposal_numbers', 10)",
      "select set_config('app.company_id', '54', true)",
      "select pg_notify('aval_access_changed', '12')",
      'select pg_advisory_xact_lock($1)',
      'select lo_create(0)',
      'savepoint sp1',
      'lock table policies in share mode',
      // A session's setting outlives the transaction; a setting followed by another statement.
      'set plan_cache_mode = force_generic_plan',
      "set local app.company_id = '54'; insert into archives (name) values ('x')",
    ]) {
      expect(isPlainRead(text), text).toBe(false);
    }
  });
});
