-- Free text in orders (GET /orders?filter=) matches the subject's words from their beginning, and
-- the identifier that ends a subject (an MVR's licence number, a VIN) also by its last characters,
-- in place of any part of the subject (ILIKE '%…%' through trigrams, 0004). Compliance staff type a
-- name or the start of one ("mart": Martin, Martinez), a whole licence number, VIN or its start, or
-- the last characters of a VIN ("the last six"); they do not type the middle of a word. The trigram
-- search read the posting lists of every trigram across all companies and then rechecked each
-- candidate row (ILIKE is never decided by the index), and wrote ~35 index entries per order; a word
-- index writes ~6 and decides a match without a recheck (bench/README.md, DECISIONS.md).
--
-- The words of a subject (order_search_words): the 'simple' text-search parser's words, lowercased,
-- after hyphens become spaces (so "EMP-0042" is emp and 0042, not emp and a negative number) and
-- apostrophes go ("O'Brien" is obrien); and, when the subject's last space-separated part holds a
-- digit and has at least four characters, that part without punctuation, reversed behind a '~'
-- ("(TX D0012345)": ~5432100d), so that its end is the start of a word too. Each word is held
-- behind its company's id ("<company id>/martin"), so that one company's matches are one posting
-- list, rather than the company's every order intersected with every company's matches (with
-- company_id as a GIN column of its own: 11 ms for "martin" in a company of 134,000 orders). Built-in
-- functions only (an index expression must not depend on the search_path), in one expression that
-- PostgreSQL inlines where it is used.
CREATE FUNCTION order_search_words(company uuid, label text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT array_to_tsvector(string_to_array(company::text || '/' || array_to_string(tsvector_to_array(
    to_tsvector('simple', translate(label, '-''’', ' '))
    || CASE WHEN length(lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', ''))) >= 4
             AND translate(lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', '')), '0123456789', '') <> lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', ''))
            THEN array_to_tsvector(ARRAY['~' || reverse(lower(translate(split_part(label, ' ', -1), '()[]-.,;:/#''’', '')))])
            ELSE ''::tsvector END
  ), ' ' || company::text || '/'), ' '))
$$;
--> statement-breakpoint
-- What a typed search asks of those words (order_search_query): each word typed, read the same way,
-- must begin a word of the subject, in any order ("smith john" finds John Smith); a word of at least
-- four characters holding a digit may instead end the subject's identifier ("4352": …A004352;
-- "fleet 1" stays Fleet 1, 10-19, 100…, not Fleet 21). Null when nothing is left to look for (only
-- punctuation): then no subject matches.
CREATE FUNCTION order_search_query(company uuid, typed text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT string_agg(
    '(''' || company::text || '/' || replace(replace(lexeme, '\', '\\'), '''', '''''') || ''':*'
    || CASE WHEN length(lexeme) >= 4 AND translate(lexeme, '0123456789', '') <> lexeme
            THEN ' | ''' || company::text || '/~' || replace(replace(reverse(lexeme), '\', '\\'), '''', '''''') || ''':*' ELSE '' END
    || ')', ' & ')::tsquery
  FROM unnest(tsvector_to_array(to_tsvector('simple', translate(typed, '-''’', ' ')))) AS lexeme
$$;
--> statement-breakpoint
DROP INDEX "orders_subject_trgm_idx";
--> statement-breakpoint
CREATE INDEX "orders_subject_words_idx" ON "orders" USING gin (order_search_words("company_id", "subject_label"));
--> statement-breakpoint
-- The search itself, with 0013's rules: SECURITY DEFINER (under the policies PostgreSQL will not use
-- the non-leakproof @@ as an index condition), held to the company asked for, which must also be
-- the caller's app.company_id whenever one is set; the subject by its words, a reference (the
-- order's external reference, the driver's external id) whole, in any case. Every row returned is
-- the company's: the words index answers only the company its query was built for, and each row is
-- checked again. That check is written `IS TRUE` so that it is not an index condition: otherwise,
-- planned once for any company (a SQL function's plan), PostgreSQL reads a large company's every
-- order through the company's index and works out the words of each (seconds), rather than one
-- posting list of the words index (~1 ms).
CREATE FUNCTION orders_matching_subject(company uuid, words tsquery, reference text) RETURNS SETOF orders
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
  SELECT * FROM orders
  WHERE company = coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company)
    AND (company_id = company) IS TRUE
    AND (
      order_search_words(company_id, subject_label) @@ words
      OR (company_id = company AND lower(mvr_external_reference_id) = lower(reference))
      OR (company_id = company AND person_id = ANY (ARRAY(
        SELECT id FROM persons WHERE company_id = company AND lower(external_id) = lower(reference)
      )))
    )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION orders_matching_subject(uuid, tsquery, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION orders_matching_subject(uuid, tsquery, text) TO clearlane_tenant;
--> statement-breakpoint
DROP FUNCTION orders_matching_subject(uuid, text, text);
