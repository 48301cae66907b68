-- Row-level security for the patrol tables of migration 0024 (visits, comments made while watching,
-- attendance marked during patrol): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('patrol_visits');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('patrol_comments');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('patrol_attendance');
