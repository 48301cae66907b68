CREATE TABLE "lesson_plan_collections" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"target_kind" text NOT NULL,
	"creator_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_plan_collections_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "lesson_plan_collections_ck" CHECK ("lesson_plan_collections"."type" in ('lessonPlan', 'courseware', 'syllabus', 'other') and "lesson_plan_collections"."target_kind" in ('teachers', 'departments', 'courses')
    and char_length("lesson_plan_collections"."name") between 1 and 100 and char_length("lesson_plan_collections"."description") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "lesson_plan_dues" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"collection_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	CONSTRAINT "lesson_plan_dues_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "lesson_plan_files" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"plan_id" bigint NOT NULL,
	"file_id" bigint,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"added_in" integer NOT NULL,
	"removed_in" integer,
	"preview" text NOT NULL,
	"preview_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp with time zone,
	CONSTRAINT "lesson_plan_files_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "lesson_plan_files_ck" CHECK ("lesson_plan_files"."preview" in ('pdf', 'ready', 'pending', 'noConverter', 'tooLarge', 'failed') and "lesson_plan_files"."added_in" >= 1 and ("lesson_plan_files"."removed_in" is null or "lesson_plan_files"."removed_in" > "lesson_plan_files"."added_in")
    and (("lesson_plan_files"."file_id" is null) = ("lesson_plan_files"."expired_at" is not null)))
);
--> statement-breakpoint
CREATE TABLE "lesson_plans" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"due_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"late" boolean NOT NULL,
	"times_cited" integer DEFAULT 0 NOT NULL,
	"level" integer,
	"comment" text,
	"evaluator_id" bigint,
	"evaluated_at" timestamp with time zone,
	CONSTRAINT "lesson_plans_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "lesson_plans_ck" CHECK ("lesson_plans"."version" >= 1 and "lesson_plans"."times_cited" >= 0
    and ("lesson_plans"."level" is null or "lesson_plans"."level" between 1 and 4)
    and (("lesson_plans"."level" is null) = ("lesson_plans"."evaluated_at" is null)) and ("lesson_plans"."comment" is null or char_length("lesson_plans"."comment") <= 500))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_ck";--> statement-breakpoint
ALTER TABLE "lesson_plan_collections" ADD CONSTRAINT "lesson_plan_collections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_collections" ADD CONSTRAINT "lesson_plan_collections_creator_fk" FOREIGN KEY ("school_id","creator_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_dues" ADD CONSTRAINT "lesson_plan_dues_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_dues" ADD CONSTRAINT "lesson_plan_dues_school_id_collection_id_lesson_plan_collections_school_id_id_fk" FOREIGN KEY ("school_id","collection_id") REFERENCES "public"."lesson_plan_collections"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_dues" ADD CONSTRAINT "lesson_plan_dues_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_dues" ADD CONSTRAINT "lesson_plan_dues_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_files" ADD CONSTRAINT "lesson_plan_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plan_files" ADD CONSTRAINT "lesson_plan_files_school_id_plan_id_lesson_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."lesson_plans"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_plans" ADD CONSTRAINT "lesson_plans_school_id_due_id_lesson_plan_dues_school_id_id_fk" FOREIGN KEY ("school_id","due_id") REFERENCES "public"."lesson_plan_dues"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_plan_collections_released_idx" ON "lesson_plan_collections" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_plan_dues_uq" ON "lesson_plan_dues" USING btree ("school_id","collection_id","course_id");--> statement-breakpoint
CREATE INDEX "lesson_plan_dues_teacher_idx" ON "lesson_plan_dues" USING btree ("school_id","teacher_id");--> statement-breakpoint
CREATE INDEX "lesson_plan_dues_course_idx" ON "lesson_plan_dues" USING btree ("school_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_plan_files_file_uq" ON "lesson_plan_files" USING btree ("school_id","file_id");--> statement-breakpoint
CREATE INDEX "lesson_plan_files_plan_idx" ON "lesson_plan_files" USING btree ("school_id","plan_id");--> statement-breakpoint
CREATE INDEX "lesson_plan_files_created_idx" ON "lesson_plan_files" USING btree ("school_id","created_at") WHERE "lesson_plan_files"."expired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_plans_due_uq" ON "lesson_plans" USING btree ("school_id","due_id");--> statement-breakpoint
CREATE INDEX "lesson_plans_teacher_idx" ON "lesson_plans" USING btree ("school_id","teacher_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_ck" CHECK ("notifications"."kind" in ('invitation.new', 'invitation.agreed', 'invitation.rejected', 'invitation.withdrawn', 'evaluation.received', 'appeal.new', 'appeal.resolved', 'appeal.unresolved', 'appeal.withdrawn', 'lessonPlan.reminder', 'lessonPlan.evaluated') and jsonb_typeof("notifications"."params") = 'object' and ("notifications"."link" is null or "notifications"."link" like '/%'));