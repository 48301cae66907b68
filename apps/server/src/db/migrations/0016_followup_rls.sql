-- Row-level security for the tables of migration 0015 (invitations, appeals, appeal images,
-- notifications, indicator scores of evaluations): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('invitations');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('appeals');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('appeal_images');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('notifications');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('evaluation_section_scores');
