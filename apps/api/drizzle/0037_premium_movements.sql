ALTER TABLE "policies" ADD COLUMN "premium_movements" jsonb;--> statement-breakpoint
ALTER TABLE "endorsements" DROP COLUMN "commission_returned";--> statement-breakpoint
-- search.policies lists the table's columns (0031): the new one is added at its end.
CREATE OR REPLACE VIEW search.policies AS
  SELECT * FROM public.policies
  WHERE company_id = nullif(current_setting('app.company_id', true), '')::integer;
