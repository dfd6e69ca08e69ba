ALTER TABLE "policy_holder_exposures" ADD COLUMN "kind" text DEFAULT 'SALDO_INICIAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ADD COLUMN "proposal_id" integer;--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ADD COLUMN "policy_id" integer;--> statement-breakpoint
ALTER TABLE "policy_holder_exposures" ADD COLUMN "endorsement_id" integer;--> statement-breakpoint
CREATE INDEX "policy_holder_exposures_proposal_idx" ON "policy_holder_exposures" USING btree ("company_id","proposal_id");--> statement-breakpoint
CREATE INDEX "policy_holder_exposures_policy_idx" ON "policy_holder_exposures" USING btree ("company_id","policy_id");