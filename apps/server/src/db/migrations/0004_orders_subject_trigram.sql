-- Free-text order search (GET /orders?filter=) is ILIKE '%text%', which no b-tree can answer: on a
-- company with 134,000 orders it read them all (1.4-2.3 s, bench/orders-list.ts). A trigram GIN
-- index answers it from the index; btree_gin lets company_id sit in the same index. Both
-- extensions are trusted (a database owner may create them) and ship with PostgreSQL's contrib;
-- the embedded database loads them in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "orders_subject_trgm_idx" ON "orders" USING gin ("company_id","subject_label" gin_trgm_ops);
