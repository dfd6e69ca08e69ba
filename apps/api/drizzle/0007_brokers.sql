CREATE TABLE "broker_change_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"broker_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broker_change_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "broker_commissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"broker_id" integer NOT NULL,
	"modality_id" integer NOT NULL,
	"min_percentage" numeric(9, 6) NOT NULL,
	"max_percentage" numeric(9, 6) NOT NULL,
	"default_percentage" numeric(9, 6),
	CONSTRAINT "broker_commissions_range_chk" CHECK ("broker_commissions"."min_percentage" <= "broker_commissions"."max_percentage")
);
--> statement-breakpoint
ALTER TABLE "broker_commissions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "broker_registration_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"cnpj" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"broker_id" integer,
	"request_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "broker_registration_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "broker_responsible_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"broker_id" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"name" text NOT NULL,
	"cpf" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "broker_responsible_persons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "brokers" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"cnpj" text NOT NULL,
	"trade_name" text,
	"susep_protocol" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"zip_code" text,
	"address_name" text,
	"number" text,
	"complement" text,
	"neighborhood" text,
	"state_province_id" integer,
	"city_id" integer,
	"bank_id" integer,
	"bank_agency" text,
	"bank_account" text,
	"bank_account_type_id" smallint,
	"comission_percentage" numeric(9, 6) DEFAULT '20' NOT NULL,
	"waiting_validation" boolean DEFAULT true NOT NULL,
	"has_pending_documents" boolean DEFAULT true NOT NULL,
	"has_pending_compliance_validation" boolean DEFAULT true NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brokers_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "brokers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "broker_change_history" ADD CONSTRAINT "broker_change_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_change_history" ADD CONSTRAINT "broker_change_history_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_change_history" ADD CONSTRAINT "broker_change_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_commissions" ADD CONSTRAINT "broker_commissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_commissions" ADD CONSTRAINT "broker_commissions_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_commissions" ADD CONSTRAINT "broker_commissions_modality_id_modalities_id_fk" FOREIGN KEY ("modality_id") REFERENCES "public"."modalities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_registration_requests" ADD CONSTRAINT "broker_registration_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_registration_requests" ADD CONSTRAINT "broker_registration_requests_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_responsible_persons" ADD CONSTRAINT "broker_responsible_persons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broker_responsible_persons" ADD CONSTRAINT "broker_responsible_persons_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broker_change_history_broker_idx" ON "broker_change_history" USING btree ("broker_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_commissions_broker_modality_idx" ON "broker_commissions" USING btree ("broker_id","modality_id");--> statement-breakpoint
CREATE INDEX "broker_registration_requests_cnpj_idx" ON "broker_registration_requests" USING btree ("company_id","cnpj");--> statement-breakpoint
CREATE UNIQUE INDEX "broker_registration_requests_token_idx" ON "broker_registration_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "broker_responsible_persons_broker_idx" ON "broker_responsible_persons" USING btree ("broker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_company_cnpj_idx" ON "brokers" USING btree ("company_id","cnpj");--> statement-breakpoint
CREATE INDEX "brokers_company_name_idx" ON "brokers" USING btree ("company_id","waiting_validation");--> statement-breakpoint
CREATE POLICY "broker_change_history_tenant_isolation" ON "broker_change_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "broker_commissions_tenant_isolation" ON "broker_commissions" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "broker_registration_requests_tenant_isolation" ON "broker_registration_requests" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "broker_responsible_persons_tenant_isolation" ON "broker_responsible_persons" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "brokers_tenant_isolation" ON "brokers" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);