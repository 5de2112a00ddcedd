ALTER TABLE "claim_schemas" ALTER COLUMN "schema" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "claim_schemas" ALTER COLUMN "ui_schema" SET DATA TYPE json;