CREATE TABLE "sro_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"policy_unique_id" uuid,
	"policy_number" text NOT NULL,
	"event_type" text NOT NULL,
	"event_key" text NOT NULL,
	"event_day" date NOT NULL,
	"deadline" date NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"payload" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"send_count" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"protocol" text,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"manual" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sro_registrations_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "sro_registrations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sro_registrations" ADD CONSTRAINT "sro_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sro_registrations_event_uq" ON "sro_registrations" USING btree ("company_id","event_key");--> statement-breakpoint
CREATE INDEX "sro_registrations_status_idx" ON "sro_registrations" USING btree ("company_id","status_id","deadline");--> statement-breakpoint
CREATE INDEX "sro_registrations_policy_idx" ON "sro_registrations" USING btree ("company_id","policy_id","id");--> statement-breakpoint
CREATE POLICY "sro_registrations_tenant_isolation" ON "sro_registrations" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);