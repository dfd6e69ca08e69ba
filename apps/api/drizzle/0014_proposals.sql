CREATE TABLE "proposal_beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_beneficiaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_co_brokers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"broker_id" integer NOT NULL,
	"broker_unique_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"susep" text NOT NULL,
	"commission_type_id" smallint NOT NULL,
	"leader" boolean DEFAULT false NOT NULL,
	"participation" numeric(9, 6) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_co_brokers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_coverage_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"coverage_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_additional" boolean NOT NULL,
	"insured_amount" numeric(18, 2) NOT NULL,
	"rate" numeric(9, 6) NOT NULL,
	"net_value" numeric(18, 2),
	"franchise_type_id" smallint,
	"franchise_percent" numeric(9, 6),
	"franchise_value_start" numeric(18, 2),
	"franchise_value_end" numeric(18, 2),
	"franchise_days" integer,
	"franchise_require_insured_participation" boolean DEFAULT false NOT NULL,
	"special_clause" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_coverage_limits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_engine_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"engine_type_id" smallint NOT NULL,
	"approved" boolean NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"description" text NOT NULL,
	"contract_number" text,
	"contract_value" numeric(18, 2),
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_objects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"text" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_observations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_package_coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"modality_name" text NOT NULL,
	"insured_amount" numeric(18, 2) NOT NULL,
	"rate" numeric(9, 6) NOT NULL,
	"net_value" numeric(18, 2)
);
--> statement-breakpoint
ALTER TABLE "proposal_package_coverages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_particular_clauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"particular_clause_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_particular_clauses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_qars" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"qar_item_id" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"value" numeric(18, 2)
);
--> statement-breakpoint
ALTER TABLE "proposal_qars" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_timeline" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"group_id" smallint NOT NULL,
	"situation_id" smallint NOT NULL,
	"timeline_status_id" smallint NOT NULL,
	"proposal_status_id" smallint NOT NULL,
	"description" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_timeline" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status_id" smallint DEFAULT 8 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"kind" text DEFAULT 'surety' NOT NULL,
	"broker_id" integer NOT NULL,
	"broker_unique_id" uuid NOT NULL,
	"broker_name" text NOT NULL,
	"broker_document" text NOT NULL,
	"broker_susep" text NOT NULL,
	"advisor_user_id" integer,
	"policy_holder_id" integer NOT NULL,
	"policy_holder_unique_id" uuid NOT NULL,
	"policy_holder_name" text NOT NULL,
	"policy_holder_document" text NOT NULL,
	"policy_holder_branch_id" integer,
	"insured_id" integer,
	"insured_unique_id" uuid,
	"insured_name" text,
	"insured_document" text,
	"insured_location_id" integer,
	"branch_id" integer NOT NULL,
	"branch_code" text NOT NULL,
	"modality_id" integer NOT NULL,
	"modality_name" text NOT NULL,
	"modality_group_id" integer NOT NULL,
	"modality_group_name" text NOT NULL,
	"proposal_type_id" smallint,
	"experience_type_id" smallint,
	"start_date" date,
	"end_date" date,
	"deadline_days" integer,
	"insured_amount" numeric(18, 2),
	"comission_percentage" numeric(9, 6),
	"comission_value" numeric(18, 2),
	"policy_holder_rate" numeric(9, 6),
	"rate_source" text,
	"pure_rate" numeric(9, 6),
	"special_loading" numeric(9, 6) DEFAULT '0' NOT NULL,
	"loss_history" numeric(9, 6) DEFAULT '0' NOT NULL,
	"net_premium" numeric(18, 2),
	"insurance_premium" numeric(18, 2),
	"tax" numeric(9, 6),
	"iof_rate" numeric(9, 6),
	"iof_value" numeric(18, 2),
	"total_premium" numeric(18, 2),
	"min_insurance_premium" numeric(18, 2),
	"minimum_applied" boolean DEFAULT false NOT NULL,
	"calculate_per_risk_rate" boolean DEFAULT false NOT NULL,
	"number_of_installment" integer,
	"grace_period" integer,
	"first_comission_value" numeric(18, 2),
	"first_comission_percentage" numeric(9, 6),
	"first_tax" numeric(9, 6),
	"first_insurance_premium" numeric(18, 2),
	"calculation_error" text,
	"calculated_at" timestamp with time zone,
	"risk_baseline" jsonb,
	"qar_group" text,
	"special_clause" text,
	"building" numeric(18, 2),
	"content" numeric(18, 2),
	"billing" numeric(18, 2),
	"mmu" numeric(18, 2),
	"mmp" numeric(18, 2),
	"lost_profit" numeric(18, 2),
	"lost_profit_period" integer,
	"cnae_rate_id" integer,
	"cnae" text,
	"cnae_description" text,
	"cnae_rate" numeric(9, 6),
	"lmi_type_id" smallint,
	"contract_type_id" smallint,
	"activity_type_id" smallint,
	"building_type_id" smallint,
	"property_type_id" smallint,
	"property_classification_type_id" smallint,
	"obligation_type_id" smallint,
	"obligation_tier_id" smallint,
	"obligation_value" numeric(18, 2),
	"commission_disclosure_at" timestamp with time zone,
	"commission_disclosure_by_user_id" integer,
	"commission_disclosure_text" text,
	"analysis_started_at" timestamp with time zone,
	"clock_paused_seconds" integer DEFAULT 0 NOT NULL,
	"clock_paused_since" timestamp with time zone,
	"clock_stopped_at" timestamp with time zone,
	"created_by_user_id" integer,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "proposals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "proposal_beneficiaries" ADD CONSTRAINT "proposal_beneficiaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_beneficiaries" ADD CONSTRAINT "proposal_beneficiaries_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_beneficiaries" ADD CONSTRAINT "proposal_beneficiaries_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_co_brokers" ADD CONSTRAINT "proposal_co_brokers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_co_brokers" ADD CONSTRAINT "proposal_co_brokers_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_co_brokers" ADD CONSTRAINT "proposal_co_brokers_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_counters" ADD CONSTRAINT "proposal_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_coverage_limits" ADD CONSTRAINT "proposal_coverage_limits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_coverage_limits" ADD CONSTRAINT "proposal_coverage_limits_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_coverage_limits" ADD CONSTRAINT "proposal_coverage_limits_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD CONSTRAINT "proposal_engine_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD CONSTRAINT "proposal_engine_logs_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_objects" ADD CONSTRAINT "proposal_objects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_objects" ADD CONSTRAINT "proposal_objects_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_observations" ADD CONSTRAINT "proposal_observations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_observations" ADD CONSTRAINT "proposal_observations_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_package_coverages" ADD CONSTRAINT "proposal_package_coverages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_package_coverages" ADD CONSTRAINT "proposal_package_coverages_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_package_coverages" ADD CONSTRAINT "proposal_package_coverages_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_particular_clauses" ADD CONSTRAINT "proposal_particular_clauses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_particular_clauses" ADD CONSTRAINT "proposal_particular_clauses_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_particular_clauses" ADD CONSTRAINT "proposal_particular_clauses_particular_clause_id_particular_clauses_id_fk" FOREIGN KEY ("particular_clause_id") REFERENCES "public"."particular_clauses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_qars" ADD CONSTRAINT "proposal_qars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_qars" ADD CONSTRAINT "proposal_qars_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_timeline" ADD CONSTRAINT "proposal_timeline_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_timeline" ADD CONSTRAINT "proposal_timeline_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_policy_holder_branch_id_policy_holder_branches_id_fk" FOREIGN KEY ("policy_holder_branch_id") REFERENCES "public"."policy_holder_branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_insured_id_insureds_id_fk" FOREIGN KEY ("insured_id") REFERENCES "public"."insureds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_insured_location_id_insured_locations_id_fk" FOREIGN KEY ("insured_location_id") REFERENCES "public"."insured_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_branch_id_param_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."param_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_cnae_rate_id_cnae_rates_id_fk" FOREIGN KEY ("cnae_rate_id") REFERENCES "public"."cnae_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_beneficiaries_idx" ON "proposal_beneficiaries" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_co_brokers_uq" ON "proposal_co_brokers" USING btree ("proposal_id","broker_id");--> statement-breakpoint
