CREATE TABLE "order_counts" (
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"is_reviewed" boolean NOT NULL,
	"orders" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_counts_idx" ON "order_counts" USING btree ("company_id","status","outcome","type","is_reviewed","orders");
--> statement-breakpoint
-- The count of a list filtered only by type, status, outcome and review state (the portal's status
-- filters, the "to review" lists, the reports view) comes from order_counts rather than from
-- counting orders: a large company's Complete + Fail orders were 4,947 index entries counted on
-- every request (bench/README.md). A row is a signed change of one group's count; a group's count
-- is the sum of its rows. The triggers only ever append, so writers of orders never wait on one
-- another for a counter row (an UPDATE of one row per group would serialize every upload and
-- fulfilment of a company on it); compact_order_counts (below), from a scheduled job, sums a
-- company's rows into one per group. Statement-level triggers with transition tables: an upload's
-- 10,000-row INSERT appends one row per group, not 10,000. SECURITY DEFINER as the words' triggers
-- (0020): the tenant role reads counts but writes none, so they stay a function of the orders.
-- Always written: 0021's deferral (clearlane.subject_words) is for the words alone.
CREATE FUNCTION order_counts_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO order_counts (company_id, type, status, outcome, is_reviewed, orders)
  SELECT company_id, type, status, outcome, is_reviewed, count(*)
  FROM inserted_orders
  GROUP BY company_id, type, status, outcome, is_reviewed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleted orders count less; a deleted company's orders (ON DELETE CASCADE) take its counts with
-- them rather than leave rows that sum to nothing: the company is already gone when the cascade's
-- statement trigger runs.
CREATE FUNCTION order_counts_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM order_counts
  WHERE company_id IN (SELECT DISTINCT deleted.company_id FROM deleted_orders AS deleted)
    AND NOT EXISTS (SELECT 1 FROM companies WHERE companies.id = order_counts.company_id);
  INSERT INTO order_counts (company_id, type, status, outcome, is_reviewed, orders)
  SELECT deleted.company_id, deleted.type, deleted.status, deleted.outcome, deleted.is_reviewed, -count(*)
  FROM deleted_orders AS deleted
  WHERE EXISTS (SELECT 1 FROM companies WHERE companies.id = deleted.company_id)
  GROUP BY deleted.company_id, deleted.type, deleted.status, deleted.outcome, deleted.is_reviewed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves orders from their old group to their new one: only the groups whose count
-- changes get a row (most updates, a fulfilment's progress, change none). PostgreSQL allows no
-- column list on a trigger with transition tables, so every update of orders fills them; for the
-- one-order updates of fulfilment and review that is two rows in memory.
CREATE FUNCTION order_counts_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO order_counts (company_id, type, status, outcome, is_reviewed, orders)
  SELECT changed.company_id, changed.type, changed.status, changed.outcome, changed.is_reviewed, sum(changed.orders)
  FROM (
    SELECT moved_from.company_id, moved_from.type, moved_from.status, moved_from.outcome, moved_from.is_reviewed, -1 AS orders FROM old_orders AS moved_from
    UNION ALL
    SELECT moved_to.company_id, moved_to.type, moved_to.status, moved_to.outcome, moved_to.is_reviewed, 1 FROM new_orders AS moved_to
  ) AS changed
  GROUP BY changed.company_id, changed.type, changed.status, changed.outcome, changed.is_reviewed
  HAVING sum(changed.orders) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_counts_truncate() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  TRUNCATE order_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Created before the existing orders are counted: the triggers' lock on orders, held to the end of
-- the migration's transaction, keeps any order from arriving or changing in between.
CREATE TRIGGER orders_counts_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS inserted_orders FOR EACH STATEMENT EXECUTE FUNCTION order_counts_insert();
--> statement-breakpoint
CREATE TRIGGER orders_counts_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS deleted_orders FOR EACH STATEMENT EXECUTE FUNCTION order_counts_delete();
--> statement-breakpoint
CREATE TRIGGER orders_counts_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_counts_update();
--> statement-breakpoint
CREATE TRIGGER orders_counts_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_counts_truncate();
--> statement-breakpoint
INSERT INTO order_counts (company_id, type, status, outcome, is_reviewed, orders)
SELECT company_id, type, status, outcome, is_reviewed, count(*)
FROM orders
GROUP BY company_id, type, status, outcome, is_reviewed;
--> statement-breakpoint
ANALYZE order_counts;
--> statement-breakpoint
-- Compaction: a company's rows replaced by their sum per group (groups that sum to none go), in one
-- statement, contention-free and exact under READ COMMITTED:
-- - The statement's snapshot decides which rows it takes: the DELETE removes exactly the rows the
--   snapshot sees, and the INSERT writes their sums from what the DELETE returned (RETURNING), not
--   from a second read. A row appended by a transaction that commits after the snapshot was taken
--   (or has not committed yet) is neither deleted nor summed: it stays a change of its own, and
--   the total is unchanged.
-- - The deleted rows and their sums commit together: a reader's snapshot sees either all the old
--   rows or the sums, never both or neither, so every read is exact throughout.
-- - The triggers only insert, and the index is not unique: no writer of orders waits on a
--   compaction, nor a compaction on them. Only two compactions of one company could meet on the
--   same rows; the advisory lock lets one of them through and the other return at once (without
--   it they would still be exact, as a DELETE skips rows another transaction deleted and
--   committed, but could deadlock on rows taken in different orders).
-- Held to the caller's company whenever one is set (app.company_id), as 0020's functions; the
-- scheduled job runs it outside any company. Answers the number of rows removed.
CREATE FUNCTION compact_order_counts(company uuid) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  removed bigint;
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN 0;
  END IF;
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_order_counts'), hashtext(company::text)) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM order_counts WHERE company_id = company
    RETURNING company_id, type, status, outcome, is_reviewed, orders
  ), summed AS (
    INSERT INTO order_counts (company_id, type, status, outcome, is_reviewed, orders)
    SELECT gone.company_id, gone.type, gone.status, gone.outcome, gone.is_reviewed, sum(gone.orders)
    FROM gone
    GROUP BY gone.company_id, gone.type, gone.status, gone.outcome, gone.is_reviewed
    HAVING sum(gone.orders) <> 0
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM summed) INTO removed;
  RETURN removed;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION compact_order_counts(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION compact_order_counts(uuid) TO clearlane_tenant;
--> statement-breakpoint
-- The tenant role reads one company's counts, as the other company tables (0003); it writes none.
ALTER TABLE order_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_counts_of_current_company ON order_counts TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON order_counts FROM clearlane_tenant;
