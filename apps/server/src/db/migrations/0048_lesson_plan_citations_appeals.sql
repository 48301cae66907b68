CREATE TABLE "lesson_plan_appeals" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"plan_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"level" integer NOT NULL,
	"level_after" integer,
	"opinion" text,
	"handler_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	CONSTRAINT "lesson_plan_appeals_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "lesson_plan_appeals_ck" CHECK ("lesson_plan_appeals"."status" in ('pending', 'resolved', 'unresolved') and char_length(btrim("lesson_plan_appeals"."reason")) >= 5 and char_length("lesson_plan_appeals"."reason") <= 1000
    and "lesson_plan_appeals"."level" between 1 and 4 and ("lesson_plan_appeals"."level_after" is null or "lesson_plan_appeals"."level_after" between 1 and 4)
    and (("lesson_plan_appeals"."status" = 'resolved') = ("lesson_plan_appeals"."level_after" is not null))
    and (("lesson_plan_appeals"."status" <> 'pending') = ("lesson_plan_appeals"."handler_id" is not null and "lesson_plan_appeals"."handled_at" is not null))
    and ("lesson_plan_appeals"."status" <> 'unresolved' or "lesson_plan_appeals"."opinion" is not null) and ("lesson_plan_appeals"."status" <> 'pending' or "lesson_plan_appeals"."opinion" is null)
    and ("lesson_plan_appeals"."opinion" is null or (char_length(btrim("lesson_plan_appeals"."opinion")) >= 5 and char_length("lesson_plan_appeals"."opinion") <= 1000)))
);
--> statement-breakpoint
CREATE TABLE "lesson_plan_citations" (
	"school_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"course_session_id" bigint NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_plan_citations_school_id_plan_id_account_id_course_session_id_pk" PRIMARY KEY("school_id","plan_id","account_id","course_session_id"),
	CONSTRAINT "lesson_plan_citations_ck" CHECK ("lesson_plan_citations"."source" in ('patrol', 'evaluation'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_ck";--> statement-breakpoint
ALTER TABLE "lesson_plan_appeals" ADD CONSTRAINT "lesson_plan_appeals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_appeals" ADD CONSTRAINT "lesson_plan_appeals_school_id_plan_id_lesson_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."lesson_plans"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_appeals" ADD CONSTRAINT "lesson_plan_appeals_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_appeals" ADD CONSTRAINT "lesson_plan_appeals_handler_fk" FOREIGN KEY ("school_id","handler_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_citations" ADD CONSTRAINT "lesson_plan_citations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_citations" ADD CONSTRAINT "lesson_plan_citations_school_id_plan_id_lesson_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."lesson_plans"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_citations" ADD CONSTRAINT "lesson_plan_citations_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_citations" ADD CONSTRAINT "lesson_plan_citations_account_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_plan_appeals_plan_uq" ON "lesson_plan_appeals" USING btree ("school_id","plan_id");--> statement-breakpoint
CREATE INDEX "lesson_plan_appeals_status_idx" ON "lesson_plan_appeals" USING btree ("school_id","status","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ck" CHECK ("notifications"."kind" in ('invitation.new', 'invitation.agreed', 'invitation.rejected', 'invitation.withdrawn', 'evaluation.received', 'appeal.new', 'appeal.resolved', 'appeal.unresolved', 'appeal.withdrawn', 'lessonPlan.reminder', 'lessonPlan.evaluated', 'lessonPlan.appealed', 'lessonPlan.appealResolved', 'lessonPlan.appealUnresolved') and jsonb_typeof("notifications"."params") = 'object' and ("notifications"."link" is null or "notifications"."link" like '/%'));