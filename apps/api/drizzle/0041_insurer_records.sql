CREATE TABLE "insurer_records" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text,
	"cnpj" text,
	"susep_code" text,
	"zip_code" text,
	"address_name" text,
	"number" text,
	"complement" text,
	"neighborhood" text,
	"state_province_id" integer,
	"city_id" integer,
	"susep_processes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bank_code" text,
	"bank_name" text,
	"bank_agency" text,
	"bank_account" text,
	"bank_wallet" text,
	"pix_key" text,
	"sac_phone" text,
	"ouvidoria_phone" text,
	"ouvidoria_email" text,
	"site" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurer_records" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "insurer_records" ADD CONSTRAINT "insurer_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "insurer_records_tenant_isolation" ON "insurer_records" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);