-- A Company Admin switches a user off in one company (PATCH /users/{id}); null means enabled.
ALTER TABLE "memberships" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
-- The caller of an authenticated request in one call (access/principal.ts): the user, their enabled
-- membership and company (with its plugins), whether the session (refresh family) is live, and the role's
-- permissions. PL/pgSQL keeps the plan of its query for the session: PGlite, which gets no named
-- statements through drizzle, would otherwise plan the joins on every request.
CREATE FUNCTION principal_of(p_user_id uuid, p_company_id uuid, p_session_id uuid)
RETURNS TABLE (
  user_id uuid, email text, first_name text, last_name text, role text,
  company_id uuid, company_name text, tenant_identifier text, plugins text[], session_live boolean, permissions json
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id, u.email, u.first_name, u.last_name, m.role, c.id, c.name, c.tenant_identifier, c.plugins,
    EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.family_id = p_session_id AND rt.user_id = u.id AND rt.revoked_at IS NULL),
    coalesce((SELECT json_agg(json_build_object('action', rp.action, 'subject', rp.subject) ORDER BY rp.action, rp.subject)
              FROM role_permissions rp WHERE rp.role = m.role), '[]'::json)
  FROM users u
  JOIN memberships m ON m.user_id = u.id
  JOIN companies c ON c.id = m.company_id
  WHERE u.id = p_user_id AND m.company_id = p_company_id AND m.disabled_at IS NULL AND u.status <> 'DISABLED';
END
$$;
