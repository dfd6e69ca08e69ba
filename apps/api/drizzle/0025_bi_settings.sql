CREATE TABLE "bi_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"dashboard_id" integer NOT NULL,
	"secret_encrypted" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bi_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bi_settings" ADD CONSTRAINT "bi_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "bi_settings_tenant_isolation" ON "bi_settings" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);