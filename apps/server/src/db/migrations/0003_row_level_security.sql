-- Row-level security, the second wall behind the repositories' WHERE company_id (DESIGN.md §5).
-- Work done for a company (a signed-in request, an order's job) runs as clearlane_tenant, a role
-- without BYPASSRLS, with app.company_id set (db/client.ts, db/tenant-scope.ts): it sees and writes
-- only that company's rows of the tables below, whatever a query forgets. Work done for no company
-- (sign-in, the CLI, seeds, pg-boss) runs as the connecting role, which owns the tables.
-- Roles belong to the whole server, not one database: several databases (the tests') may run this
-- at once, so an existing role is not an error.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'clearlane_tenant') THEN
    CREATE ROLE clearlane_tenant NOLOGIN NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The connecting role must be a member to SET ROLE to it (a superuser needs no membership).
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, 'clearlane_tenant', 'MEMBER') THEN
    EXECUTE format('GRANT clearlane_tenant TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO clearlane_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO clearlane_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO clearlane_tenant;
--> statement-breakpoint
-- Tables of later migrations are granted as they are created.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO clearlane_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO clearlane_tenant;
--> statement-breakpoint
DO $$
DECLARE
  company_table text;
BEGIN
  FOREACH company_table IN ARRAY ARRAY['persons', 'businesses', 'report_groups', 'orders', 'order_events', 'rulesets', 'tags'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', company_table);
    -- An unset app.company_id matches no company: the tenant role then sees nothing.
    EXECUTE format(
      'CREATE POLICY %I ON %I TO clearlane_tenant
         USING (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)
         WITH CHECK (company_id = nullif(current_setting(''app.company_id'', true), '''')::uuid)',
      company_table || '_of_current_company', company_table);
  END LOOP;
END $$;
