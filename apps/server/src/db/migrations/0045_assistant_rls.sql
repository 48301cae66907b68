-- Row-level security for the tables of migration 0044 (the AI assistant): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('assistant_sessions');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('assistant_messages');
