CREATE INDEX "accounts_email_idx" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "course_sessions_course_day_idx" ON "course_sessions" USING btree ("school_id","course_id","lesson_date");--> statement-breakpoint
CREATE INDEX "evaluations_course_idx" ON "evaluations" USING btree ("school_id","course_id","status");--> statement-breakpoint
CREATE INDEX "supervision_plans_created_idx" ON "supervision_plans" USING btree ("school_id","created_at");