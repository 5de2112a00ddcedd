CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ein" text NOT NULL,
	"dot_number" text,
	"state" text NOT NULL,
	"address_line" text,
	"city" text,
	"postal_code" text,
	"phone" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text NOT NULL,
	"actor_id" uuid,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"processing_status" text NOT NULL,
	"outcome" text,
	"sub_status" text,
	"change_notes" text,
	"is_reviewed" boolean DEFAULT false NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"person_id" uuid,
	"business_id" uuid,
	"report_group_id" uuid,
	"input" jsonb NOT NULL,
	"subject_label" text NOT NULL,
	"permissible_purpose" text,
	"rule_namespace" text,
	"risk_assessment_definition_name" text,
	"mvr_external_reference_id" text,
	"is_auto_adjudicated" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"result" jsonb,
	"adjudication" jsonb,
	"failure_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ordered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"last_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"licence_number" text NOT NULL,
	"licence_state" text NOT NULL,
	"email" text,
	"phone" text,
	"external_id" text,
	"monitoring_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"calls" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"total_orders" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rulesets" (
	"company_id" uuid NOT NULL,
	"namespace" text NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rulesets_company_id_namespace_pk" PRIMARY KEY("company_id","namespace")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT 'gray' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_report_group_id_report_groups_id_fk" FOREIGN KEY ("report_group_id") REFERENCES "public"."report_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_groups" ADD CONSTRAINT "report_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rulesets" ADD CONSTRAINT "rulesets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_ein_uq" ON "businesses" USING btree ("company_id","ein");--> statement-breakpoint
CREATE INDEX "businesses_created_idx" ON "businesses" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("company_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_reviewed_idx" ON "orders" USING btree ("company_id","is_reviewed","created_at");--> statement-breakpoint
CREATE INDEX "orders_person_idx" ON "orders" USING btree ("company_id","person_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("company_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_group_idx" ON "orders" USING btree ("company_id","report_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_licence_uq" ON "persons" USING btree ("company_id","licence_state","licence_number");--> statement-breakpoint
CREATE INDEX "persons_created_idx" ON "persons" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "persons_name_idx" ON "persons" USING btree ("company_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "report_groups_created_idx" ON "report_groups" USING btree ("company_id","created_at","id");