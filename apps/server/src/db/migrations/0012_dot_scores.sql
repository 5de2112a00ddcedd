CREATE TABLE "carrier_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"dot_number" text NOT NULL,
	"score_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"basic" text,
	"title" text NOT NULL,
	"before" text,
	"after" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_peer_measures" (
	"dot_number" text NOT NULL,
	"basic" text NOT NULL,
	"peer_group" text NOT NULL,
	"measure" double precision NOT NULL,
	"as_of" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_peer_measures_dot_number_basic_pk" PRIMARY KEY("dot_number","basic")
);
--> statement-breakpoint
CREATE TABLE "carrier_scores" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"dot_number" text NOT NULL,
	"run_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"provider" text NOT NULL,
	"as_of" text,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_dots" (
	"company_id" uuid NOT NULL,
	"dot_number" text NOT NULL,
	"relationship" text NOT NULL,
	"label" text,
	"legal_name" text,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_scored_at" timestamp with time zone,
	"last_status" text DEFAULT 'NOT_SCORED' NOT NULL,
	"last_error" text,
	CONSTRAINT "company_dots_company_id_dot_number_pk" PRIMARY KEY("company_id","dot_number")
);
--> statement-breakpoint
ALTER TABLE "carrier_changes" ADD CONSTRAINT "carrier_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_changes" ADD CONSTRAINT "carrier_changes_company_dot_fk" FOREIGN KEY ("company_id","dot_number") REFERENCES "public"."company_dots"("company_id","dot_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_scores" ADD CONSTRAINT "carrier_scores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_scores" ADD CONSTRAINT "carrier_scores_company_dot_fk" FOREIGN KEY ("company_id","dot_number") REFERENCES "public"."company_dots"("company_id","dot_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_dots" ADD CONSTRAINT "company_dots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_changes_dot_idx" ON "carrier_changes" USING btree ("company_id","dot_number","created_at");--> statement-breakpoint
CREATE INDEX "carrier_peer_measures_group_idx" ON "carrier_peer_measures" USING btree ("peer_group","measure");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_scores_run_uq" ON "carrier_scores" USING btree ("company_id","dot_number","run_id");--> statement-breakpoint
CREATE INDEX "carrier_scores_history_idx" ON "carrier_scores" USING btree ("company_id","dot_number","created_at");--> statement-breakpoint
-- The new company-owned tables answer only the current company to the tenant role, as in 0003 and 0009.
-- carrier_peer_measures is public carrier data shared by every company (no company_id, no policy).
DO $$
DECLARE
  company_table text;
BEGIN
  FOREACH company_table IN ARRAY ARRAY['company_dots', 'carrier_scores', 'carrier_changes'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', company_table);
    EXECUTE format(
      'CREATE POLICY %I ON %I TO clearlane_tenant
         USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
         WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      company_table || '_of_current_company', company_table);
  END LOOP;
END $$;
