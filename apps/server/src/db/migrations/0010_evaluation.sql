CREATE TABLE "classifications" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classifications_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "classifications_ck" CHECK ("classifications"."kind" in ('indicator', 'question') and char_length("classifications"."name") between 1 and 35 and "classifications"."sort" between 0 and 9999)
);
--> statement-breakpoint
CREATE TABLE "evaluation_templates" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"total_score" double precision DEFAULT 0 NOT NULL,
	"section_count" integer DEFAULT 0 NOT NULL,
	"question_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "evaluation_templates_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluation_templates_ck" CHECK ("evaluation_templates"."status" in ('draft', 'published', 'stopped') and jsonb_typeof("evaluation_templates"."content") = 'object' and "evaluation_templates"."version" >= 0 and "evaluation_templates"."total_score" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"plan_id" bigint,
	"template_version_id" bigint NOT NULL,
	"course_session_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"evaluator_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_score" double precision,
	"comment" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "evaluations_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluations_ck" CHECK ("evaluations"."kind" in ('plan', 'free', 'invited', 'temporary') and "evaluations"."status" in ('draft', 'submitted')
    and ("evaluations"."status" = 'draft' or ("evaluations"."submitted_at" is not null and "evaluations"."total_score" is not null))
    and ("evaluations"."kind" <> 'plan' or "evaluations"."plan_id" is not null) and jsonb_typeof("evaluations"."answers") = 'object')
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"parent_id" bigint,
	"level" integer NOT NULL,
	"classification_id" bigint,
	"name" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "indicators_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "indicators_ck" CHECK ((("indicators"."level" = 1 and "indicators"."parent_id" is null) or ("indicators"."level" = 2 and "indicators"."parent_id" is not null)) and char_length("indicators"."name") between 1 and 35 and "indicators"."sort" between 0 and 9999)
);
--> statement-breakpoint
CREATE TABLE "plan_courses" (
	"school_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	CONSTRAINT "plan_courses_school_id_plan_id_course_id_pk" PRIMARY KEY("school_id","plan_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "plan_groups" (
	"school_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	CONSTRAINT "plan_groups_school_id_plan_id_group_id_pk" PRIMARY KEY("school_id","plan_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "plan_supervisors" (
	"school_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"group_id" bigint,
	CONSTRAINT "plan_supervisors_school_id_plan_id_account_id_pk" PRIMARY KEY("school_id","plan_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"classification_id" bigint,
	"indicator_id" bigint,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"standard" text DEFAULT '' NOT NULL,
	"score" double precision NOT NULL,
	"knowledge_level" text,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"review_note" text,
	"created_by" bigint,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "questions_ck" CHECK ("questions"."type" in ('single', 'multiple', 'score', 'star', 'combo1', 'combo2') and "questions"."status" in ('draft', 'pending', 'approved', 'rejected')
    and ("questions"."knowledge_level" is null or "questions"."knowledge_level" in ('knowledge', 'understanding', 'application', 'analysis', 'comprehensive', 'evaluation'))
    and "questions"."score" > 0 and "questions"."score" <= 1000 and char_length("questions"."title") between 1 and 200 and jsonb_typeof("questions"."body") = 'object')
);
--> statement-breakpoint
CREATE TABLE "supervision_plans" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"evaluation_type" text NOT NULL,
	"template_id" bigint NOT NULL,
	"template_version_id" bigint NOT NULL,
	"semester_id" bigint,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"min_classes" integer DEFAULT 0 NOT NULL,
	"description" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"teacher_can_view" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supervision_plans_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "supervision_plans_ck" CHECK ("supervision_plans"."end_date" > "supervision_plans"."start_date" and "supervision_plans"."min_classes" between 0 and 1000 and "supervision_plans"."evaluation_type" in ('ordinary', 'expert', 'teacherPeer', 'student'))
);
--> statement-breakpoint
CREATE TABLE "template_question_sources" (
	"school_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"question_id" bigint NOT NULL,
	CONSTRAINT "template_question_sources_school_id_template_id_question_id_pk" PRIMARY KEY("school_id","template_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "template_versions" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"template_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"content" jsonb NOT NULL,
	"total_score" double precision NOT NULL,
	"question_count" integer NOT NULL,
	"published_by" bigint,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_versions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "template_versions_ck" CHECK ("template_versions"."version" >= 1 and "template_versions"."question_count" >= 1 and "template_versions"."total_score" > 0)
);
--> statement-breakpoint
ALTER TABLE "classifications" ADD CONSTRAINT "classifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_templates" ADD CONSTRAINT "evaluation_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_templates" ADD CONSTRAINT "evaluation_templates_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_school_id_plan_id_supervision_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."supervision_plans"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_school_id_template_version_id_template_versions_school_id_id_fk" FOREIGN KEY ("school_id","template_version_id") REFERENCES "public"."template_versions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_evaluator_fk" FOREIGN KEY ("school_id","evaluator_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_school_id_parent_id_indicators_school_id_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."indicators"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_school_id_classification_id_classifications_school_id_id_fk" FOREIGN KEY ("school_id","classification_id") REFERENCES "public"."classifications"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_school_id_plan_id_supervision_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."supervision_plans"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_courses" ADD CONSTRAINT "plan_courses_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_groups" ADD CONSTRAINT "plan_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_groups" ADD CONSTRAINT "plan_groups_school_id_plan_id_supervision_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."supervision_plans"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_groups" ADD CONSTRAINT "plan_groups_school_id_group_id_supervision_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."supervision_groups"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_supervisors" ADD CONSTRAINT "plan_supervisors_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_supervisors" ADD CONSTRAINT "plan_supervisors_school_id_plan_id_supervision_plans_school_id_id_fk" FOREIGN KEY ("school_id","plan_id") REFERENCES "public"."supervision_plans"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_supervisors" ADD CONSTRAINT "plan_supervisors_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_school_id_classification_id_classifications_school_id_id_fk" FOREIGN KEY ("school_id","classification_id") REFERENCES "public"."classifications"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_school_id_indicator_id_indicators_school_id_id_fk" FOREIGN KEY ("school_id","indicator_id") REFERENCES "public"."indicators"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_plans" ADD CONSTRAINT "supervision_plans_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_plans" ADD CONSTRAINT "supervision_plans_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_plans" ADD CONSTRAINT "supervision_plans_school_id_template_id_evaluation_templates_school_id_id_fk" FOREIGN KEY ("school_id","template_id") REFERENCES "public"."evaluation_templates"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_plans" ADD CONSTRAINT "supervision_plans_school_id_template_version_id_template_versions_school_id_id_fk" FOREIGN KEY ("school_id","template_version_id") REFERENCES "public"."template_versions"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_plans" ADD CONSTRAINT "supervision_plans_school_id_semester_id_semesters_school_id_id_fk" FOREIGN KEY ("school_id","semester_id") REFERENCES "public"."semesters"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_question_sources" ADD CONSTRAINT "template_question_sources_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_question_sources" ADD CONSTRAINT "template_question_sources_school_id_template_id_evaluation_templates_school_id_id_fk" FOREIGN KEY ("school_id","template_id") REFERENCES "public"."evaluation_templates"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_question_sources" ADD CONSTRAINT "template_question_sources_school_id_question_id_questions_school_id_id_fk" FOREIGN KEY ("school_id","question_id") REFERENCES "public"."questions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_published_by_accounts_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_school_id_template_id_evaluation_templates_school_id_id_fk" FOREIGN KEY ("school_id","template_id") REFERENCES "public"."evaluation_templates"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "classifications_name_uq" ON "classifications" USING btree ("school_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "classifications_kind_idx" ON "classifications" USING btree ("school_id","kind","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_templates_name_uq" ON "evaluation_templates" USING btree ("school_id",lower("name")) WHERE "evaluation_templates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "evaluation_templates_list_idx" ON "evaluation_templates" USING btree ("school_id","status","updated_at") WHERE "evaluation_templates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_plan_class_uq" ON "evaluations" USING btree ("school_id","plan_id","evaluator_id","course_session_id") WHERE "evaluations"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "evaluations_plan_idx" ON "evaluations" USING btree ("school_id","plan_id","status","evaluator_id");--> statement-breakpoint
CREATE INDEX "evaluations_teacher_idx" ON "evaluations" USING btree ("school_id","teacher_id","submitted_at");--> statement-breakpoint
CREATE INDEX "evaluations_evaluator_idx" ON "evaluations" USING btree ("school_id","evaluator_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_first_name_uq" ON "indicators" USING btree ("school_id",lower("name")) WHERE "indicators"."parent_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_second_name_uq" ON "indicators" USING btree ("school_id","parent_id",lower("name")) WHERE "indicators"."parent_id" is not null;--> statement-breakpoint
CREATE INDEX "indicators_parent_idx" ON "indicators" USING btree ("school_id","parent_id","sort");--> statement-breakpoint
CREATE INDEX "indicators_classification_idx" ON "indicators" USING btree ("school_id","classification_id");--> statement-breakpoint
CREATE INDEX "plan_courses_course_idx" ON "plan_courses" USING btree ("school_id","course_id");--> statement-breakpoint
CREATE INDEX "plan_supervisors_account_idx" ON "plan_supervisors" USING btree ("school_id","account_id");--> statement-breakpoint
CREATE INDEX "questions_status_idx" ON "questions" USING btree ("school_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "questions_classification_idx" ON "questions" USING btree ("school_id","classification_id");--> statement-breakpoint
CREATE INDEX "questions_indicator_idx" ON "questions" USING btree ("school_id","indicator_id");--> statement-breakpoint
CREATE INDEX "questions_creator_idx" ON "questions" USING btree ("school_id","created_by","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supervision_plans_name_uq" ON "supervision_plans" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "supervision_plans_creator_idx" ON "supervision_plans" USING btree ("school_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "supervision_plans_dates_idx" ON "supervision_plans" USING btree ("school_id","published","end_date","start_date");--> statement-breakpoint
CREATE INDEX "supervision_plans_version_idx" ON "supervision_plans" USING btree ("school_id","template_version_id");--> statement-breakpoint
CREATE INDEX "supervision_plans_template_idx" ON "supervision_plans" USING btree ("school_id","template_id");--> statement-breakpoint
CREATE INDEX "template_question_sources_question_idx" ON "template_question_sources" USING btree ("school_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_versions_uq" ON "template_versions" USING btree ("school_id","template_id","version");