-- Row-level security for the tables of migration 0017 (questionnaires, their courses and teachers,
-- enrolment, who answered and what was answered): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('questionnaires');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('questionnaire_courses');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('questionnaire_teachers');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('course_students');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('questionnaire_submissions');
--> statement-breakpoint
SELECT hxk_enable_tenant_rls('questionnaire_responses');
--> statement-breakpoint
-- An answer, once given, is neither changed nor withdrawn: the school role may add and read who
-- answered and what, never change or remove it (cascades from a deleted course still apply).
REVOKE UPDATE, DELETE ON questionnaire_submissions, questionnaire_responses FROM hxk_app;
--> statement-breakpoint
-- A response names the class whose QR code was scanned; should the class go, only
-- course_session_id is nulled (PostgreSQL 15+ column list; see 0014), the answers stay.
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_session_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE SET NULL ("course_session_id");
