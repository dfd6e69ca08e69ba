-- The app role (created by the API's first migration) reads and writes the kanban schema under RLS.
GRANT USAGE ON SCHEMA kanban TO aval_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA kanban TO aval_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA kanban TO aval_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA kanban GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO aval_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA kanban GRANT USAGE, SELECT ON SEQUENCES TO aval_app;
