-- Row-level security for the tables of migration 0048 (lesson-plan citations and appeals): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('lesson_plan_citations');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('lesson_plan_appeals');
