CREATE SCHEMA "kanban";
--> statement-breakpoint
CREATE TABLE "kanban"."pipes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipes_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "kanban"."pipes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "pipes_tenant_isolation" ON "kanban"."pipes" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);