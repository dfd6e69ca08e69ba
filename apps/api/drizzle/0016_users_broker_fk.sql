ALTER TABLE "brokers" ADD CONSTRAINT "brokers_company_id_key" UNIQUE("company_id","id");--> statement-breakpoint
-- A BrokerId that is no brokerage of the user's company was never valid (SaveUserInfo took any): cleared before the key.
UPDATE "users" SET "broker_id" = NULL WHERE "broker_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "brokers" b WHERE b."id" = "users"."broker_id" AND b."company_id" = "users"."company_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_broker_fk" FOREIGN KEY ("company_id","broker_id") REFERENCES "public"."brokers"("company_id","id") ON DELETE no action ON UPDATE no action;
