CREATE TABLE "kanban"."board_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pipe_id" integer NOT NULL,
	"kind" text NOT NULL,
	"card_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kanban"."board_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kanban"."card_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"from_step_id" integer,
	"to_step_id" integer NOT NULL,
	"user_id" integer,
	"justification" text,
	"seconds_in_step" integer DEFAULT 0 NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kanban"."card_moves" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kanban"."cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pipe_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"card_type" text NOT NULL,
	"card_ref" uuid NOT NULL,
	"card_data" jsonb,
	"cpf_cnpj" text,
	"entered_step_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assignee_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_company_type_ref_unique" UNIQUE("company_id","card_type","card_ref")
);
--> statement-breakpoint
ALTER TABLE "kanban"."cards" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "kanban"."steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pipe_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'work' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sla_hours" integer,
	"wip_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kanban"."steps" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "kanban"."pipes" DROP CONSTRAINT "pipes_token_unique";--> statement-breakpoint
ALTER TABLE "kanban"."pipes" ADD COLUMN "permission_id" integer DEFAULT 34 NOT NULL;--> statement-breakpoint
ALTER TABLE "kanban"."card_moves" ADD CONSTRAINT "card_moves_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "kanban"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban"."card_moves" ADD CONSTRAINT "card_moves_from_step_id_steps_id_fk" FOREIGN KEY ("from_step_id") REFERENCES "kanban"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban"."card_moves" ADD CONSTRAINT "card_moves_to_step_id_steps_id_fk" FOREIGN KEY ("to_step_id") REFERENCES "kanban"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban"."cards" ADD CONSTRAINT "cards_pipe_id_pipes_id_fk" FOREIGN KEY ("pipe_id") REFERENCES "kanban"."pipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban"."cards" ADD CONSTRAINT "cards_step_id_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "kanban"."steps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kanban"."steps" ADD CONSTRAINT "steps_pipe_id_pipes_id_fk" FOREIGN KEY ("pipe_id") REFERENCES "kanban"."pipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_events_pipe_idx" ON "kanban"."board_events" USING btree ("company_id","pipe_id","id");--> statement-breakpoint
CREATE INDEX "card_moves_card_idx" ON "kanban"."card_moves" USING btree ("company_id","card_id","moved_at");--> statement-breakpoint
CREATE INDEX "cards_step_idx" ON "kanban"."cards" USING btree ("company_id","step_id","entered_step_at");--> statement-breakpoint
CREATE INDEX "cards_document_idx" ON "kanban"."cards" USING btree ("company_id","cpf_cnpj");--> statement-breakpoint
CREATE INDEX "steps_pipe_idx" ON "kanban"."steps" USING btree ("company_id","pipe_id","position");--> statement-breakpoint
ALTER TABLE "kanban"."pipes" ADD CONSTRAINT "pipes_company_token_unique" UNIQUE("company_id","token");--> statement-breakpoint
CREATE POLICY "board_events_tenant_isolation" ON "kanban"."board_events" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "card_moves_tenant_isolation" ON "kanban"."card_moves" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "cards_tenant_isolation" ON "kanban"."cards" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);--> statement-breakpoint
CREATE POLICY "steps_tenant_isolation" ON "kanban"."steps" AS PERMISSIVE FOR ALL TO "aval_app" USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);