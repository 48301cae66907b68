-- Row-level security for the tables of migration 0038 (lesson plans): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('lesson_plan_collections');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('lesson_plan_dues');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('lesson_plans');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('lesson_plan_files');
--> statement-breakpoint
-- A plan's file names the uploaded file; when retention (or anyone) removes that file, only the
-- reference is nulled (PostgreSQL 15+ column list; see 0014) and the plan keeps its name, size and type.
ALTER TABLE "lesson_plan_files" ADD CONSTRAINT "lesson_plan_files_file_fk" FOREIGN KEY ("school_id","file_id") REFERENCES "public"."files"("school_id","id") ON DELETE SET NULL ("file_id");
