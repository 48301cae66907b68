ALTER TABLE "lesson_plan_appeals" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "lesson_plan_appeals" ADD COLUMN "score_after" double precision;--> statement-breakpoint
ALTER TABLE "lesson_plan_collections" ADD COLUMN "template_version_id" bigint;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD COLUMN "answers" jsonb;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD COLUMN "score" double precision;--> statement-breakpoint
ALTER TABLE "lesson_plan_collections" ADD CONSTRAINT "lesson_plan_collections_template_version_fk" FOREIGN KEY ("school_id","template_version_id") REFERENCES "public"."template_versions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_appeals" ADD CONSTRAINT "lesson_plan_appeals_score_ck" CHECK (("lesson_plan_appeals"."score" is null or "lesson_plan_appeals"."score" >= 0)
    and ("lesson_plan_appeals"."score_after" is null or ("lesson_plan_appeals"."score_after" >= 0 and "lesson_plan_appeals"."score" is not null and "lesson_plan_appeals"."status" = 'resolved')));--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_score_ck" CHECK ((("lesson_plans"."answers" is null) = ("lesson_plans"."score" is null)) and ("lesson_plans"."score" is null or ("lesson_plans"."score" >= 0 and "lesson_plans"."level" is not null))
    and ("lesson_plans"."answers" is null or jsonb_typeof("lesson_plans"."answers") = 'object'));