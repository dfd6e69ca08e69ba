ALTER TABLE "policies" ADD COLUMN "enable_to_steppin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "enable_to_monitoring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "enable_to_big_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "verification_code" text DEFAULT substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "expiry_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancelled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "cancel_restitution" numeric(18, 2);--> statement-breakpoint
CREATE INDEX "policies_holder_name_trgm" ON "policies" USING gin (translate(lower("policy_holder_name"), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_insured_name_trgm" ON "policies" USING gin (translate(lower("insured_name"), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_broker_name_trgm" ON "policies" USING gin (translate(lower("broker_name"), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_company_holder_doc_idx" ON "policies" USING btree ("company_id","policy_holder_document" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_company_insured_doc_idx" ON "policies" USING btree ("company_id","insured_document" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_company_number_prefix_idx" ON "policies" USING btree ("company_id","number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "policies_company_end_idx" ON "policies" USING btree ("company_id","end_date");--> statement-breakpoint
CREATE INDEX "policies_company_start_idx" ON "policies" USING btree ("company_id","start_date");