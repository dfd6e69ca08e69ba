CREATE TABLE "pep_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"masked_cpf" text NOT NULL,
	"cpf_digits" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"organ" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date,
	"import_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pep_list_entries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "qsa_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"cpf" text NOT NULL,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qsa_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "proposal_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"proposal_id" integer NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"passed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"waiting_engine" smallint,
	"waiting_card_type" text,
	"waiting_card_ref" text,
	"started_once" boolean DEFAULT false NOT NULL,
	"cession_plan" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_analyses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reinsurance_retentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" integer,
	"retention" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reinsurance_retentions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD COLUMN "outcome" text DEFAULT 'APROVADO' NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD COLUMN "inputs" jsonb;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD COLUMN "card_type" text;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_engine_logs" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "pep_list_entries" ADD CONSTRAINT "pep_list_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qsa_members" ADD CONSTRAINT "qsa_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_analyses" ADD CONSTRAINT "proposal_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_analyses" ADD CONSTRAINT "proposal_analyses_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinsurance_retentions" ADD CONSTRAINT "reinsurance_retentions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinsurance_retentions" ADD CONSTRAINT "reinsurance_retentions_branch_id_param_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."param_branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pep_list_entries_digits_idx" ON "pep_list_entries" USING btree ("company_id","cpf_digits");--> statement-breakpoint
CREATE INDEX "qsa_members_owner_idx" ON "qsa_members" USING btree ("company_id","owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_analyses_proposal_uq" ON "proposal_analyses" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "proposal_analyses_waiting_idx" ON "proposal_analyses" USING btree ("company_id","waiting_card_type","waiting_card_ref");--> statement-breakpoint
CREATE INDEX "reinsurance_retentions_company_idx" ON "reinsurance_retentions" USING btree ("company_id","branch_id");--> statement-breakpoint
CREATE POLICY "pep_list_entries_tenant_isolation" ON "pep_list_entries" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "qsa_members_tenant_isolation" ON "qsa_members" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "proposal_analyses_tenant_isolation" ON "proposal_analyses" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "reinsurance_retentions_tenant_isolation" ON "reinsurance_retentions" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);