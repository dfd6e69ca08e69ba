CREATE TABLE "change_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"scope_id" integer,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "change_history" ADD CONSTRAINT "change_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_history" ADD CONSTRAINT "change_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_history_owner_idx" ON "change_history" USING btree ("company_id","owner_type","owner_id","changed_at");--> statement-breakpoint
CREATE INDEX "change_history_scope_idx" ON "change_history" USING btree ("company_id","scope_id","changed_at");--> statement-breakpoint
CREATE POLICY "change_history_tenant_isolation" ON "change_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);