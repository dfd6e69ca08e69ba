CREATE TABLE "archives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"extension" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"relative_path" text NOT NULL,
	"container" text NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archives" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_key" text NOT NULL,
	"kanban_service_url" text,
	"maintenance" boolean DEFAULT false NOT NULL,
	"warn_maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_message" text,
	"primary_color" text DEFAULT '#0e65a5' NOT NULL,
	"success_color" text DEFAULT '#28C76F' NOT NULL,
	"danger_color" text DEFAULT '#EA5455' NOT NULL,
	"warning_color" text DEFAULT '#FF9F43' NOT NULL,
	"line_color" text DEFAULT '#ff9f43' NOT NULL,
	"font" text DEFAULT 'Montserrat' NOT NULL,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_company_key_unique" UNIQUE("company_key")
);
--> statement-breakpoint
CREATE TABLE "company_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "archives" ADD CONSTRAINT "archives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_hosts" ADD CONSTRAINT "company_hosts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archives_company_idx" ON "archives" USING btree ("company_id");--> statement-breakpoint
CREATE POLICY "archives_tenant_isolation" ON "archives" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);