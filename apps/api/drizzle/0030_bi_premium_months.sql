CREATE TABLE "bi_premium_months" (
	"company_id" integer NOT NULL,
	"month" date NOT NULL,
	"branch_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"broker_id" integer NOT NULL,
	"modality_name" text NOT NULL,
	"written" numeric NOT NULL,
	"restitutions" numeric NOT NULL,
	CONSTRAINT "bi_premium_months_company_id_month_branch_id_modality_id_broker_id_pk" PRIMARY KEY("company_id","month","branch_id","modality_id","broker_id")
);
--> statement-breakpoint
ALTER TABLE "bi_premium_months" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bi_refreshes" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"through_month" date NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bi_refreshes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bi_premium_months" ADD CONSTRAINT "bi_premium_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_refreshes" ADD CONSTRAINT "bi_refreshes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_company_cancelled_idx" ON "policies" USING btree ("company_id","cancelled_at") WHERE "policies"."cancel_restitution" is not null;--> statement-breakpoint
CREATE POLICY "bi_premium_months_tenant_isolation" ON "bi_premium_months" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "bi_refreshes_tenant_isolation" ON "bi_refreshes" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);