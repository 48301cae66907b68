CREATE TABLE "patrol_attendance" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_session_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"classroom_id" bigint,
	"status" text NOT NULL,
	"marked_by" bigint NOT NULL,
	"visit_id" bigint,
	"marked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patrol_attendance_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "patrol_comments" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"visit_id" bigint NOT NULL,
	"author_id" bigint NOT NULL,
	"course_session_id" bigint,
	"video_at" timestamp with time zone NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patrol_comments_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "patrol_comments_length_ck" CHECK (char_length("patrol_comments"."content") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "patrol_visits" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"account_id" bigint NOT NULL,
	"classroom_id" bigint NOT NULL,
	"course_session_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"evaluation_id" bigint,
	CONSTRAINT "patrol_visits_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "patrol_visits_times_ck" CHECK ("patrol_visits"."last_seen_at" >= "patrol_visits"."started_at" and ("patrol_visits"."ended_at" is null or "patrol_visits"."ended_at" >= "patrol_visits"."started_at"))
);
--> statement-breakpoint
CREATE TABLE "live_lesson_shares" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"lesson_id" bigint NOT NULL,
	"code" text NOT NULL,
	"audience" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_lesson_shares_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "live_lessons" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"title" text NOT NULL,
	"classroom_id" bigint NOT NULL,
	"camera_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"audience" text NOT NULL,
	"description" text,
	"cancelled_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_lessons_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "live_lessons_time_ck" CHECK ("live_lessons"."ends_at" > "live_lessons"."starts_at"),
	CONSTRAINT "live_lessons_title_ck" CHECK (char_length("live_lessons"."title") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "patrol_attendance" ADD CONSTRAINT "patrol_attendance_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_attendance" ADD CONSTRAINT "patrol_attendance_session_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_attendance" ADD CONSTRAINT "patrol_attendance_marker_fk" FOREIGN KEY ("school_id","marked_by") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_comments" ADD CONSTRAINT "patrol_comments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_comments" ADD CONSTRAINT "patrol_comments_visit_fk" FOREIGN KEY ("school_id","visit_id") REFERENCES "public"."patrol_visits"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_visits" ADD CONSTRAINT "patrol_visits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_visits" ADD CONSTRAINT "patrol_visits_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patrol_visits" ADD CONSTRAINT "patrol_visits_room_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD CONSTRAINT "live_lesson_shares_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD CONSTRAINT "live_lesson_shares_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD CONSTRAINT "live_lesson_shares_school_id_lesson_id_live_lessons_school_id_id_fk" FOREIGN KEY ("school_id","lesson_id") REFERENCES "public"."live_lessons"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lessons" ADD CONSTRAINT "live_lessons_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lessons" ADD CONSTRAINT "live_lessons_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lessons" ADD CONSTRAINT "live_lessons_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_lessons" ADD CONSTRAINT "live_lessons_school_id_camera_id_cameras_school_id_id_fk" FOREIGN KEY ("school_id","camera_id") REFERENCES "public"."cameras"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patrol_attendance_session_uq" ON "patrol_attendance" USING btree ("school_id","course_session_id");--> statement-breakpoint
CREATE INDEX "patrol_attendance_marked_idx" ON "patrol_attendance" USING btree ("school_id","marked_at");--> statement-breakpoint
CREATE INDEX "patrol_comments_visit_idx" ON "patrol_comments" USING btree ("school_id","visit_id","video_at");--> statement-breakpoint
CREATE INDEX "patrol_comments_session_idx" ON "patrol_comments" USING btree ("school_id","course_session_id","author_id");--> statement-breakpoint
CREATE INDEX "patrol_visits_started_idx" ON "patrol_visits" USING btree ("school_id","started_at");--> statement-breakpoint
CREATE INDEX "patrol_visits_account_idx" ON "patrol_visits" USING btree ("school_id","account_id","started_at");--> statement-breakpoint
CREATE INDEX "patrol_visits_session_idx" ON "patrol_visits" USING btree ("school_id","course_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_lesson_shares_code_uq" ON "live_lesson_shares" USING btree ("school_id","code");--> statement-breakpoint
CREATE INDEX "live_lesson_shares_lesson_idx" ON "live_lesson_shares" USING btree ("school_id","lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "live_lessons_starts_idx" ON "live_lessons" USING btree ("school_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_lessons_camera_idx" ON "live_lessons" USING btree ("school_id","camera_id","starts_at");