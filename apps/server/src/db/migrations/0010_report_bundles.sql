CREATE TABLE "download_accesses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"download_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"status" text NOT NULL,
	"merge_into_single_report" boolean NOT NULL,
	"text_only" boolean NOT NULL,
	"mvr_orders" uuid[] NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint,
	"file_key" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "downloads_company_id_id_uq" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"key" text NOT NULL,
	"seq" integer NOT NULL,
	"company_id" uuid DEFAULT nullif(current_setting('app.company_id', true), '')::uuid,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_key_seq_pk" PRIMARY KEY("key","seq")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" uuid DEFAULT nullif(current_setting('app.company_id', true), '')::uuid,
	"content_type" text NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "download_accesses" ADD CONSTRAINT "download_accesses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_accesses" ADD CONSTRAINT "download_accesses_download_fk" FOREIGN KEY ("company_id","download_id") REFERENCES "public"."downloads"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_key_stored_files_key_fk" FOREIGN KEY ("key") REFERENCES "public"."stored_files"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_accesses_download_idx" ON "download_accesses" USING btree ("company_id","download_id","at");--> statement-breakpoint
CREATE INDEX "downloads_requester_idx" ON "downloads" USING btree ("company_id","requested_by","created_at");--> statement-breakpoint
CREATE INDEX "downloads_created_idx" ON "downloads" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "downloads_expiry_idx" ON "downloads" USING btree ("expires_at") WHERE status <> 'Expired';--> statement-breakpoint
-- Chunks are PDFs and zips, already compressed: stored as they are, without TOAST's compression pass.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The new company-owned tables answer only the current company to the tenant role, as in 0003 and
-- 0009. A stored file belongs to the company whose work wrote it (its company_id defaults to the
-- session's app.company_id); files written for no company are the connecting role's alone.
DO $$
DECLARE
  company_table text;
BEGIN
  FOREACH company_table IN ARRAY ARRAY['downloads', 'download_accesses', 'stored_files', 'stored_file_chunks'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', company_table);
    EXECUTE format(
      'CREATE POLICY %I ON %I TO clearlane_tenant
         USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
         WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      company_table || '_of_current_company', company_table);
  END LOOP;
END $$;
