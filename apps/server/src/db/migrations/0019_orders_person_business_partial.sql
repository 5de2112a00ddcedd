-- The orders of one person or one business, each index now holding only the orders that have one.
-- Every query that reads them asks for a given person or business (`person_id = …`, the foreign
-- keys' checks when a person or business is deleted), which implies IS NOT NULL, so each can still
-- use its index; an order without either (a bulk sheet's rows, a VIN's, a driver typed in) no longer
-- writes two index entries for nothing (issue 8: part of the time a 10,000-row sheet takes to place;
-- bench/README.md, DECISIONS.md).
DROP INDEX "orders_person_idx";--> statement-breakpoint
DROP INDEX "orders_business_idx";--> statement-breakpoint
CREATE INDEX "orders_person_idx" ON "orders" USING btree ("company_id","person_id","created_at") WHERE person_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("company_id","business_id","created_at") WHERE business_id IS NOT NULL;