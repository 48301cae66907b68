SELECT hxk_enable_tenant_rls('roles');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('role_menus');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('user_roles');
--> statement-breakpoint
-- The session lookup now also returns the menu and button ids the person's roles grant in the
-- session's school, still in one statement.
DROP FUNCTION IF EXISTS hxk_session_lookup(text);
--> statement-breakpoint
CREATE FUNCTION hxk_session_lookup(p_token_hash text)
RETURNS TABLE (
  session_id bigint,
  account_id bigint,
  school_id bigint,
  method text,
  last_seen_at timestamptz,
  expires_at timestamptz,
  account text,
  name text,
  status text,
  must_change_password boolean,
  identity integer,
  membership_status text,
  menu_ids integer[]
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.id, s.account_id, s.school_id, s.method, s.last_seen_at, s.expires_at,
         a.account, a.name, a.status, a.must_change_password, m.identity, m.status,
         ARRAY(
           SELECT DISTINCT rm.menu_id FROM user_roles ur
           JOIN role_menus rm ON rm.school_id = ur.school_id AND rm.role_id = ur.role_id
           WHERE ur.school_id = s.school_id AND ur.account_id = s.account_id
         )
  FROM sessions s
  JOIN accounts a ON a.id = s.account_id
  LEFT JOIN school_memberships m ON m.school_id = s.school_id AND m.account_id = s.account_id
  WHERE s.token_hash = p_token_hash AND s.revoked_at IS NULL
  LIMIT 1
$$;
--> statement-breakpoint
ALTER FUNCTION hxk_session_lookup(text) OWNER TO hxk_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION hxk_session_lookup(text) FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT EXECUTE ON FUNCTION hxk_session_lookup(text) TO %I', current_user);
END
$$;
