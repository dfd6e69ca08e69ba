DROP INDEX "policy_installments_proposal_number_uq";--> statement-breakpoint
ALTER TABLE "policy_installments" ADD COLUMN "endorsement_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_installments_endorsement_number_uq" ON "policy_installments" USING btree ("endorsement_id","number") WHERE endorsement_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_installments_proposal_number_uq" ON "policy_installments" USING btree ("proposal_id","number") WHERE endorsement_id is null;