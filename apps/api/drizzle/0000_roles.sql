-- The non-owner role every request runs as. Row-level security policies name it; the table owner
-- (the migrating user) bypasses RLS, this role does not. Roles are cluster-wide, hence IF NOT EXISTS.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'aval_app') THEN
    CREATE ROLE aval_app NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT aval_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'aval_app membership not granted: %', SQLERRM;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO aval_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO aval_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO aval_app;
