CREATE INDEX "orders_external_reference_idx" ON "orders" USING btree ("company_id",lower("mvr_external_reference_id"));--> statement-breakpoint
CREATE INDEX "persons_external_id_idx" ON "persons" USING btree ("company_id",lower("external_id"));--> statement-breakpoint
-- Free text in orders (GET /orders?filter=) also finds an order by a reference a compliance manager
-- holds in their own records: the order's external reference (also a bulk sheet row's "External
-- reference") or the driver's external id, typed whole, in any case. The subject keeps matching as
-- a part ("mart" finds Martin), through the trigram index; a reference matches only whole, so
-- "EMP-1" does not list EMP-10 to EMP-19, and each side is one b-tree probe: the two indexes above.
-- The driver's orders are found through an array of the matching drivers' ids (an InitPlan), so
-- the OR of three conditions stays one bitmap OR of three index scans rather than a table scan.
-- It replaces the two-argument function of 0008 and keeps its rules: SECURITY DEFINER (the policies
-- would keep the indexes from answering), held to the company asked for, which must be the
-- caller's app.company_id whenever one is set.
CREATE FUNCTION orders_matching_subject(company uuid, pattern text, reference text) RETURNS SETOF orders
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100
AS $$
  SELECT * FROM orders
  WHERE company_id = company
    AND company_id = coalesce(nullif(current_setting('app.company_id', true), '')::uuid, company)
    AND (
      subject_label ILIKE pattern
      OR lower(mvr_external_reference_id) = lower(reference)
      OR person_id = ANY (ARRAY(
        SELECT id FROM persons WHERE company_id = company AND lower(external_id) = lower(reference)
      ))
    )
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION orders_matching_subject(uuid, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION orders_matching_subject(uuid, text, text) TO clearlane_tenant;
--> statement-breakpoint
DROP FUNCTION orders_matching_subject(uuid, text);
