-- Row-level security for the live lessons and their shares (tables created in migration 0024, which
-- was generated while they were already in the schema): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('live_lessons');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('live_lesson_shares');
