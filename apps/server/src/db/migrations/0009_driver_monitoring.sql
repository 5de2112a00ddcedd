CREATE TABLE "annual_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reviewer_name" text NOT NULL,
	"reviewed_on" text NOT NULL,
	"note" text NOT NULL,
	"decision" text NOT NULL,
	"alert_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"change_kind" text NOT NULL,
	"severity" text NOT NULL,
	"title" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"change" jsonb NOT NULL,
	"recheck_order_id" uuid,
	"outcome_before" text,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"acknowledgement_note" text,
	"annual_review_id" uuid,
	"escalated_after_days" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_alerts_company_id_id_uq" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "monitoring_digests" (
	"company_id" uuid NOT NULL,
	"digest_date" text NOT NULL,
	"alert_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_digests_company_id_digest_date_pk" PRIMARY KEY("company_id","digest_date")
);
--> statement-breakpoint
CREATE TABLE "monitoring_enrolments" (
	"company_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"monitoring_type" text NOT NULL,
	"status" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enrolled_by" uuid,
	"active_since" timestamp with time zone,
	"last_swept_at" timestamp with time zone,
	CONSTRAINT "monitoring_enrolments_company_id_person_id_monitoring_type_pk" PRIMARY KEY("company_id","person_id","monitoring_type")
);
--> statement-breakpoint
CREATE TABLE "monitoring_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"reorder_mvr_on_change" boolean DEFAULT false NOT NULL,
	"rule_namespace" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "licence_expires_on" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "medical_certificate_expires_on" text;--> statement-breakpoint
ALTER TABLE "annual_reviews" ADD CONSTRAINT "annual_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_reviews" ADD CONSTRAINT "annual_reviews_person_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_reviews" ADD CONSTRAINT "annual_reviews_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_alerts" ADD CONSTRAINT "driver_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_alerts" ADD CONSTRAINT "driver_alerts_person_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_alerts" ADD CONSTRAINT "driver_alerts_recheck_order_fk" FOREIGN KEY ("company_id","recheck_order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_digests" ADD CONSTRAINT "monitoring_digests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_enrolments" ADD CONSTRAINT "monitoring_enrolments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_enrolments" ADD CONSTRAINT "monitoring_enrolments_person_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_settings" ADD CONSTRAINT "monitoring_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_events" ADD CONSTRAINT "person_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_events" ADD CONSTRAINT "person_events_person_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annual_reviews_person_idx" ON "annual_reviews" USING btree ("company_id","person_id","reviewed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "driver_alerts_dedupe_uq" ON "driver_alerts" USING btree ("company_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "driver_alerts_created_idx" ON "driver_alerts" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "driver_alerts_person_idx" ON "driver_alerts" USING btree ("company_id","person_id","created_at");--> statement-breakpoint
CREATE INDEX "driver_alerts_open_idx" ON "driver_alerts" USING btree ("company_id","severity","created_at") WHERE acknowledged_at IS NULL;--> statement-breakpoint
CREATE INDEX "person_events_person_idx" ON "person_events" USING btree ("company_id","person_id","created_at");--> statement-breakpoint
-- The new company-owned tables answer only the current company to the tenant role, as in 0003.
DO $$
DECLARE
  company_table text;
BEGIN
  FOREACH company_table IN ARRAY ARRAY['monitoring_enrolments', 'driver_alerts', 'annual_reviews', 'person_events', 'monitoring_settings', 'monitoring_digests'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', company_table);
    EXECUTE format(
      'CREATE POLICY %I ON %I TO clearlane_tenant
         USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
         WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      company_table || '_of_current_company', company_table);
  END LOOP;
END $$;
