ALTER TABLE "proposals" ADD COLUMN "legal_override_rules" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "legal_override_of" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "legal_override_justification" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "legal_override_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "legal_override_at" timestamp with time zone;