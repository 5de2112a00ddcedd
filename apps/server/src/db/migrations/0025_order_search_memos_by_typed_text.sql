-- A remembered search read for less (issue 8's orders list, shape (d): the largest bench company's
-- "martin", 2,243 matches). Two costs remained of 0023's memo on every request, for nothing:
-- the words typed were read again (order_search_query's to_tsvector, ~30 µs of PostgreSQL per
-- call) only to find the memo by them, and a first page's 20 ids were sliced from the whole 36 KB
-- array, detoasted from its out-of-line chunks, and detoasted again to compare its length
-- (~20 µs). A memo is now found by the text as typed (the API trims it), which decides both the
-- words searched and the reference, so the words are read only when the search is found anew; it
-- keeps its first ids inline (head_ids: a first page of any size, the first five of 20) and how
-- many ids it keeps (kept); and the list reads a remembered page in its own statement, without
-- calling 0023's function (remembered_search_page, below). The table is a cache: dropped and made
-- again, it is found again.
DROP TABLE "order_search_memos";
--> statement-breakpoint
CREATE UNLOGGED TABLE "order_search_memos" (
	"company_id" uuid NOT NULL,
	"typed" text NOT NULL,
	"generation" bigint NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"matches" integer NOT NULL,
	"kept" integer NOT NULL,
	"head_ids" uuid[] NOT NULL,
	"order_ids" uuid[] NOT NULL,
	CONSTRAINT "order_search_memos_company_id_typed_pk" PRIMARY KEY("company_id","typed")
);
--> statement-breakpoint
-- Random uuids do not compress: the whole array is stored out of line as it is (0023), and the
-- first ids are kept in the row itself (100 ids, 1.6 KB: the row stays under the 2 KB at which
-- PostgreSQL would move them out too).
ALTER TABLE "order_search_memos" ALTER COLUMN "order_ids" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "order_search_memos" ALTER COLUMN "head_ids" SET STORAGE MAIN;
--> statement-breakpoint
ALTER TABLE order_search_memos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_search_memos_of_current_company ON order_search_memos TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON order_search_memos FROM clearlane_tenant;
--> statement-breakpoint
DROP FUNCTION order_search_page(uuid, text[], text, integer, integer, integer, integer);
--> statement-breakpoint
-- A page of a remembered search: its matches and the page's ids, from the memo of the text typed
-- at the company's current generation, when it has them (a page within the first ids from
-- head_ids); no row when there is none. The generation and the memo are read in one statement, so
-- in one snapshot. A SQL function the planner writes into the list's statement (not SECURITY
-- DEFINER, no SET, STABLE: PostgreSQL inlines it), so that the list reads a remembered search
-- without a function call: 0023's call cost ~30 µs of PostgreSQL more per request than the
-- same reads written in the statement. Read with the caller's rights, under the memos' and the
-- changes' policies (0023): a tenant reads its own company's.
CREATE FUNCTION remembered_search_page(company uuid, typed text, skip integer, take integer)
  RETURNS TABLE (matches integer, order_ids uuid[])
  LANGUAGE sql STABLE
AS $$
  SELECT memo.matches,
         CASE WHEN skip + take <= cardinality(memo.head_ids) OR memo.kept <= cardinality(memo.head_ids)
              THEN memo.head_ids[skip + 1 : skip + take]
              ELSE memo.order_ids[skip + 1 : skip + take] END
  FROM order_search_memos AS memo
  WHERE memo.company_id = company AND memo.typed = remembered_search_page.typed
    AND memo.generation = (SELECT coalesce(sum(changed.changes), 0)::bigint FROM order_search_changes AS changed WHERE changed.company_id = company)
    AND (skip + take <= memo.kept OR memo.matches <= memo.kept)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION remembered_search_page(uuid, text, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION remembered_search_page(uuid, text, integer, integer) TO clearlane_tenant;
--> statement-breakpoint
-- 0023's page of a free-text search, newest first, and how many match, now of the text typed: the
-- remembered page when there is one (above), else found now (order_ids_matching_subject with the
-- words typed and the text as a reference) and remembered when at least `memo_from` match, keeping
-- at most `keep` ids and the first 100 inline (a first page of any size, the first five of 20).
-- Exact under READ COMMITTED for the reasons 0023 gives: the generation is read before the matches.
-- SECURITY DEFINER, held to the caller's company whenever one is set. VOLATILE: it writes the memo.
CREATE FUNCTION order_search_page(company uuid, typed text, skip integer, take integer, memo_from integer, keep integer)
  RETURNS TABLE (matches integer, order_ids uuid[])
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp ROWS 1
AS $$
DECLARE
  head_size constant integer := 100;
  current_generation bigint;
  found_ids uuid[];
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN;
  END IF;
  SELECT remembered.matches, remembered.order_ids INTO matches, order_ids
  FROM remembered_search_page(company, order_search_page.typed, skip, take) AS remembered;
  IF FOUND THEN
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT coalesce(sum(changed.changes), 0) INTO current_generation
  FROM order_search_changes AS changed WHERE changed.company_id = company;
  SELECT array_agg(found.id ORDER BY found.created_at DESC, found.id DESC) INTO found_ids
  FROM order_ids_matching_subject(company, order_search_query(company, order_search_page.typed), order_search_page.typed) AS found;
  matches := coalesce(cardinality(found_ids), 0);
  order_ids := coalesce(found_ids[skip + 1 : skip + take], '{}');
  IF matches >= memo_from THEN
    -- A memo of a newer generation, written meanwhile by another request, is kept.
    INSERT INTO order_search_memos AS kept (company_id, typed, generation, found_at, matches, kept, head_ids, order_ids)
    VALUES (company, order_search_page.typed, current_generation, now(), matches, least(matches, keep), found_ids[1 : head_size], found_ids[1 : keep])
    ON CONFLICT ON CONSTRAINT order_search_memos_company_id_typed_pk DO UPDATE
      SET generation = excluded.generation, found_at = excluded.found_at, matches = excluded.matches,
          kept = excluded.kept, head_ids = excluded.head_ids, order_ids = excluded.order_ids
      WHERE kept.generation <= excluded.generation;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_search_page(uuid, text, integer, integer, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_search_page(uuid, text, integer, integer, integer, integer) TO clearlane_tenant;
