CREATE TABLE "ruleset_versions" (
	"company_id" uuid NOT NULL,
	"namespace" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb NOT NULL,
	"saved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ruleset_versions_company_id_namespace_version_pk" PRIMARY KEY("company_id","namespace","version")
);
--> statement-breakpoint
ALTER TABLE "rulesets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "ruleset_versions" ADD CONSTRAINT "ruleset_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ruleset_versions" ADD CONSTRAINT "ruleset_versions_ruleset_fk" FOREIGN KEY ("company_id","namespace") REFERENCES "public"."rulesets"("company_id","namespace") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("company_id","completed_at","id");--> statement-breakpoint
-- A ruleset saved before versions existed becomes its own version 1, so every stored ruleset has
-- the version its row names (rulesets.version defaults to 1 above).
INSERT INTO "ruleset_versions" ("company_id", "namespace", "version", "name", "rules", "saved_by", "created_at")
  SELECT "company_id", "namespace", 1, "name", "rules", "updated_by", "updated_at" FROM "rulesets";
--> statement-breakpoint
-- Company-owned: answers only the current company to the tenant role, as in 0003 and 0009.
ALTER TABLE "ruleset_versions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "ruleset_versions_of_current_company" ON "ruleset_versions" TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
