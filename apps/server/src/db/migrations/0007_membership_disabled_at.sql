-- A Company Admin switches a user off in one company (PATCH /users/{id}); null means enabled.
ALTER TABLE "memberships" ADD COLUMN "disabled_at" timestamp with time zone;
