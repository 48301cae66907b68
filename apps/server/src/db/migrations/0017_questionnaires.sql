CREATE TABLE "course_students" (
	"school_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_students_school_id_course_id_account_id_pk" PRIMARY KEY("school_id","course_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_courses" (
	"school_id" bigint NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	CONSTRAINT "questionnaire_courses_school_id_questionnaire_id_course_id_pk" PRIMARY KEY("school_id","questionnaire_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"school_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"course_id" bigint,
	"course_session_id" bigint,
	"answers" jsonb NOT NULL,
	"score_percent" double precision,
	CONSTRAINT "questionnaire_responses_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "questionnaire_responses_ck" CHECK (jsonb_typeof("questionnaire_responses"."answers") = 'object' and ("questionnaire_responses"."score_percent" is null or "questionnaire_responses"."score_percent" between 0 and 100)
    and ("questionnaire_responses"."course_session_id" is null or "questionnaire_responses"."course_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_submissions" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"course_id" bigint,
	"respondent_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_submissions_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_teachers" (
	"school_id" bigint NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	CONSTRAINT "questionnaire_teachers_school_id_questionnaire_id_teacher_id_pk" PRIMARY KEY("school_id","questionnaire_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"audience" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "questionnaires_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "questionnaires_ck" CHECK ("questionnaires"."audience" in ('student', 'teacher') and "questionnaires"."status" in ('draft', 'published', 'closed')
    and char_length(btrim("questionnaires"."title")) between 1 and 60
    and ("questionnaires"."description" is null or char_length("questionnaires"."description") <= 500) and "questionnaires"."end_date" >= "questionnaires"."start_date"
    and jsonb_typeof("questionnaires"."questions") = 'array' and "questionnaires"."question_count" = jsonb_array_length("questionnaires"."questions")
    and "questionnaires"."question_count" <= 20
    and ("questionnaires"."status" = 'draft' or ("questionnaires"."question_count" >= 1 and "questionnaires"."published_at" is not null))
    and (("questionnaires"."status" = 'closed') = ("questionnaires"."closed_at" is not null)))
);
--> statement-breakpoint
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_courses" ADD CONSTRAINT "questionnaire_courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_courses" ADD CONSTRAINT "questionnaire_courses_school_id_questionnaire_id_questionnaires_school_id_id_fk" FOREIGN KEY ("school_id","questionnaire_id") REFERENCES "public"."questionnaires"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_courses" ADD CONSTRAINT "questionnaire_courses_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_school_id_questionnaire_id_questionnaires_school_id_id_fk" FOREIGN KEY ("school_id","questionnaire_id") REFERENCES "public"."questionnaires"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD CONSTRAINT "questionnaire_submissions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD CONSTRAINT "questionnaire_submissions_school_id_questionnaire_id_questionnaires_school_id_id_fk" FOREIGN KEY ("school_id","questionnaire_id") REFERENCES "public"."questionnaires"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD CONSTRAINT "questionnaire_submissions_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD CONSTRAINT "questionnaire_submissions_respondent_fk" FOREIGN KEY ("school_id","respondent_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_teachers" ADD CONSTRAINT "questionnaire_teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_teachers" ADD CONSTRAINT "questionnaire_teachers_school_id_questionnaire_id_questionnaires_school_id_id_fk" FOREIGN KEY ("school_id","questionnaire_id") REFERENCES "public"."questionnaires"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_teachers" ADD CONSTRAINT "questionnaire_teachers_member_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_students_account_idx" ON "course_students" USING btree ("school_id","account_id");--> statement-breakpoint
CREATE INDEX "questionnaire_courses_course_idx" ON "questionnaire_courses" USING btree ("school_id","course_id");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_course_idx" ON "questionnaire_responses" USING btree ("school_id","questionnaire_id","course_id");--> statement-breakpoint
CREATE INDEX "questionnaire_responses_session_idx" ON "questionnaire_responses" USING btree ("school_id","course_session_id") WHERE "questionnaire_responses"."course_session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_submissions_course_uq" ON "questionnaire_submissions" USING btree ("school_id","questionnaire_id","course_id","respondent_id") WHERE "questionnaire_submissions"."course_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_submissions_once_uq" ON "questionnaire_submissions" USING btree ("school_id","questionnaire_id","respondent_id") WHERE "questionnaire_submissions"."course_id" is null;--> statement-breakpoint
CREATE INDEX "questionnaire_submissions_respondent_idx" ON "questionnaire_submissions" USING btree ("school_id","respondent_id");--> statement-breakpoint
CREATE INDEX "questionnaire_teachers_teacher_idx" ON "questionnaire_teachers" USING btree ("school_id","teacher_id");--> statement-breakpoint
CREATE INDEX "questionnaires_list_idx" ON "questionnaires" USING btree ("school_id","status","updated_at") WHERE "questionnaires"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "questionnaires_audience_idx" ON "questionnaires" USING btree ("school_id","audience","status") WHERE "questionnaires"."deleted_at" is null;