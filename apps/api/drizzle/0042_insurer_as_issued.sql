ALTER TABLE "endorsements" ADD COLUMN "issued_insurer" jsonb;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "issued_insurer" jsonb;--> statement-breakpoint
-- search.policies lists the table's columns (0031): the new one is added at its end.
CREATE OR REPLACE VIEW search.policies AS
  SELECT * FROM public.policies
  WHERE company_id = nullif(current_setting('app.company_id', true), '')::integer;
