-- Row-level security for the tables of migration 0046 (the assistant's provider and usage): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('assistant_settings');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('assistant_usage');
