DROP POLICY "broker_change_history_tenant_isolation" ON "broker_change_history" CASCADE;--> statement-breakpoint
DROP TABLE "broker_change_history" CASCADE;--> statement-breakpoint
DROP POLICY "insured_change_history_tenant_isolation" ON "insured_change_history" CASCADE;--> statement-breakpoint
DROP TABLE "insured_change_history" CASCADE;--> statement-breakpoint
DROP POLICY "parameterisation_change_history_tenant_isolation" ON "parameterisation_change_history" CASCADE;--> statement-breakpoint
DROP TABLE "parameterisation_change_history" CASCADE;--> statement-breakpoint
DROP POLICY "policy_holder_change_history_tenant_isolation" ON "policy_holder_change_history" CASCADE;--> statement-breakpoint
DROP TABLE "policy_holder_change_history" CASCADE;