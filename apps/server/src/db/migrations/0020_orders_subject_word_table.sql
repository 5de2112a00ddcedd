-- Free text in the orders list (GET /orders?filter=) keeps 0018's rules, but finds, counts and
-- orders its matches in a table of words, one row per word of each order's subject, rather than in
-- a GIN index over orders. A GIN index finds a large company's 2,243 "martin" orders in ~1 ms but
-- neither counts them nor orders them: the list (an exact count up to 10,000, newest first) then
-- read every matching row from the table, 2,221 heap pages, ~9 ms (bench/README.md). A b-tree on
-- (company_id, word, created_at, order_id) answers a typed word's prefix as one range of entries
-- that holds the count and the order too; only the page's 20 orders are read from orders.
CREATE TABLE "order_subject_words" (
	"company_id" uuid NOT NULL,
	"word" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" uuid NOT NULL
);
--> statement-breakpoint
-- The words of a subject, as 0018 read them (order_search_words, without the company, which is now
-- a column): the 'simple' text-search parser's words, lowercased, after hyphens become spaces and
-- apostrophes go; and, when the subject's last space-separated part holds a digit and has at least
-- four characters, that part without punctuation, reversed behind a '~', so that its end is the
-- start of a word too. One expression of built-in functions, which PostgreSQL inlines where it is
-- used (a nested function of the identifier, called with an expression it would compute twice, is
-- not inlined: DECISIONS.md, "Orders search by words").
CREATE FUNCTION order_subject_words_of(label text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT tsvector_to_array(
    to_tsvector('simple', translate(label, '-''’', ' '))
    || CASE WHEN length(lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', ''))) >= 4
             AND translate(lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', '')), '0123456789', '') <> lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', ''))
            THEN array_to_tsvector(ARRAY['~' || reverse(lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', '')))])
            ELSE ''::tsvector END)
$$;
--> statement-breakpoint
-- The triggers that keep the words. Statement-level, with the statement's rows as a transition
-- table: an upload's 2,000-row INSERT writes its ~9,000 words in one INSERT … SELECT, not 2,000
-- trigger calls; in the index's order, so that the index takes them page by page (~9% less time
-- than in the orders' order, 10,000 orders in psql). SECURITY DEFINER: the tenant role may read the
-- words but not write them (below), so they stay a function of the orders it was allowed to write
-- (the orders' own policy checked those), and they are written without a policy check per word.
-- No foreign keys on the words (to orders or companies): each of an upload's ~50,000 words would be
-- checked by an index probe of its own, and the triggers already hold the words to their orders.
CREATE FUNCTION order_subject_words_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  INSERT INTO order_subject_words (company_id, word, created_at, order_id)
  SELECT inserted.company_id, subject_word, inserted.created_at, inserted.id
  FROM inserted_orders AS inserted, unnest(order_subject_words_of(inserted.subject_label)) AS subject_word
  ORDER BY inserted.company_id, subject_word;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order's words are found again from its subject, each one index probe; so is a whole company's
-- (a company's orders go with it, ON DELETE CASCADE).
CREATE FUNCTION order_subject_words_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM order_subject_words AS kept
  USING deleted_orders AS deleted, unnest(order_subject_words_of(deleted.subject_label)) AS subject_word
  WHERE kept.company_id = deleted.company_id AND kept.word = subject_word AND kept.created_at = deleted.created_at AND kept.order_id = deleted.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Nothing changes an order's subject or creation time today (set once, by the insert); tests move
-- created_at back. A row trigger on just those columns keeps the words right if anything does, and
-- costs nothing to the updates that do not name them (a transition table cannot be limited to
-- columns, and would copy every fulfilment's update).
CREATE FUNCTION order_subject_words_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  DELETE FROM order_subject_words
  WHERE company_id = OLD.company_id AND word = ANY (order_subject_words_of(OLD.subject_label)) AND created_at = OLD.created_at AND order_id = OLD.id;
  INSERT INTO order_subject_words (company_id, word, created_at, order_id)
  SELECT NEW.company_id, subject_word, NEW.created_at, NEW.id FROM unnest(order_subject_words_of(NEW.subject_label)) AS subject_word;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_subject_words_truncate() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  TRUNCATE order_subject_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Created before the words of the orders already there are written: the trigger's lock on orders,
-- held to the end of the migration's transaction, keeps any order from arriving in between.
CREATE TRIGGER orders_subject_words_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS inserted_orders FOR EACH STATEMENT EXECUTE FUNCTION order_subject_words_insert();
--> statement-breakpoint
CREATE TRIGGER orders_subject_words_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS deleted_orders FOR EACH STATEMENT EXECUTE FUNCTION order_subject_words_delete();
--> statement-breakpoint
CREATE TRIGGER orders_subject_words_updated AFTER UPDATE OF company_id, id, subject_label, created_at ON orders
  FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.id IS DISTINCT FROM NEW.id
        OR OLD.subject_label IS DISTINCT FROM NEW.subject_label OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION order_subject_words_update();
--> statement-breakpoint
CREATE TRIGGER orders_subject_words_truncated AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_subject_words_truncate();
--> statement-breakpoint
INSERT INTO order_subject_words (company_id, word, created_at, order_id)
SELECT orders.company_id, subject_word, orders.created_at, orders.id
FROM orders, unnest(order_subject_words_of(orders.subject_label)) AS subject_word;
--> statement-breakpoint
CREATE INDEX "order_subject_words_idx" ON "order_subject_words" USING btree ("company_id","word","created_at" DESC NULLS LAST,"order_id");
--> statement-breakpoint
-- Statistics now: planned without them, the search read a large company's every word (0.4 s).
ANALYZE order_subject_words;
--> statement-breakpoint
-- The tenant role reads one company's words, as the other company tables (0003); it writes none.
ALTER TABLE order_subject_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY order_subject_words_of_current_company ON order_subject_words TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON order_subject_words FROM clearlane_tenant;
--> statement-breakpoint
DROP FUNCTION orders_matching_subject(uuid, tsquery, text);
--> statement-breakpoint
DROP FUNCTION order_search_query(uuid, text);
--> statement-breakpoint
DROP INDEX "orders_subject_words_idx";
--> statement-breakpoint
DROP FUNCTION order_search_words(uuid, text);
--> statement-breakpoint
-- What a typed search asks (0018's rules): each word typed, read as a subject's words are, must
-- begin a word of the subject, in any order. The words typed, distinct; none when only punctuation
-- was typed (then no subject matches). The company is no longer part of a word (the words table
-- holds it in a column of its own); the argument stays, so that callers name the function as 0018
-- made them.
CREATE FUNCTION order_search_query(company uuid, typed text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT tsvector_to_array(to_tsvector('simple', translate(typed, '-''’', ' ')))
$$;
--> statement-breakpoint
-- The beginnings a word typed may match: itself; and a word of at least four characters holding a
-- digit may instead end the subject's identifier ("4352": …A004352), that is begin its '~' word
-- ("fleet 1" stays Fleet 1, 10-19, 100…, not Fleet 21).
CREATE FUNCTION order_search_prefixes(typed_word text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE WHEN length(typed_word) >= 4 AND translate(typed_word, '0123456789', '') <> typed_word
              THEN ARRAY[typed_word, '~' || reverse(typed_word)] ELSE ARRAY[typed_word] END
$$;
--> statement-breakpoint
-- The search: the creation time and id of each of the company's orders whose subject has, for
-- every word typed, a word it begins; or whose reference (the order's external reference, the
-- driver's external id) is the text, whole, in any case. From the words table's index alone, and
-- two index probes for the references. A prefix is a range of the index ('C' order: every word
-- from the prefix up to the prefix followed by the last code point), starts_with the exact rule.
-- An order is kept when each word typed found one of its words: a bit per word typed, all bits for
-- a reference match, so that one grouping of the matches decides it and counts each order once
-- (count(DISTINCT …) sorted each order's matches, and a UNION with the references grouped them all
-- again: 1.5-2.1 ms against 1.0-1.1 ms for "martin" in the largest bench company); the first 62
-- words typed count (the API takes 100 characters, at most 50 words). OFFSET 0 keeps
-- each prefix's range a scan of its own through the index: joined freely, PostgreSQL, which cannot
-- tell how narrow a prefix's range is, read the company's every word instead (0.7 s for "martin"
-- in the largest bench company while the new table's visibility map was still unset).
-- SECURITY DEFINER, as 0013's search: under the policies PostgreSQL will not use a function that
-- is not leakproof (lower() of a reference, the prefix's || of its end) in an index condition;
-- held to the company asked for, which must also be the caller's app.company_id whenever one is
-- set. PL/pgSQL so that each connection plans the query once (a SQL function's query is planned
-- at every call: ~1 ms more per search here).
CREATE FUNCTION order_ids_matching_subject(company uuid, words text[], reference text)
  RETURNS TABLE (created_at timestamptz, id uuid)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
BEGIN
  IF company IS DISTINCT FROM coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company) THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT found.created_at, found.order_id
    FROM (
      SELECT subject.created_at, subject.order_id, 1::bigint << (typed.place::int - 1) AS matched_word
      FROM unnest(words[1:62]) WITH ORDINALITY AS typed(word, place),
           unnest(order_search_prefixes(typed.word)) AS prefix,
           LATERAL (
             SELECT words_row.created_at, words_row.order_id FROM order_subject_words AS words_row
             WHERE words_row.company_id = company
               AND words_row.word >= prefix AND words_row.word < prefix || chr(1114111) AND starts_with(words_row.word, prefix)
             OFFSET 0
           ) AS subject
      UNION ALL
      SELECT orders.created_at, orders.id, -1 FROM orders
      WHERE orders.company_id = company AND lower(orders.mvr_external_reference_id) = lower(reference)
      UNION ALL
      SELECT orders.created_at, orders.id, -1 FROM orders
      WHERE orders.company_id = company AND orders.person_id = ANY (ARRAY(
        SELECT persons.id FROM persons WHERE persons.company_id = company AND lower(persons.external_id) = lower(reference)
      ))
    ) AS found
    GROUP BY found.created_at, found.order_id
    HAVING bit_or(found.matched_word) & ((1::bigint << cardinality(words[1:62])) - 1) = (1::bigint << cardinality(words[1:62])) - 1;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION order_ids_matching_subject(uuid, text[], text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION order_ids_matching_subject(uuid, text[], text) TO clearlane_tenant;
--> statement-breakpoint
-- The matching orders whole, for the lists that filter or sort them further (0013's function, on the
-- words table): each found by its id.
CREATE FUNCTION orders_matching_subject(company uuid, words text[], reference text) RETURNS SETOF orders
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
  SELECT * FROM orders
  WHERE orders.company_id = company
    AND orders.id IN (SELECT matched.id FROM order_ids_matching_subject(company, words, reference) AS matched)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION orders_matching_subject(uuid, text[], text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION orders_matching_subject(uuid, text[], text) TO clearlane_tenant;
