-- Resolving a session is on every request's path. As a SECURITY DEFINER function owned by the
-- platform role it is one statement, with no transaction and no role switch around it, and it can
-- do nothing but this lookup.
CREATE OR REPLACE FUNCTION hxk_session_lookup(p_token_hash text)
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
  membership_status text
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.id, s.account_id, s.school_id, s.method, s.last_seen_at, s.expires_at,
         a.account, a.name, a.status, a.must_change_password, m.identity, m.status
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
