CREATE TABLE "credit_rating_bands" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"rating" text NOT NULL,
	"min_score" numeric(9, 2) NOT NULL,
	"equity_multiplier" numeric(9, 4) NOT NULL,
	"revenue_share" numeric(9, 6) NOT NULL,
	"max_limit" numeric(18, 2) NOT NULL,
	"rate_multiplier" numeric(9, 6) NOT NULL,
	"base_rate" numeric(9, 6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_rating_bands" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "credit_score_parameters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"margin_weight" numeric(9, 4) NOT NULL,
	"margin_target" numeric(9, 6) NOT NULL,
	"leverage_weight" numeric(9, 4) NOT NULL,
	"leverage_max" numeric(9, 6) NOT NULL,
	"roe_weight" numeric(9, 4) NOT NULL,
	"roe_target" numeric(9, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_score_parameters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "economic_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"limit_amount" numeric(18, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "economic_groups_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "economic_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"branch_cnpj" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holder_branches_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holder_branches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_change_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_holder_change_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_exposures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"modality_id" integer,
	"amount" numeric(18, 2) NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_financial_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"year" integer NOT NULL,
	"revenue" numeric(18, 2) NOT NULL,
	"equity" numeric(18, 2) NOT NULL,
	"net_income" numeric(18, 2) NOT NULL,
	"indebtedness" numeric(18, 2) NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_holder_financial_statements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_limit_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holder_limit_observations_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holder_limit_observations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"modality_id" integer,
	"limit_amount" numeric(18, 2),
	"rate" numeric(9, 6),
	"rating" text,
	"score" numeric(9, 2),
	"calculated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"calculated_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "policy_holder_limits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"address_name" text NOT NULL,
	"number" text,
	"complement" text,
	"neighborhood" text,
	"state_province_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holder_locations_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holder_locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_nominations" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"broker_id" integer NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"justification" text,
	"requested_by_user_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holder_nominations_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holder_nominations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holders" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"trade_name" text,
	"email" text,
	"phone" text,
	"cnae" text,
	"cnae_description" text,
	"founding_date" date,
	"annual_revenue" numeric(18, 2),
	"share_capital" numeric(18, 2),
	"website" text,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_restrictive_blocked" boolean DEFAULT false NOT NULL,
	"ignore_ccg_signature" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"economic_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holders_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "credit_rating_bands" ADD CONSTRAINT "credit_rating_bands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_score_parameters" ADD CONSTRAINT "credit_score_parameters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "economic_groups" ADD CONSTRAINT "economic_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_branches" ADD CONSTRAINT "policy_holder_branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_branches" ADD CONSTRAINT "policy_holder_branches_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_change_history" ADD CONSTRAINT "policy_holder_change_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_change_history" ADD CONSTRAINT "policy_holder_change_history_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ADD CONSTRAINT "policy_holder_exposures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ADD CONSTRAINT "policy_holder_exposures_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ADD CONSTRAINT "policy_holder_exposures_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_financial_statements" ADD CONSTRAINT "policy_holder_financial_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_financial_statements" ADD CONSTRAINT "policy_holder_financial_statements_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_limit_observations" ADD CONSTRAINT "policy_holder_limit_observations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_limit_observations" ADD CONSTRAINT "policy_holder_limit_observations_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_limits" ADD CONSTRAINT "policy_holder_limits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_limits" ADD CONSTRAINT "policy_holder_limits_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_limits" ADD CONSTRAINT "policy_holder_limits_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_locations" ADD CONSTRAINT "policy_holder_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_locations" ADD CONSTRAINT "policy_holder_locations_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_nominations" ADD CONSTRAINT "policy_holder_nominations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_nominations" ADD CONSTRAINT "policy_holder_nominations_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD CONSTRAINT "policy_holders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD CONSTRAINT "policy_holders_economic_group_id_economic_groups_id_fk" FOREIGN KEY ("economic_group_id") REFERENCES "public"."economic_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_rating_bands_company_rating_uq" ON "credit_rating_bands" USING btree ("company_id","rating");--> statement-breakpoint
CREATE UNIQUE INDEX "economic_groups_company_name_uq" ON "economic_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holder_branches_company_cnpj_uq" ON "policy_holder_branches" USING btree ("company_id","branch_cnpj");--> statement-breakpoint
CREATE INDEX "policy_holder_history_ph_idx" ON "policy_holder_change_history" USING btree ("policy_holder_id","changed_at");--> statement-breakpoint
CREATE INDEX "policy_holder_exposures_ph_idx" ON "policy_holder_exposures" USING btree ("policy_holder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holder_fin_statements_year_uq" ON "policy_holder_financial_statements" USING btree ("company_id","policy_holder_id","year");--> statement-breakpoint
CREATE INDEX "policy_holder_limit_obs_ph_idx" ON "policy_holder_limit_observations" USING btree ("policy_holder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holder_limits_ph_modality_uq" ON "policy_holder_limits" USING btree ("company_id","policy_holder_id",coalesce("modality_id", 0));--> statement-breakpoint
CREATE INDEX "policy_holder_locations_ph_idx" ON "policy_holder_locations" USING btree ("policy_holder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holder_nominations_open_uq" ON "policy_holder_nominations" USING btree ("company_id","policy_holder_id","broker_id") WHERE status_id in (1, 2);--> statement-breakpoint
CREATE INDEX "policy_holder_nominations_broker_idx" ON "policy_holder_nominations" USING btree ("company_id","broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holders_company_document_uq" ON "policy_holders" USING btree ("company_id","document");--> statement-breakpoint
CREATE INDEX "policy_holders_company_name_idx" ON "policy_holders" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "policy_holders_group_idx" ON "policy_holders" USING btree ("economic_group_id");--> statement-breakpoint
CREATE POLICY "credit_rating_bands_tenant_isolation" ON "credit_rating_bands" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "credit_score_parameters_tenant_isolation" ON "credit_score_parameters" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "economic_groups_tenant_isolation" ON "economic_groups" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_branches_tenant_isolation" ON "policy_holder_branches" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_change_history_tenant_isolation" ON "policy_holder_change_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_exposures_tenant_isolation" ON "policy_holder_exposures" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_financial_statements_tenant_isolation" ON "policy_holder_financial_statements" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_limit_observations_tenant_isolation" ON "policy_holder_limit_observations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_limits_tenant_isolation" ON "policy_holder_limits" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_locations_tenant_isolation" ON "policy_holder_locations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_nominations_tenant_isolation" ON "policy_holder_nominations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holders_tenant_isolation" ON "policy_holders" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);