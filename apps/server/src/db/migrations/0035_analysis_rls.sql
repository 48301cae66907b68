-- Row-level security for the tables of migration 0034 (AI classroom analysis): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('class_analyses');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('class_analysis_samples');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('class_analysis_segments');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('class_analysis_hits');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('sensitive_words');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('ai_warning_rules');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('analysis_corrections');
--> statement-breakpoint
-- A warning names the analysis and the rule that raised it; should either go, only that column is
-- nulled (PostgreSQL 15+ column list; see 0014) and the warning stays in the record.
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_analysis_fk" FOREIGN KEY ("school_id","analysis_id") REFERENCES "public"."class_analyses"("school_id","id") ON DELETE SET NULL ("analysis_id");
--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_rule_fk" FOREIGN KEY ("school_id","rule_id") REFERENCES "public"."ai_warning_rules"("school_id","id") ON DELETE SET NULL ("rule_id");
