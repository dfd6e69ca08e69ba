CREATE TABLE "company_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_tags" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"grants" text[] NOT NULL,
	"access_token_seconds" integer DEFAULT 900 NOT NULL,
	"refresh_token_seconds" integer DEFAULT 1209600 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "password_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"actor_user_id" integer,
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "term_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"ip_address" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "term_acceptances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "terms_of_use" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"version" integer NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terms_of_use" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "advisor_brokers" (
	"company_id" integer NOT NULL,
	"advisor_user_id" integer NOT NULL,
	"broker_user_id" integer NOT NULL,
	CONSTRAINT "advisor_brokers_advisor_user_id_broker_user_id_pk" PRIMARY KEY("advisor_user_id","broker_user_id")
);
--> statement-breakpoint
ALTER TABLE "advisor_brokers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "company_menus" (
	"company_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "company_menus_company_id_menu_id_pk" PRIMARY KEY("company_id","menu_id")
);
--> statement-breakpoint
ALTER TABLE "company_menus" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "menu_functionalities" (
	"id" integer PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"name" text NOT NULL,
	"ref_unique_id" uuid,
	"user_type_ids" smallint[] DEFAULT '{}'::smallint[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"default_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_api_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"document" text NOT NULL,
	"provider" text NOT NULL,
	"query_type" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_api_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"document" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "persons" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "profile_functionalities" (
	"company_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"functionality_id" integer NOT NULL,
	CONSTRAINT "profile_functionalities_profile_id_functionality_id_pk" PRIMARY KEY("profile_id","functionality_id")
);
--> statement-breakpoint
ALTER TABLE "profile_functionalities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"user_type_id" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"user_type_id" smallint NOT NULL,
	"profile_id" integer,
	"broker_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "company_tags" ADD CONSTRAINT "company_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD CONSTRAINT "password_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_acceptances" ADD CONSTRAINT "term_acceptances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_acceptances" ADD CONSTRAINT "term_acceptances_term_id_terms_of_use_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms_of_use"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_acceptances" ADD CONSTRAINT "term_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_of_use" ADD CONSTRAINT "terms_of_use_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_brokers" ADD CONSTRAINT "advisor_brokers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_brokers" ADD CONSTRAINT "advisor_brokers_advisor_user_id_users_id_fk" FOREIGN KEY ("advisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_brokers" ADD CONSTRAINT "advisor_brokers_broker_user_id_users_id_fk" FOREIGN KEY ("broker_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_menus" ADD CONSTRAINT "company_menus_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_menus" ADD CONSTRAINT "company_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_functionalities" ADD CONSTRAINT "menu_functionalities_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_api_history" ADD CONSTRAINT "person_api_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_api_history" ADD CONSTRAINT "person_api_history_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_functionalities" ADD CONSTRAINT "profile_functionalities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_functionalities" ADD CONSTRAINT "profile_functionalities_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_functionalities" ADD CONSTRAINT "profile_functionalities_functionality_id_menu_functionalities_id_fk" FOREIGN KEY ("functionality_id") REFERENCES "public"."menu_functionalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_tags_company_name_idx" ON "company_tags" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_company_client_idx" ON "oauth_clients" USING btree ("company_id","client_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "term_acceptances_user_term_idx" ON "term_acceptances" USING btree ("user_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_company_version_idx" ON "terms_of_use" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "person_api_history_doc_idx" ON "person_api_history" USING btree ("company_id","document");--> statement-breakpoint
CREATE INDEX "persons_company_document_idx" ON "persons" USING btree ("company_id","document");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_company_type_name_idx" ON "profiles" USING btree ("company_id","user_type_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_username_idx" ON "users" USING btree ("company_id",lower("username"));--> statement-breakpoint
CREATE INDEX "users_profile_idx" ON "users" USING btree ("profile_id");--> statement-breakpoint
CREATE POLICY "company_tags_tenant_isolation" ON "company_tags" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "oauth_clients_tenant_isolation" ON "oauth_clients" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "password_tokens_tenant_isolation" ON "password_tokens" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "refresh_tokens_tenant_isolation" ON "refresh_tokens" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "term_acceptances_tenant_isolation" ON "term_acceptances" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "terms_of_use_tenant_isolation" ON "terms_of_use" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "advisor_brokers_tenant_isolation" ON "advisor_brokers" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "company_menus_tenant_isolation" ON "company_menus" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "person_api_history_tenant_isolation" ON "person_api_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "persons_tenant_isolation" ON "persons" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "profile_functionalities_tenant_isolation" ON "profile_functionalities" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "profiles_tenant_isolation" ON "profiles" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "users_tenant_isolation" ON "users" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);