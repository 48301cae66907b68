-- Roles of ARCHITECTURE section 4. hxk_app runs every school request (row-level security applies);
-- hxk_platform runs the few platform paths that must cross schools (db/tenancy.ts). Both are
-- NOLOGIN: the connecting user switches with SET LOCAL ROLE. Idempotent because roles are global to
-- the cluster and several databases (tests, schools' staging) may share one.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hxk_app') THEN
    CREATE ROLE hxk_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hxk_platform') THEN
    CREATE ROLE hxk_platform NOLOGIN NOSUPERUSER BYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT hxk_app TO %I', current_user);
  EXECUTE format('GRANT hxk_platform TO %I', current_user);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'could not grant hxk roles to %: %', current_user, SQLERRM;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hxk_app, hxk_platform;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE hxk_id_seq TO hxk_app, hxk_platform;
--> statement-breakpoint
-- Every tenant table calls this once in the migration that creates it: RLS enabled and forced, one
-- fail-closed policy (no app.school_id set => no rows), and the request role's grants.
CREATE OR REPLACE FUNCTION hxk_enable_tenant_rls(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS school_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY school_isolation ON %s USING (school_id = nullif(current_setting(''app.school_id'', true), '''')::bigint) WITH CHECK (school_id = nullif(current_setting(''app.school_id'', true), '''')::bigint)',
    tbl);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO hxk_app', tbl);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO hxk_platform', tbl);
END
$$;
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('school_memberships');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('org_units');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('login_logs');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('files');
--> statement-breakpoint
-- Platform tables: the platform role only. A school request may read the public columns of a
-- school and of accounts (names in lists) but never a password hash, and may write none of them.
GRANT SELECT, INSERT, UPDATE, DELETE ON schools, school_domains, accounts, sessions, sms_codes, qr_codes TO hxk_platform;
--> statement-breakpoint
GRANT SELECT (id, name, code, title) ON schools TO hxk_app;
--> statement-breakpoint
GRANT SELECT (id, account, phone, email, name, sex, avatar_key, status) ON accounts TO hxk_app;
