-- Row-level security for check-ins (migration 0012). A check-in cannot be cancelled: the school role
-- may add and read them, never change or remove one (cascades from a deleted class still apply).
SELECT hxk_enable_tenant_rls('check_ins');
--> statement-breakpoint
REVOKE UPDATE, DELETE ON check_ins FROM hxk_app;
