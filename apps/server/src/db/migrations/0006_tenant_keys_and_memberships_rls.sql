-- Tenant foreign keys include company_id. PostgreSQL's foreign key checks bypass row-level
-- security, so a plain orders.person_id → persons.id let an order name another company's driver
-- whenever a bug passed the wrong id. Each parent gets a unique key (company_id, id), and each child
-- refers to it with its own company_id: the database itself refuses a reference across companies.
ALTER TABLE "persons" ADD CONSTRAINT "persons_company_id_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_company_id_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "report_groups" ADD CONSTRAINT "report_groups_company_id_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_fk" FOREIGN KEY ("company_id","person_id") REFERENCES "public"."persons"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_fk" FOREIGN KEY ("company_id","business_id") REFERENCES "public"."businesses"("company_id","id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
-- Deleting a group empties its orders' report_group_id only: a plain SET NULL would also null
-- their company_id (PostgreSQL 15 accepts the column list).
ALTER TABLE "orders" ADD CONSTRAINT "orders_report_group_fk" FOREIGN KEY ("company_id","report_group_id") REFERENCES "public"."report_groups"("company_id","id") ON DELETE SET NULL ("report_group_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_person_id_persons_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_report_group_id_report_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_order_id_orders_id_fk";
--> statement-breakpoint
-- Memberships get the policy of 0003: company work (the tenant role with app.company_id) sees and
-- changes only its own company's members. Reads that belong to no one company — sign-in choosing
-- the company, loading the caller before their company is entered, the CLI — run as the owner, and
-- a signed-in user's list of their own companies runs outside the company scope on purpose
-- (membershipsOf in identity/identity.repository.ts).
ALTER TABLE "memberships" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "memberships_of_current_company" ON "memberships" TO clearlane_tenant
  USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
