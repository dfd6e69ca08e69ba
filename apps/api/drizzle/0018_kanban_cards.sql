CREATE TABLE "kanban_card_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"card_type" text NOT NULL,
	"card_ref" text NOT NULL,
	"text" text NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"from_insurer" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kanban_card_observations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_ccg_signatories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ccg_id" integer NOT NULL,
	"name" text NOT NULL,
	"cpf" text NOT NULL,
	"email" text,
	"role_id" smallint NOT NULL,
	"married" boolean DEFAULT false NOT NULL,
	"spouse_of_cpf" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_holder_ccg_signatories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "policy_holder_ccgs" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_holder_id" integer NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"broker_id" integer,
	"created_by_user_id" integer,
	"justification" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_holder_ccgs_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "policy_holder_ccgs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD COLUMN "branch_activity_status_id" smallint;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD COLUMN "branch_activity_cnae" text;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD COLUMN "branch_activity_justification" text;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD COLUMN "branch_activity_decided_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "policy_holders" ADD COLUMN "branch_activity_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "kanban_card_observations" ADD CONSTRAINT "kanban_card_observations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_ccg_signatories" ADD CONSTRAINT "policy_holder_ccg_signatories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_ccg_signatories" ADD CONSTRAINT "policy_holder_ccg_signatories_ccg_id_policy_holder_ccgs_id_fk" FOREIGN KEY ("ccg_id") REFERENCES "public"."policy_holder_ccgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_ccgs" ADD CONSTRAINT "policy_holder_ccgs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_holder_ccgs" ADD CONSTRAINT "policy_holder_ccgs_policy_holder_id_policy_holders_id_fk" FOREIGN KEY ("policy_holder_id") REFERENCES "public"."policy_holders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kanban_card_observations_card_idx" ON "kanban_card_observations" USING btree ("company_id","card_type","card_ref");--> statement-breakpoint
CREATE INDEX "policy_holder_ccg_signatories_ccg_idx" ON "policy_holder_ccg_signatories" USING btree ("company_id","ccg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_holder_ccgs_open_uq" ON "policy_holder_ccgs" USING btree ("company_id","policy_holder_id") WHERE status_id <> 4;--> statement-breakpoint
CREATE POLICY "kanban_card_observations_tenant_isolation" ON "kanban_card_observations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_ccg_signatories_tenant_isolation" ON "policy_holder_ccg_signatories" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "policy_holder_ccgs_tenant_isolation" ON "policy_holder_ccgs" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);