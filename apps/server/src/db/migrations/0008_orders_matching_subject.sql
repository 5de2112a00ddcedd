-- Free text in orders (GET /orders?filter=) through one search per list, returning the rows. The
-- function of 0005 returned ids: a list ran it twice (for the page and for its count) and then
-- looked each match up again by id, 2,243 index probes and heap reads apiece for "martin" in a
-- company of 134,000 orders (bench/orders-list.ts, shape d). This one returns the matching orders
-- themselves; a list reads them once per statement, in place of the table (orders.repository.ts).
-- It keeps 0005's rules: it runs as its owner (SECURITY DEFINER: not bound by the policies, and
-- never inlined, so the trigram index answers its ILIKE), and only for one company, the one asked
-- for, which must also be the caller's app.company_id when one is set (always, for the tenant role).
CREATE FUNCTION orders_matching_subject(company uuid, pattern text) RETURNS SETOF orders
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
  SELECT * FROM orders
  WHERE company_id = company
    AND company_id = coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company)
    AND subject_label ILIKE pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION orders_matching_subject(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION orders_matching_subject(uuid, text) TO clearlane_tenant;
--> statement-breakpoint
DROP FUNCTION orders_with_subject_like(uuid, text);
