CREATE TABLE "policy_holder_limit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"requested_by_user_id" integer,
	"justification" text,
	"applied_limit" numeric(18, 2),
	"applied_rating" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holder_limit_requests_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holder_limit_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "policy_holder_limit_requests" ADD CONSTRAINT "policy_holder_limit_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_limit_requests" ADD CONSTRAINT "policy_holder_limit_requests_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holder_limit_requests_open_uq" ON "policy_holder_limit_requests" USING btree ("company_id","policy_holder_id") WHERE status_id = 1;--> statement-breakpoint
CREATE POLICY "policy_holder_limit_requests_tenant_isolation" ON "policy_holder_limit_requests" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);