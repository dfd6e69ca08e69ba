CREATE TABLE "endorsements" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"number" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"reason_id" smallint NOT NULL,
	"change_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"effective_date" date NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"premium_kind" text DEFAULT 'none' NOT NULL,
	"tax" numeric(9, 6) NOT NULL,
	"extra_premium" numeric(18, 2) DEFAULT '0' NOT NULL,
	"iof_value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"commission_on_extra" numeric(18, 2) DEFAULT '0' NOT NULL,
	"unearned_premium" numeric(18, 2) DEFAULT '0' NOT NULL,
	"acquisition_cost_percentage" numeric(9, 6) DEFAULT '0' NOT NULL,
	"acquisition_costs_kept" numeric(18, 2) DEFAULT '0' NOT NULL,
	"restitution" numeric(18, 2) DEFAULT '0' NOT NULL,
	"commission_returned" numeric(18, 2) DEFAULT '0' NOT NULL,
	"current_insurance_premium" numeric(18, 2) NOT NULL,
	"new_insurance_premium" numeric(18, 2) NOT NULL,
	"new_comission_value" numeric(18, 2) DEFAULT '0' NOT NULL,
	"remaining_days" integer DEFAULT 0 NOT NULL,
	"new_remaining_days" integer DEFAULT 0 NOT NULL,
	"restore_insurance_premium" boolean DEFAULT true NOT NULL,
	"request_premium_review" boolean DEFAULT false NOT NULL,
	"premium_review_justification" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requested_by_user_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"document_archive_id" uuid,
	"document_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endorsements_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "endorsements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_document_archive_id_archives_id_fk" FOREIGN KEY ("document_archive_id") REFERENCES "public"."archives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endorsements_company_policy_idx" ON "endorsements" USING btree ("company_id","policy_id","id");--> statement-breakpoint
CREATE INDEX "endorsements_company_status_idx" ON "endorsements" USING btree ("company_id","status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "endorsements_policy_number_uq" ON "endorsements" USING btree ("policy_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "endorsements_policy_open_uq" ON "endorsements" USING btree ("policy_id") WHERE status_id in (2, 3);--> statement-breakpoint
CREATE POLICY "endorsements_tenant_isolation" ON "endorsements" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);