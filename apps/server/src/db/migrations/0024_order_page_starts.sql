-- A deep page of the orders list remembered by where it starts (issue 8's orders list, shape (e)).
-- Newest first and unfiltered, page 50 of 20 skips 1,000 orders: an index-only scan of 1,020
-- entries of orders_created_idx per request, for the same answer while nothing moves an order in
-- that list. Remembered, the page is read from its first order on, as the first page is: 20 index
-- entries. What moves an order in the newest-first list of all of a company's orders is exactly
-- what changes a search's matches (0023's search generation): an order added or removed, an
-- order's creation time, id or company changed. So a start is kept with the generation it was
-- found at, and read only while the company's generation is unchanged.
-- Unlogged: a cache. A crash empties it and the next deep page finds its start again.
CREATE UNLOGGED TABLE "order_page_starts" (
	"company_id" uuid NOT NULL,
	"skipped" integer NOT NULL,
	"generation" bigint NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "order_page_starts_company_id_skipped_pk" PRIMARY KEY("company_id","skipped")
);
--> statement-breakpoint
-- The first order of the page that skips `skip` of a company's orders, newest first: remembered at
-- the company's current generation when there is one, else found now and remembered. None past
-- the end (the page is empty). The generation and the start are found in one statement, so in one
-- snapshot: a start is exactly that of its generation. A reader compares its own reading of the
-- generation, as order_search_page does (0023, whose comment says why that is safe).
-- SECURITY DEFINER, held to the caller's company whenever one is set. VOLATILE: it writes.
CREATE FUNCTION order_page_start(company uuid, skip integer)
  RETURNS TABLE (start_created_at timestamptz, start_order_id uuid)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1
AS $$
DECLARE
  current_generation bigint;
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN;
  END IF;
  SELECT start.created_at, start.order_id INTO start_created_at, start_order_id
  FROM order_page_starts AS start
  WHERE start.company_id = company AND start.skipped = skip
    AND start.generation = (SELECT coalesce(sum(changed.changes), 0) FROM order_search_changes AS changed WHERE changed.company_id = company);
  IF FOUND THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT generation.changes, found.created_at, found.id INTO current_generation, start_created_at, start_order_id
  FROM (SELECT coalesce(sum(changed.changes), 0) AS changes FROM order_search_changes AS changed WHERE changed.company_id = company) AS generation
  LEFT JOIN LATERAL (
    SELECT orders.created_at, orders.id FROM orders WHERE orders.company_id = company
    ORDER BY orders.created_at DESC, orders.id DESC OFFSET skip LIMIT 1
  ) AS found ON true;
  IF start_order_id IS NULL THEN
    RETURN;
  END IF;
  -- A start of a newer generation, written meanwhile by another request, is kept.
  INSERT INTO order_page_starts AS kept (company_id, skipped, generation, found_at, created_at, order_id)
  VALUES (company, skip, current_generation, now(), start_created_at, start_order_id)
  ON CONFLICT ON CONSTRAINT order_page_starts_company_id_skipped_pk DO UPDATE
    SET generation = excluded.generation, found_at = excluded.found_at, created_at = excluded.created_at, order_id = excluded.order_id
    WHERE kept.generation <= excluded.generation;
  RETURN NEXT;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_page_start(uuid, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_page_start(uuid, integer) TO clearlane_tenant;
--> statement-breakpoint
-- A deleted company's starts go with its orders, as its memos (0023's function, one DELETE more).
CREATE OR REPLACE FUNCTION order_search_changed_by_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM order_search_changes
  WHERE company_id IN (SELECT DISTINCT deleted.company_id FROM deleted_orders AS deleted)
    AND NOT EXISTS (SELECT 1 FROM companies WHERE companies.id = order_search_changes.company_id);
  DELETE FROM order_search_memos
  WHERE company_id IN (SELECT DISTINCT deleted.company_id FROM deleted_orders AS deleted)
    AND NOT EXISTS (SELECT 1 FROM companies WHERE companies.id = order_search_memos.company_id);
  DELETE FROM order_page_starts
  WHERE company_id IN (SELECT DISTINCT deleted.company_id FROM deleted_orders AS deleted)
    AND NOT EXISTS (SELECT 1 FROM companies WHERE companies.id = order_page_starts.company_id);
  INSERT INTO order_search_changes (company_id, changes)
  SELECT DISTINCT deleted.company_id, 1 FROM deleted_orders AS deleted
  WHERE EXISTS (SELECT 1 FROM companies WHERE companies.id = deleted.company_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A truncated orders table takes the starts with the memos.
CREATE OR REPLACE FUNCTION order_search_memos_truncate() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  TRUNCATE order_search_memos, order_page_starts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The tenant role reads one company's starts; only order_page_start writes them.
ALTER TABLE order_page_starts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_page_starts_of_current_company ON order_page_starts TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON order_page_starts FROM clearlane_tenant;
