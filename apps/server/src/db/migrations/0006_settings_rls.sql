SELECT hxk_enable_tenant_rls('school_settings');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('applications');
