CREATE TABLE "claim_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claim_orders" (
	"company_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"adjudication_ruleset" text NOT NULL,
	"outcome" text,
	"adjudication" jsonb,
	"ruleset_version" text,
	"judged_at" timestamp with time zone,
	"attached_by" uuid,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_orders_company_id_claim_id_order_id_pk" PRIMARY KEY("company_id","claim_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "claim_schemas" (
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"schema" jsonb NOT NULL,
	"ui_schema" jsonb NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_schemas_company_id_version_pk" PRIMARY KEY("company_id","version")
);
--> statement-breakpoint
CREATE TABLE "claim_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"form_data" jsonb NOT NULL,
	"schema_version" integer NOT NULL,
	"orders" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"published_by" uuid,
	"published_by_name" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_snapshots_number_uq" UNIQUE("company_id","claim_id","number")
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"form_data" jsonb NOT NULL,
	"schema_version" integer NOT NULL,
	"adjudication_ruleset" text,
	"publish_if_possible" boolean DEFAULT false NOT NULL,
	"publish_requested_by" uuid,
	"title" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"policy_number" text,
	"loss_occurred_at" timestamp with time zone,
	"snapshot_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "claims_company_id_id_uq" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_events" ADD CONSTRAINT "claim_events_claim_fk" FOREIGN KEY ("company_id","claim_id") REFERENCES "public"."claims"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_orders" ADD CONSTRAINT "claim_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_orders" ADD CONSTRAINT "claim_orders_claim_fk" FOREIGN KEY ("company_id","claim_id") REFERENCES "public"."claims"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_orders" ADD CONSTRAINT "claim_orders_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_schemas" ADD CONSTRAINT "claim_schemas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_snapshots" ADD CONSTRAINT "claim_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_snapshots" ADD CONSTRAINT "claim_snapshots_claim_fk" FOREIGN KEY ("company_id","claim_id") REFERENCES "public"."claims"("company_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_schema_fk" FOREIGN KEY ("company_id","schema_version") REFERENCES "public"."claim_schemas"("company_id","version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_events_claim_idx" ON "claim_events" USING btree ("company_id","claim_id","created_at");--> statement-breakpoint
CREATE INDEX "claim_orders_order_idx" ON "claim_orders" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "claims_created_idx" ON "claims" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "claims" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "claims_loss_idx" ON "claims" USING btree ("company_id","loss_occurred_at");--> statement-breakpoint
-- The new company-owned tables answer only the current company to the tenant role, as in 0003 and 0009.
DO $$
DECLARE
  company_table text;
BEGIN
  FOREACH company_table IN ARRAY ARRAY['claim_schemas', 'claims', 'claim_orders', 'claim_events', 'claim_snapshots'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', company_table);
    EXECUTE format(
      'CREATE POLICY %I ON %I TO clearlane_tenant
         USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
         WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      company_table || '_of_current_company', company_table);
  END LOOP;
END $$;
--> statement-breakpoint
-- A snapshot is what an insurer relies on: company work may read and add snapshots, never change
-- or remove one, and no role may change one (only the owner may delete, e.g. an operator erasing a company).
REVOKE UPDATE, DELETE ON claim_snapshots FROM clearlane_tenant;
--> statement-breakpoint
CREATE FUNCTION claim_snapshots_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'claim snapshots are immutable (snapshot % of claim %)', OLD.number, OLD.claim_id USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER claim_snapshots_immutable BEFORE UPDATE ON claim_snapshots FOR EACH ROW EXECUTE FUNCTION claim_snapshots_are_immutable();
