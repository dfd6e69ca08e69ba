CREATE TABLE "issuance_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"policy_id" integer,
	"kind" text NOT NULL,
	"archive_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issuance_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"branch_code" text NOT NULL,
	"sequence" integer NOT NULL,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"proposal_id" integer NOT NULL,
	"proposal_unique_id" uuid NOT NULL,
	"proposal_number" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"modality_name" text NOT NULL,
	"modality_group_name" text NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"policy_holder_unique_id" uuid NOT NULL,
	"policy_holder_name" text NOT NULL,
	"policy_holder_document" text NOT NULL,
	"insured_id" integer,
	"insured_unique_id" uuid,
	"insured_name" text,
	"insured_document" text,
	"broker_id" integer NOT NULL,
	"broker_name" text NOT NULL,
	"broker_document" text NOT NULL,
	"broker_susep" text NOT NULL,
	"co_brokers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"object_text" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"deadline_days" integer NOT NULL,
	"insured_amount" numeric(18, 2) NOT NULL,
	"net_premium" numeric(18, 2),
	"insurance_premium" numeric(18, 2) NOT NULL,
	"comission_percentage" numeric(9, 6),
	"comission_value" numeric(18, 2),
	"tax" numeric(9, 6),
	"iof_value" numeric(18, 2),
	"total_premium" numeric(18, 2) NOT NULL,
	"number_of_installments" integer DEFAULT 1 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" integer,
	"document_archive_id" uuid,
	"document_sha256" text,
	"sro_deadline" date NOT NULL,
	"sro_status_id" smallint DEFAULT 1 NOT NULL,
	"sro_registered_at" timestamp with time zone,
	"sro_protocol" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policies_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_counters" (
	"company_id" integer NOT NULL,
	"branch_code" text NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "policy_counters_company_id_branch_code_pk" PRIMARY KEY("company_id","branch_code")
);
--> statement-breakpoint
ALTER TABLE "policy_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_installments" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"policy_id" integer,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"our_number" text NOT NULL,
	"provider_code" text NOT NULL,
	"barcode" text NOT NULL,
	"digitable_line" text NOT NULL,
	"pix_payload" text,
	"archive_id" uuid,
	"sha256" text,
	"paid_at" timestamp with time zone,
	"paid_amount" numeric(18, 2),
	"payment_source" text,
	"confirmed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_installments_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_installments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "archives" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "issuance_documents" ADD CONSTRAINT "issuance_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuance_documents" ADD CONSTRAINT "issuance_documents_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuance_documents" ADD CONSTRAINT "issuance_documents_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issuance_documents" ADD CONSTRAINT "issuance_documents_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_branch_id_param_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."param_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_insured_id_insureds_id_fk" FOREIGN KEY ("insured_id") REFERENCES "public"."insureds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_document_archive_id_archives_id_fk" FOREIGN KEY ("document_archive_id") REFERENCES "public"."archives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_counters" ADD CONSTRAINT "policy_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_installments" ADD CONSTRAINT "policy_installments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_installments" ADD CONSTRAINT "policy_installments_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_installments" ADD CONSTRAINT "policy_installments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_installments" ADD CONSTRAINT "policy_installments_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issuance_documents_proposal_idx" ON "issuance_documents" USING btree ("proposal_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_company_number_uq" ON "policies" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_proposal_uq" ON "policies" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "policies_company_status_idx" ON "policies" USING btree ("company_id","status_id");--> statement-breakpoint
CREATE INDEX "policies_company_sro_idx" ON "policies" USING btree ("company_id","sro_status_id","sro_deadline");--> statement-breakpoint
CREATE INDEX "policies_company_holder_idx" ON "policies" USING btree ("company_id","policy_holder_id");--> statement-breakpoint
CREATE INDEX "policies_company_broker_idx" ON "policies" USING btree ("company_id","broker_id");--> statement-breakpoint
CREATE INDEX "policies_company_insured_idx" ON "policies" USING btree ("company_id","insured_id");--> statement-breakpoint
CREATE INDEX "policies_company_issued_idx" ON "policies" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_installments_proposal_number_uq" ON "policy_installments" USING btree ("proposal_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_installments_company_our_number_uq" ON "policy_installments" USING btree ("company_id","our_number");--> statement-breakpoint
CREATE INDEX "policy_installments_company_status_due_idx" ON "policy_installments" USING btree ("company_id","status_id","due_date");--> statement-breakpoint
CREATE INDEX "policy_installments_policy_idx" ON "policy_installments" USING btree ("policy_id");--> statement-breakpoint
CREATE POLICY "issuance_documents_tenant_isolation" ON "issuance_documents" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policies_tenant_isolation" ON "policies" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_counters_tenant_isolation" ON "policy_counters" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_installments_tenant_isolation" ON "policy_installments" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);