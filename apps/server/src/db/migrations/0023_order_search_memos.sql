-- A large free-text search remembered while nothing it depends on changes (issue 8's orders list).
-- The words table (0020) finds a search's matches in one index range, but a list must count them
-- all and order them all to show its newest 20: the largest bench company's 2,243 "martin" orders
-- cost 3.3-3.6 ms of PostgreSQL per request, every request, for the same answer (bench/README.md).
-- order_search_page (below) keeps a search's matches, newest first, as a memo of the company's
-- search generation: while the generation is unchanged, the list's count and any page's ids are
-- read from the memo. The generation is the sum of order_search_changes' rows, which grows with
-- every change that can alter what a search finds: orders added or removed, an order's subject,
-- creation time, reference or driver changed, a driver's external id changed.
CREATE TABLE "order_search_changes" (
	"company_id" uuid NOT NULL,
	"changes" bigint NOT NULL
);
--> statement-breakpoint
-- Unlogged: a cache. A crash empties it (PostgreSQL truncates unlogged tables at recovery) and the
-- next search finds its matches again; writing it costs no WAL, so a list that remembers a search
-- does not wait for a disk flush.
CREATE UNLOGGED TABLE "order_search_memos" (
	"company_id" uuid NOT NULL,
	"words" text[] NOT NULL,
	"reference" text NOT NULL,
	"generation" bigint NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"matches" integer NOT NULL,
	"order_ids" uuid[] NOT NULL,
	CONSTRAINT "order_search_memos_company_id_words_reference_pk" PRIMARY KEY("company_id","words","reference")
);
--> statement-breakpoint
-- Random uuids do not compress: stored out of line as they are, a page's slice is read without
-- an attempt to decompress 36 KB.
ALTER TABLE "order_search_memos" ALTER COLUMN "order_ids" SET STORAGE EXTERNAL;
--> statement-breakpoint
CREATE INDEX "order_search_changes_idx" ON "order_search_changes" USING btree ("company_id","changes");
--> statement-breakpoint
-- The changes are appended, never updated, as order_counts' (0022): concurrent writers of one
-- company's orders never wait on a counter row. One row per company per statement (an upload's
-- 10,000 orders are one change).
CREATE FUNCTION order_search_changed_by_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO order_search_changes (company_id, changes)
  SELECT DISTINCT inserted.company_id, 1 FROM inserted_orders AS inserted;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted company's orders (ON DELETE CASCADE) take its changes and memos with them rather than
