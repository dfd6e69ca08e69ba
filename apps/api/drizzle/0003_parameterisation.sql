CREATE TABLE "cnae_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"cnae" text NOT NULL,
	"description" text NOT NULL,
	"rate" numeric(9, 6) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cnae_rates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "complementary_modalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"complementary_modality_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complementary_modalities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "contractual_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"term_type" integer NOT NULL,
	"branch_id" integer,
	"modality_id" integer,
	"coverage_id" integer,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractual_terms_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "contractual_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_additional" boolean DEFAULT false NOT NULL,
	"insured_amount_percentage" numeric(9, 6) DEFAULT '100' NOT NULL,
	"rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverages_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "coverages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "installment_modality_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"installment_parameter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "installment_modality_parameters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "installment_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"minimum_installment_value" numeric(18, 2) NOT NULL,
	"maximum_installments" integer NOT NULL,
	"grace_periods_in_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_methods" jsonb DEFAULT '["boleto"]'::jsonb NOT NULL,
	"first_due_days" integer DEFAULT 5 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installment_parameters_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "installment_parameters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "modalities" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"susep_code" text,
	"max_insured_amount" numeric(18, 2),
	"min_insured_amount" numeric(18, 2),
	"automatic_approval_limit" numeric(18, 2),
	"min_premium" numeric(18, 2) DEFAULT '0' NOT NULL,
	"default_rate" numeric(9, 6),
	"min_commission_percentage" numeric(9, 6) DEFAULT '0' NOT NULL,
	"max_commission_percentage" numeric(9, 6) DEFAULT '30' NOT NULL,
	"retroactive_days" integer DEFAULT 0 NOT NULL,
	"future_days" integer DEFAULT 0 NOT NULL,
	"min_period_days" integer DEFAULT 1 NOT NULL,
	"max_period_days" integer DEFAULT 1825 NOT NULL,
	"is_complementary" boolean DEFAULT false NOT NULL,
	"automatic_cancel" boolean DEFAULT false NOT NULL,
	"days_after_due_date" integer,
	"can_have_beneficiary_pf" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modalities_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "modalities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "modality_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modality_groups_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "modality_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "param_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'surety' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"iof_rate" numeric(9, 6) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "param_branches" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parameter_request_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"request_document_type_id" integer NOT NULL,
	"pipe_type_id" integer NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parameter_request_documents_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "parameter_request_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parameterisation_change_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"modality_id" integer,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by_user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parameterisation_change_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "parameterisation_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"percentage_limit_premium_relation_insured_amount" numeric(9, 6) DEFAULT '10' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parameterisation_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "particular_clauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "particular_clauses_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "particular_clauses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cnae_rates" ADD CONSTRAINT "cnae_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cnae_rates" ADD CONSTRAINT "cnae_rates_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementary_modalities" ADD CONSTRAINT "complementary_modalities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementary_modalities" ADD CONSTRAINT "complementary_modalities_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complementary_modalities" ADD CONSTRAINT "complementary_modalities_complementary_modality_id_modalities_id_fk" FOREIGN KEY ("complementary_modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractual_terms" ADD CONSTRAINT "contractual_terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractual_terms" ADD CONSTRAINT "contractual_terms_branch_id_param_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."param_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractual_terms" ADD CONSTRAINT "contractual_terms_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractual_terms" ADD CONSTRAINT "contractual_terms_coverage_id_coverages_id_fk" FOREIGN KEY ("coverage_id") REFERENCES "public"."coverages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverages" ADD CONSTRAINT "coverages_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_modality_parameters" ADD CONSTRAINT "installment_modality_parameters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_modality_parameters" ADD CONSTRAINT "installment_modality_parameters_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_modality_parameters" ADD CONSTRAINT "installment_modality_parameters_installment_parameter_id_installment_parameters_id_fk" FOREIGN KEY ("installment_parameter_id") REFERENCES "public"."installment_parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_parameters" ADD CONSTRAINT "installment_parameters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modalities" ADD CONSTRAINT "modalities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modalities" ADD CONSTRAINT "modalities_branch_id_param_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."param_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modalities" ADD CONSTRAINT "modalities_group_id_modality_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."modality_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modality_groups" ADD CONSTRAINT "modality_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modality_groups" ADD CONSTRAINT "modality_groups_branch_id_param_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."param_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "param_branches" ADD CONSTRAINT "param_branches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_request_documents" ADD CONSTRAINT "parameter_request_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_request_documents" ADD CONSTRAINT "parameter_request_documents_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameterisation_change_history" ADD CONSTRAINT "parameterisation_change_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameterisation_settings" ADD CONSTRAINT "parameterisation_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "particular_clauses" ADD CONSTRAINT "particular_clauses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "particular_clauses" ADD CONSTRAINT "particular_clauses_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cnae_rates_modality_cnae_uq" ON "cnae_rates" USING btree ("company_id","modality_id","cnae");--> statement-breakpoint
CREATE UNIQUE INDEX "complementary_modalities_pair_uq" ON "complementary_modalities" USING btree ("company_id","modality_id","complementary_modality_id");--> statement-breakpoint
CREATE INDEX "contractual_terms_modality_idx" ON "contractual_terms" USING btree ("company_id","modality_id","term_type");--> statement-breakpoint
CREATE INDEX "coverages_modality_idx" ON "coverages" USING btree ("modality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "installment_modality_parameters_modality_uq" ON "installment_modality_parameters" USING btree ("company_id","modality_id");--> statement-breakpoint
CREATE UNIQUE INDEX "installment_parameters_company_code_uq" ON "installment_parameters" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "modalities_company_branch_name_uq" ON "modalities" USING btree ("company_id","branch_id","name");--> statement-breakpoint
CREATE INDEX "modalities_group_idx" ON "modalities" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "modality_groups_company_branch_name_uq" ON "modality_groups" USING btree ("company_id","branch_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "param_branches_company_code_uq" ON "param_branches" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "parameter_request_documents_modality_idx" ON "parameter_request_documents" USING btree ("modality_id");--> statement-breakpoint
CREATE INDEX "parameterisation_change_history_modality_idx" ON "parameterisation_change_history" USING btree ("company_id","modality_id");--> statement-breakpoint
CREATE INDEX "parameterisation_change_history_entity_idx" ON "parameterisation_change_history" USING btree ("company_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "particular_clauses_modality_idx" ON "particular_clauses" USING btree ("modality_id");--> statement-breakpoint
CREATE POLICY "cnae_rates_tenant_isolation" ON "cnae_rates" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "complementary_modalities_tenant_isolation" ON "complementary_modalities" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "contractual_terms_tenant_isolation" ON "contractual_terms" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "coverages_tenant_isolation" ON "coverages" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "installment_modality_parameters_tenant_isolation" ON "installment_modality_parameters" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "installment_parameters_tenant_isolation" ON "installment_parameters" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "modalities_tenant_isolation" ON "modalities" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "modality_groups_tenant_isolation" ON "modality_groups" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "param_branches_tenant_isolation" ON "param_branches" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "parameter_request_documents_tenant_isolation" ON "parameter_request_documents" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "parameterisation_change_history_tenant_isolation" ON "parameterisation_change_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "parameterisation_settings_tenant_isolation" ON "parameterisation_settings" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "particular_clauses_tenant_isolation" ON "particular_clauses" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);