CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"is_natural_person" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiaries_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "beneficiary_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"address_name" text NOT NULL,
	"number" text,
	"complement" text,
	"neighborhood" text,
	"state_province_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"is_main" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beneficiary_locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insured_change_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"insured_id" integer NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insured_change_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insured_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"insured_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"address_name" text NOT NULL,
	"number" text,
	"complement" text,
	"neighborhood" text,
	"state_province_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insured_locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "insureds" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"block_justification" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insureds_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "insureds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_locations" ADD CONSTRAINT "beneficiary_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beneficiary_locations" ADD CONSTRAINT "beneficiary_locations_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_change_history" ADD CONSTRAINT "insured_change_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_change_history" ADD CONSTRAINT "insured_change_history_insured_id_insureds_id_fk" FOREIGN KEY ("insured_id") REFERENCES "public"."insureds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_locations" ADD CONSTRAINT "insured_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_locations" ADD CONSTRAINT "insured_locations_insured_id_insureds_id_fk" FOREIGN KEY ("insured_id") REFERENCES "public"."insureds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insureds" ADD CONSTRAINT "insureds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_company_document_idx" ON "beneficiaries" USING btree ("company_id","document");--> statement-breakpoint
CREATE INDEX "beneficiary_locations_idx" ON "beneficiary_locations" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE INDEX "insured_history_insured_idx" ON "insured_change_history" USING btree ("insured_id");--> statement-breakpoint
CREATE INDEX "insured_locations_insured_idx" ON "insured_locations" USING btree ("insured_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insureds_company_document_idx" ON "insureds" USING btree ("company_id","document");--> statement-breakpoint
CREATE POLICY "beneficiaries_tenant_isolation" ON "beneficiaries" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "beneficiary_locations_tenant_isolation" ON "beneficiary_locations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "insured_change_history_tenant_isolation" ON "insured_change_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "insured_locations_tenant_isolation" ON "insured_locations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "insureds_tenant_isolation" ON "insureds" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);