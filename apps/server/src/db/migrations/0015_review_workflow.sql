CREATE TABLE "order_adverse_actions" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"pre_adverse_notice_at" timestamp with time zone NOT NULL,
	"pre_adverse_delivery_method" text NOT NULL,
	"final_notice_allowed_on" text NOT NULL,
	"final_notice_at" timestamp with time zone,
	"final_delivery_method" text,
	"cancelled_at" timestamp with time zone,
	"started_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_adverse_actions_company_id_order_id_pk" PRIMARY KEY("company_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "order_sub_status_lists" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"sub_statuses" text[] NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_adverse_actions" ADD CONSTRAINT "order_adverse_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adverse_actions" ADD CONSTRAINT "order_adverse_actions_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_sub_status_lists" ADD CONSTRAINT "order_sub_status_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The new company-owned tables answer only the current company to the tenant role, as in 0003.
DO $$
DECLARE
  company_table text;
BEGIN
  FOREACH company_table IN ARRAY ARRAY['order_sub_status_lists', 'order_adverse_actions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', company_table);
    EXECUTE format(
      'CREATE POLICY %I ON %I TO clearlane_tenant
         USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
         WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      company_table || '_of_current_company', company_table);
  END LOOP;
END $$;
