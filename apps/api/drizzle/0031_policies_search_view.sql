-- Name fragments at scale (issue 16), second form. Under row-level security `LIKE '%x%'` cannot use
-- the trigram indexes (it is not leakproof, so the tenant policy runs first), and the SECURITY
-- DEFINER function of 0029 worked around it by returning every matching id of the company: 14 000
-- ids for a common surname at 1M policies, read in full before the page of ten could be chosen.
--
-- `search.policies` is the request's company's policies, read with the view owner's rights (the
-- migrating user, to whom RLS does not apply) and confined by the same expression as the tenant
-- policy: `app.company_id`, never an argument; no setting, no rows. The view is not a security
-- barrier, so the search's conditions reach the table: the page walks the company's issue-date
-- index and stops at ten, and the capped count uses the company-led trigram indexes (btree_gin,
-- next migration). The search still applies the caller's visibility (broker, policy holder) as on
-- any other filter. Only the name-fragment searches read it; the app role may only select.
-- Named `policies` in its own schema, so the queries' `"policies"."column"` references stay valid.
-- It lists the table's columns as they are now: a column added to `policies` must be added here
-- (CREATE OR REPLACE VIEW, at the end); the API test compares the two.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS search;
--> statement-breakpoint
CREATE VIEW search.policies AS
  SELECT * FROM public.policies
  WHERE company_id = nullif(current_setting('app.company_id', true), '')::integer;
--> statement-breakpoint
GRANT USAGE ON SCHEMA search TO aval_app;
--> statement-breakpoint
GRANT SELECT ON search.policies TO aval_app;
--> statement-breakpoint
DROP FUNCTION IF EXISTS policies_matching_names(text, text, text);
