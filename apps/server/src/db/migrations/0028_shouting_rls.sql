-- Row-level security for the tables of the shouting migration (classroom terminal keys, broadcast
-- log): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('shout_terminal_keys');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('shout_broadcasts');
