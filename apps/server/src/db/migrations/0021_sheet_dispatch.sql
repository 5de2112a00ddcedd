ALTER TABLE "order_events" DROP CONSTRAINT "order_events_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "report_groups" ADD COLUMN "awaiting_dispatch" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A bulk sheet's orders get their subject words after the upload commits, from the sheet's dispatch
-- job (modules/bulk-orders/sheet-dispatch.jobs.ts), not inside the upload: for a 10,000-row sheet
-- the words were ~60,000 index entries, a quarter of the upload's database time (bench/README.md,
-- "Bulk upload"). The upload's transaction says so with SET LOCAL clearlane.subject_words =
-- 'deferred' and marks its report group awaiting dispatch, in the same commit; every other insert
-- (single orders, monitoring rechecks) keeps writing its words at once. The words are derived
-- data, like an index: until the dispatch has run, which is moments after the commit, free text
-- does not find the sheet's orders; filters, sorting and counts do.
CREATE OR REPLACE FUNCTION order_subject_words_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF current_setting('clearlane.subject_words', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  INSERT INTO order_subject_words (company_id, word, created_at, order_id)
  SELECT inserted.company_id, subject_word, inserted.created_at, inserted.id
  FROM inserted_orders AS inserted, unnest(order_subject_words_of(inserted.subject_label)) AS subject_word
  ORDER BY inserted.company_id, subject_word;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The words of a report group's orders, written by its dispatch. SECURITY DEFINER, as the triggers:
-- the tenant role reads words but writes none. Held to the company asked for, which must be the
-- caller's app.company_id whenever one is set. A word already there is not written again: the
-- update trigger writes an order's words if its subject or creation time changes before the
-- dispatch (one index probe per word, a few milliseconds per thousand orders, off the upload's path).
CREATE FUNCTION order_subject_words_of_report_group(company uuid, report_group uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN;
  END IF;
  INSERT INTO order_subject_words (company_id, word, created_at, order_id)
  SELECT orders.company_id, subject_word, orders.created_at, orders.id
  FROM orders, unnest(order_subject_words_of(orders.subject_label)) AS subject_word
  WHERE orders.company_id = company AND orders.report_group_id = report_group
    AND NOT EXISTS (
      SELECT 1 FROM order_subject_words AS kept
      WHERE kept.company_id = orders.company_id AND kept.word = subject_word AND kept.created_at = orders.created_at AND kept.order_id = orders.id
    )
  ORDER BY orders.company_id, subject_word;
END $$;
