-- Name fragments under row-level security (issue 16). `LIKE '%x%'` and the trigram operators are
-- not leakproof, so PostgreSQL evaluates the tenant policy first and the GIN trigram indexes are
-- never used for the app role: every name search scanned the company's policies. This function
-- runs as its owner (the migrating user, to whom RLS does not apply) and returns the ids of the
-- policies whose names match, through the trigram indexes, for ONE company: the request's
-- `app.company_id` setting (the one the tenant policy reads), never an argument. No setting, no
-- rows. The search then reads `policies` under RLS as usual with `id = any(...)` (leakproof), so
-- the tenant policy and the caller's visibility (broker, policy holder) still decide what is seen.
-- Arguments are LIKE patterns on the folded names (translate(lower(name)) as the indexes keep
-- them); null skips that name. The expressions must stay those of the indexes (searchable()).
CREATE OR REPLACE FUNCTION policies_matching_names(holder text, insured text, broker text)
RETURNS SETOF integer
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  q text := 'SELECT id FROM policies WHERE company_id = $1';
BEGIN
  IF company IS NULL OR (holder IS NULL AND insured IS NULL AND broker IS NULL) THEN
    RETURN;
  END IF;
  IF holder IS NOT NULL THEN
    q := q || ' AND translate(lower(policy_holder_name), ''áàâãäéèêëíìîïóòôõöúùûüçñ'', ''aaaaaeeeeiiiiooooouuuucn'') LIKE $2';
  END IF;
  IF insured IS NOT NULL THEN
    q := q || ' AND translate(lower(insured_name), ''áàâãäéèêëíìîïóòôõöúùûüçñ'', ''aaaaaeeeeiiiiooooouuuucn'') LIKE $3';
  END IF;
  IF broker IS NOT NULL THEN
    q := q || ' AND translate(lower(broker_name), ''áàâãäéèêëíìîïóòôõöúùûüçñ'', ''aaaaaeeeeiiiiooooouuuucn'') LIKE $4';
  END IF;
  -- EXECUTE plans with the values, so the patterns pick the trigram indexes.
  RETURN QUERY EXECUTE q USING company, holder, insured, broker;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION policies_matching_names(text, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION policies_matching_names(text, text, text) TO aval_app;
