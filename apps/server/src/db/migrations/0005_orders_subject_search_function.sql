-- Under row-level security (0003) PostgreSQL will not use ILIKE, which is not "leakproof", as an
-- index condition: it would see other companies' rows before the policy filtered them out. So the
-- trigram index of 0004 went unused for company work, and free text read a large company's every
-- order again. This function runs the search as its owner (SECURITY DEFINER: not bound by the
-- policies, and never inlined into the caller's query), so the index answers it. It stays held to
-- one company: the one asked for, which must also be the caller's app.company_id when one is set
-- (always, for the tenant role). It returns order ids only; the caller's query reads the orders
-- themselves, under its own policies.
CREATE FUNCTION orders_with_subject_like(company uuid, pattern text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
  SELECT id FROM orders
  WHERE company_id = company
    AND company_id = coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company)
    AND subject_label ILIKE pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION orders_with_subject_like(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION orders_with_subject_like(uuid, text) TO clearlane_tenant;