-- leave rows of a company that is gone: it is already gone when the cascade's statement trigger runs.
CREATE FUNCTION order_search_changed_by_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM order_search_changes
  WHERE company_id IN (SELECT DISTINCT deleted.company_id FROM deleted_orders AS deleted)
    AND NOT EXISTS (SELECT 1 FROM companies WHERE companies.id = order_search_changes.company_id);
  DELETE FROM order_search_memos
  WHERE company_id IN (SELECT DISTINCT deleted.company_id FROM deleted_orders AS deleted)
    AND NOT EXISTS (SELECT 1 FROM companies WHERE companies.id = order_search_memos.company_id);
  INSERT INTO order_search_changes (company_id, changes)
  SELECT DISTINCT deleted.company_id, 1 FROM deleted_orders AS deleted
  WHERE EXISTS (SELECT 1 FROM companies WHERE companies.id = deleted.company_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_search_changed_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS inserted_orders FOR EACH STATEMENT EXECUTE FUNCTION order_search_changed_by_insert();
--> statement-breakpoint
CREATE TRIGGER orders_search_changed_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS deleted_orders FOR EACH STATEMENT EXECUTE FUNCTION order_search_changed_by_delete();
--> statement-breakpoint
-- What a search reads of an order besides its words: its reference and its driver (whose external
-- id is a reference too). Nothing changes them after the insert today (nor the subject or the
-- creation time, which the words' row trigger of 0020 follows); a row trigger on just those
-- columns keeps the memos right if anything does, and costs the fulfilment's updates nothing.
CREATE FUNCTION order_search_changed_by_row() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO order_search_changes (company_id, changes) VALUES (NEW.company_id, 1);
  IF OLD.company_id IS DISTINCT FROM NEW.company_id THEN
    INSERT INTO order_search_changes (company_id, changes) VALUES (OLD.company_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_search_changed_updated AFTER UPDATE OF company_id, id, subject_label, created_at, mvr_external_reference_id, person_id ON orders
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.id IS DISTINCT FROM NEW.id
        OR OLD.subject_label IS DISTINCT FROM NEW.subject_label OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.mvr_external_reference_id IS DISTINCT FROM NEW.mvr_external_reference_id OR OLD.person_id IS DISTINCT FROM NEW.person_id)
  EXECUTE FUNCTION order_search_changed_by_row();
--> statement-breakpoint
CREATE TRIGGER persons_search_changed_updated AFTER UPDATE OF company_id, external_id ON persons
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.external_id IS DISTINCT FROM NEW.external_id)
  EXECUTE FUNCTION order_search_changed_by_row();
--> statement-breakpoint
CREATE FUNCTION order_search_memos_truncate() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  TRUNCATE order_search_memos;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_search_memos_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_search_memos_truncate();
--> statement-breakpoint
-- A page of a free-text search, newest first (0020's order_ids_matching_subject: the same words,
-- the same reference, the same matches), and how many match: from the memo of the company's
-- current generation when there is one, else found now, and remembered when at least `memo_from`
-- match (a smaller search costs less to find again than to remember). At most `keep` ids are
-- remembered (the list's count cap + 1); a page beyond them is found anew.
--
-- Exact under READ COMMITTED although its statements each take a snapshot of their own: the
-- generation is read first, the matches after, so the matches see every change the generation
-- counted and maybe more. A memo's matches are never older than its generation; a reader whose
-- generation differs, because a change committed since, finds them anew (a change that was counted
-- but arrived in the matches only makes a memo look older than it is, and it is found again). The
-- sum only grows: rows are only appended, and compaction (0022's way) replaces rows by their sum
-- in one statement, so equal sums mean that no change committed in between.
--
-- SECURITY DEFINER, as 0020's search, held to the caller's company whenever one is set. VOLATILE:
-- it writes the memo.
CREATE FUNCTION order_search_page(company uuid, words text[], reference text, skip integer, take integer, memo_from integer, keep integer)
  RETURNS TABLE (matches integer, order_ids uuid[])
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1
AS $$
DECLARE
  current_generation bigint;
  found_ids uuid[];
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN;
  END IF;
  SELECT coalesce(sum(changed.changes), 0) INTO current_generation
  FROM order_search_changes AS changed WHERE changed.company_id = company;
  SELECT memo.matches, memo.order_ids[skip + 1 : skip + take] INTO matches, order_ids
  FROM order_search_memos AS memo
  WHERE memo.company_id = company AND memo.words = order_search_page.words AND memo.reference = lower(order_search_page.reference)
    AND memo.generation = current_generation
    AND (skip + take <= cardinality(memo.order_ids) OR memo.matches <= cardinality(memo.order_ids));
  IF FOUND THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT array_agg(found.id ORDER BY found.created_at DESC, found.id DESC) INTO found_ids
  FROM order_ids_matching_subject(company, order_search_page.words, order_search_page.reference) AS found;
  matches := coalesce(cardinality(found_ids), 0);
  order_ids := coalesce(found_ids[skip + 1 : skip + take], '{}');
  IF matches >= memo_from THEN
    -- A memo of a newer generation, written meanwhile by another request, is kept.
    INSERT INTO order_search_memos AS kept (company_id, words, reference, generation, found_at, matches, order_ids)
    VALUES (company, order_search_page.words, lower(order_search_page.reference), current_generation, now(), matches, found_ids[1 : keep])
    ON CONFLICT ON CONSTRAINT order_search_memos_company_id_words_reference_pk DO UPDATE
      SET generation = excluded.generation, found_at = excluded.found_at, matches = excluded.matches, order_ids = excluded.order_ids
      WHERE kept.generation <= excluded.generation;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_search_page(uuid, text[], text, integer, integer, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_search_page(uuid, text[], text, integer, integer, integer, integer) TO clearlane_tenant;
--> statement-breakpoint
-- Compaction, as compact_order_counts (0022, whose comment says why it is exact while changes keep
-- arriving): a company's rows replaced by their sum, in one statement.
CREATE FUNCTION compact_order_search_changes(company uuid) RETURNS bigint
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  removed bigint;
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN 0;
  END IF;
  IF NOT pg_try_advisory_xact_lock(hashtext('compact_order_search_changes'), hashtext(company::text)) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM order_search_changes WHERE company_id = company
    RETURNING company_id, changes
  ), summed AS (
    INSERT INTO order_search_changes (company_id, changes)
    SELECT gone.company_id, sum(gone.changes) FROM gone GROUP BY gone.company_id
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM gone) - (SELECT count(*) FROM summed) INTO removed;
  RETURN removed;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION compact_order_search_changes(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION compact_order_search_changes(uuid) TO clearlane_tenant;
--> statement-breakpoint
-- The tenant role reads one company's rows of both, as the other company tables (0003); it writes
-- neither (order_search_page writes the memos).
ALTER TABLE order_search_changes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_search_changes_of_current_company ON order_search_changes TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON order_search_changes FROM clearlane_tenant;
--> statement-breakpoint
ALTER TABLE order_search_memos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_search_memos_of_current_company ON order_search_memos TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON order_search_memos FROM clearlane_tenant;
