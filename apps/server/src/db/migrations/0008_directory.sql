CREATE TABLE "assignment_tasks" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"semester_id" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"min_classes" integer DEFAULT 1 NOT NULL,
	"description" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_tasks_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "assignment_tasks_dates_ck" CHECK ("assignment_tasks"."end_date" >= "assignment_tasks"."start_date" and "assignment_tasks"."min_classes" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"task_id" bigint NOT NULL,
	"supervisor_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"teacher_id" bigint,
	"course_id" bigint,
	"course_session_id" bigint,
	"status" text DEFAULT 'assigning' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "assignments_target_ck" CHECK (("assignments"."kind" = 'teacher' and "assignments"."teacher_id" is not null and "assignments"."course_id" is null and "assignments"."course_session_id" is null)
    or ("assignments"."kind" = 'course' and "assignments"."course_id" is not null and "assignments"."teacher_id" is null and "assignments"."course_session_id" is null)
    or ("assignments"."kind" = 'session' and "assignments"."course_session_id" is not null and "assignments"."teacher_id" is null and "assignments"."course_id" is null))
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buildings_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "cameras" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"classroom_id" bigint NOT NULL,
	"recorder_id" bigint,
	"name" text NOT NULL,
	"frame" text NOT NULL,
	"stream_url" text,
	"onvif_url" text,
	"profile_token" text,
	"username" text,
	"password" text,
	"ptz" boolean DEFAULT false NOT NULL,
	"sensitivity" integer DEFAULT 50 NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cameras_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "cameras_sensitivity_ck" CHECK ("cameras"."sensitivity" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"building_id" bigint NOT NULL,
	"floor" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"seat_rows" integer DEFAULT 0 NOT NULL,
	"front_rows" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "classrooms_numbers_ck" CHECK ("classrooms"."capacity" between 0 and 10000 and "classrooms"."seat_rows" between 0 and 200 and "classrooms"."front_rows" between 0 and "classrooms"."seat_rows")
);
--> statement-breakpoint
CREATE TABLE "course_sessions" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_id" bigint NOT NULL,
	"classroom_id" bigint,
	"week" integer NOT NULL,
	"weekday" integer NOT NULL,
	"session_start" integer NOT NULL,
	"session_end" integer NOT NULL,
	"lesson_date" date NOT NULL,
	CONSTRAINT "course_sessions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "course_sessions_ck" CHECK ("course_sessions"."week" between 1 and 60 and "course_sessions"."weekday" between 1 and 7 and "course_sessions"."session_start" between 1 and 20 and "course_sessions"."session_end" between "course_sessions"."session_start" and 20)
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"semester_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"org_unit_id" bigint,
	"teacher_id" bigint NOT NULL,
	"teaching_class" text,
	"student_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "courses_students_ck" CHECK ("courses"."student_count" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	CONSTRAINT "jobs_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_scope_teachers" (
	"school_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	CONSTRAINT "member_scope_teachers_school_id_account_id_teacher_id_pk" PRIMARY KEY("school_id","account_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "member_scope_units" (
	"school_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"org_unit_id" bigint NOT NULL,
	CONSTRAINT "member_scope_units_school_id_account_id_org_unit_id_pk" PRIMARY KEY("school_id","account_id","org_unit_id")
);
--> statement-breakpoint
CREATE TABLE "recorders" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"classroom_id" bigint NOT NULL,
	"name" text NOT NULL,
	"vendor" text,
	"onvif_url" text,
	"username" text,
	"password" text,
	"status" text DEFAULT 'unknown' NOT NULL,
	"recording" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recorders_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "semesters" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"week_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "semesters_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "semesters_weeks_ck" CHECK ("semesters"."week_count" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "session_times" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"session_no" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "session_times_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "session_times_no_ck" CHECK ("session_times"."session_no" between 1 and 20),
	CONSTRAINT "session_times_range_ck" CHECK ("session_times"."start_minute" >= 0 and "session_times"."end_minute" <= 1440 and "session_times"."end_minute" - "session_times"."start_minute" > 10)
);
--> statement-breakpoint
CREATE TABLE "supervision_group_members" (
	"school_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	CONSTRAINT "supervision_group_members_school_id_group_id_account_id_pk" PRIMARY KEY("school_id","group_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "supervision_group_teachers" (
	"school_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	CONSTRAINT "supervision_group_teachers_school_id_group_id_teacher_id_pk" PRIMARY KEY("school_id","group_id","teacher_id")
);
--> statement-breakpoint
CREATE TABLE "supervision_group_units" (
	"school_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"org_unit_id" bigint NOT NULL,
	CONSTRAINT "supervision_group_units_school_id_group_id_org_unit_id_pk" PRIMARY KEY("school_id","group_id","org_unit_id")
);
--> statement-breakpoint
CREATE TABLE "supervision_groups" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"leader_id" bigint,
	"scope" text DEFAULT 'school' NOT NULL,
	"realtime_patrol" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supervision_groups_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "video_download_logs" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"account_id" bigint NOT NULL,
	"classroom_id" bigint,
	"camera_id" bigint,
	"course_session_id" bigint,
	"file_name" text,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_download_logs_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "warnings" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_session_id" bigint,
	"classroom_id" bigint,
	"level" text NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "warnings_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "context" text;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "org_unit_id" bigint;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "realtime_patrol" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "dept_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD COLUMN "teacher_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "default_reset_password" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "lesson_plan_upload_start" integer;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "lesson_plan_upload_end" integer;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "lesson_plan_modify_start" integer;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "lesson_plan_modify_end" integer;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "lesson_plan_retention" text DEFAULT 'forever' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "plan_teacher_can_view" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "plan_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "recording_retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "waiting_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "recorder_video_view" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "server_video_view" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "external_ip" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "front_row_empty_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "front_row_min_rate" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_tasks" ADD CONSTRAINT "assignment_tasks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_tasks" ADD CONSTRAINT "assignment_tasks_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_tasks" ADD CONSTRAINT "assignment_tasks_school_id_semester_id_semesters_school_id_id_fk" FOREIGN KEY ("school_id","semester_id") REFERENCES "public"."semesters"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_task_id_assignment_tasks_school_id_id_fk" FOREIGN KEY ("school_id","task_id") REFERENCES "public"."assignment_tasks"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_supervisor_fk" FOREIGN KEY ("school_id","supervisor_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cameras" ADD CONSTRAINT "cameras_school_id_recorder_id_recorders_school_id_id_fk" FOREIGN KEY ("school_id","recorder_id") REFERENCES "public"."recorders"("school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_school_id_building_id_buildings_school_id_id_fk" FOREIGN KEY ("school_id","building_id") REFERENCES "public"."buildings"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sessions" ADD CONSTRAINT "course_sessions_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_semester_id_semesters_school_id_id_fk" FOREIGN KEY ("school_id","semester_id") REFERENCES "public"."semesters"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_school_id_org_unit_id_org_units_school_id_id_fk" FOREIGN KEY ("school_id","org_unit_id") REFERENCES "public"."org_units"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scope_teachers" ADD CONSTRAINT "member_scope_teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scope_teachers" ADD CONSTRAINT "member_scope_teachers_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scope_teachers" ADD CONSTRAINT "member_scope_teachers_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scope_units" ADD CONSTRAINT "member_scope_units_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scope_units" ADD CONSTRAINT "member_scope_units_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_scope_units" ADD CONSTRAINT "member_scope_units_school_id_org_unit_id_org_units_school_id_id_fk" FOREIGN KEY ("school_id","org_unit_id") REFERENCES "public"."org_units"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorders" ADD CONSTRAINT "recorders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recorders" ADD CONSTRAINT "recorders_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semesters" ADD CONSTRAINT "semesters_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_times" ADD CONSTRAINT "session_times_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_members" ADD CONSTRAINT "supervision_group_members_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_members" ADD CONSTRAINT "supervision_group_members_school_id_group_id_supervision_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."supervision_groups"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_members" ADD CONSTRAINT "supervision_group_members_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_teachers" ADD CONSTRAINT "supervision_group_teachers_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_teachers" ADD CONSTRAINT "supervision_group_teachers_school_id_group_id_supervision_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."supervision_groups"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_teachers" ADD CONSTRAINT "supervision_group_teachers_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_units" ADD CONSTRAINT "supervision_group_units_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_units" ADD CONSTRAINT "supervision_group_units_school_id_group_id_supervision_groups_school_id_id_fk" FOREIGN KEY ("school_id","group_id") REFERENCES "public"."supervision_groups"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_group_units" ADD CONSTRAINT "supervision_group_units_school_id_org_unit_id_org_units_school_id_id_fk" FOREIGN KEY ("school_id","org_unit_id") REFERENCES "public"."org_units"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_groups" ADD CONSTRAINT "supervision_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_groups" ADD CONSTRAINT "supervision_groups_leader_fk" FOREIGN KEY ("school_id","leader_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_download_logs" ADD CONSTRAINT "video_download_logs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_download_logs" ADD CONSTRAINT "video_download_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_download_logs" ADD CONSTRAINT "video_download_logs_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_download_logs" ADD CONSTRAINT "video_download_logs_school_id_camera_id_cameras_school_id_id_fk" FOREIGN KEY ("school_id","camera_id") REFERENCES "public"."cameras"("school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_download_logs" ADD CONSTRAINT "video_download_logs_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warnings" ADD CONSTRAINT "warnings_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_tasks_semester_idx" ON "assignment_tasks" USING btree ("school_id","semester_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_teacher_uq" ON "assignments" USING btree ("school_id","task_id","supervisor_id","teacher_id") WHERE "assignments"."kind" = 'teacher' and "assignments"."status" <> 'removed';--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_course_uq" ON "assignments" USING btree ("school_id","task_id","supervisor_id","course_id") WHERE "assignments"."kind" = 'course' and "assignments"."status" <> 'removed';--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_session_uq" ON "assignments" USING btree ("school_id","task_id","supervisor_id","course_session_id") WHERE "assignments"."kind" = 'session' and "assignments"."status" <> 'removed';--> statement-breakpoint
CREATE INDEX "assignments_supervisor_idx" ON "assignments" USING btree ("school_id","supervisor_id","status");--> statement-breakpoint
CREATE INDEX "assignments_task_idx" ON "assignments" USING btree ("school_id","task_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_name_uq" ON "buildings" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "cameras_classroom_idx" ON "cameras" USING btree ("school_id","classroom_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "classrooms_name_uq" ON "classrooms" USING btree ("school_id","building_id","name");--> statement-breakpoint
CREATE INDEX "classrooms_floor_idx" ON "classrooms" USING btree ("school_id","building_id","floor");--> statement-breakpoint
CREATE UNIQUE INDEX "course_sessions_slot_uq" ON "course_sessions" USING btree ("school_id","course_id","week","weekday","session_start");--> statement-breakpoint
CREATE INDEX "course_sessions_day_idx" ON "course_sessions" USING btree ("school_id","lesson_date","session_start");--> statement-breakpoint
CREATE INDEX "course_sessions_room_idx" ON "course_sessions" USING btree ("school_id","classroom_id","lesson_date");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_code_uq" ON "courses" USING btree ("school_id","semester_id","code");--> statement-breakpoint
CREATE INDEX "courses_unit_idx" ON "courses" USING btree ("school_id","semester_id","org_unit_id");--> statement-breakpoint
CREATE INDEX "courses_teacher_idx" ON "courses" USING btree ("school_id","teacher_id","semester_id");--> statement-breakpoint
CREATE INDEX "jobs_queue_idx" ON "jobs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "jobs_owner_idx" ON "jobs" USING btree ("school_id","created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recorders_classroom_uq" ON "recorders" USING btree ("school_id","classroom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "semesters_name_uq" ON "semesters" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "semesters_start_idx" ON "semesters" USING btree ("school_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "session_times_no_uq" ON "session_times" USING btree ("school_id","session_no");--> statement-breakpoint
CREATE INDEX "supervision_group_members_account_idx" ON "supervision_group_members" USING btree ("school_id","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supervision_groups_name_uq" ON "supervision_groups" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE INDEX "video_download_logs_time_idx" ON "video_download_logs" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "warnings_active_idx" ON "warnings" USING btree ("school_id","course_session_id") WHERE "warnings"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_school_id_org_unit_id_org_units_school_id_id_fk" FOREIGN KEY ("school_id","org_unit_id") REFERENCES "public"."org_units"("school_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_context_name_uq" ON "files" USING btree ("school_id","owner_id","context","name") WHERE "files"."context" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_sibling_name_uq" ON "org_units" USING btree ("school_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "school_memberships_unit_idx" ON "school_memberships" USING btree ("school_id","org_unit_id");--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_windows_ck" CHECK (coalesce("school_settings"."lesson_plan_upload_start", 0) between 0 and 1440 and coalesce("school_settings"."lesson_plan_upload_end", 0) between 0 and 1440
    and coalesce("school_settings"."lesson_plan_modify_start", 0) between 0 and 1440 and coalesce("school_settings"."lesson_plan_modify_end", 0) between 0 and 1440);--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_numbers_ck" CHECK ("school_settings"."front_row_empty_seats" between 0 and 10000 and "school_settings"."front_row_min_rate" between 0 and 100
    and "school_settings"."recorder_video_view" in (0, 1) and "school_settings"."server_video_view" in (0, 1) and "school_settings"."waiting_minutes" between 0 and 120 and "school_settings"."recording_retention_days" between 0 and 3650);