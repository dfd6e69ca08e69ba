CREATE TABLE "request_document_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_document_id" integer NOT NULL,
	"archive_id" uuid NOT NULL,
	"uploaded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_document_archives" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "request_document_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"request_document_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status_id" smallint,
	"to_status_id" smallint,
	"detail" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_document_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "request_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"unique_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"type_id" smallint NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"status_id" smallint DEFAULT 2 NOT NULL,
	"created_by_insurer" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"review_note" text,
	"reviewed_by_user_id" integer,
	"reviewed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_documents_unique_id_unique" UNIQUE("unique_id")
);
--> statement-breakpoint
ALTER TABLE "request_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "request_document_archives" ADD CONSTRAINT "request_document_archives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_document_archives" ADD CONSTRAINT "request_document_archives_request_document_id_request_documents_id_fk" FOREIGN KEY ("request_document_id") REFERENCES "public"."request_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_document_archives" ADD CONSTRAINT "request_document_archives_archive_id_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."archives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_document_history" ADD CONSTRAINT "request_document_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_document_history" ADD CONSTRAINT "request_document_history_request_document_id_request_documents_id_fk" FOREIGN KEY ("request_document_id") REFERENCES "public"."request_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_documents" ADD CONSTRAINT "request_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_document_archives_doc_idx" ON "request_document_archives" USING btree ("request_document_id");--> statement-breakpoint
CREATE INDEX "request_document_history_doc_idx" ON "request_document_history" USING btree ("request_document_id");--> statement-breakpoint
CREATE INDEX "request_documents_owner_idx" ON "request_documents" USING btree ("company_id","owner_type","owner_id");--> statement-breakpoint
CREATE POLICY "request_document_archives_tenant_isolation" ON "request_document_archives" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "request_document_history_tenant_isolation" ON "request_document_history" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "request_documents_tenant_isolation" ON "request_documents" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);