-- Row-level security for the tables of migration 0040 (single sign-on): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('sso_configs');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('sso_identities');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('sso_requests');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('sso_logins');