CREATE INDEX "proposal_co_brokers_broker_idx" ON "proposal_co_brokers" USING btree ("company_id","broker_id");--> statement-breakpoint
CREATE INDEX "proposal_coverage_limits_idx" ON "proposal_coverage_limits" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_engine_logs_idx" ON "proposal_engine_logs" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_objects_idx" ON "proposal_objects" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_observations_idx" ON "proposal_observations" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_package_coverages_idx" ON "proposal_package_coverages" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_particular_clauses_idx" ON "proposal_particular_clauses" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_qars_idx" ON "proposal_qars" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_timeline_idx" ON "proposal_timeline" USING btree ("proposal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_company_number_uq" ON "proposals" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "proposals_company_broker_idx" ON "proposals" USING btree ("company_id","broker_id");--> statement-breakpoint
CREATE INDEX "proposals_company_holder_idx" ON "proposals" USING btree ("company_id","policy_holder_id");--> statement-breakpoint
CREATE INDEX "proposals_company_status_idx" ON "proposals" USING btree ("company_id","status_id");--> statement-breakpoint
CREATE INDEX "proposals_company_created_idx" ON "proposals" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE POLICY "proposal_beneficiaries_tenant_isolation" ON "proposal_beneficiaries" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_co_brokers_tenant_isolation" ON "proposal_co_brokers" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_counters_tenant_isolation" ON "proposal_counters" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_coverage_limits_tenant_isolation" ON "proposal_coverage_limits" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_engine_logs_tenant_isolation" ON "proposal_engine_logs" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_objects_tenant_isolation" ON "proposal_objects" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_observations_tenant_isolation" ON "proposal_observations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_package_coverages_tenant_isolation" ON "proposal_package_coverages" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_particular_clauses_tenant_isolation" ON "proposal_particular_clauses" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_qars_tenant_isolation" ON "proposal_qars" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_timeline_tenant_isolation" ON "proposal_timeline" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposals_tenant_isolation" ON "proposals" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);