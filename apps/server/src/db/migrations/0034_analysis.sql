CREATE TABLE "ai_warning_rules" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer,
	"minutes" integer,
	"category" text,
	"level" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_warning_rules_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "ai_warning_rules_ck" CHECK (coalesce("ai_warning_rules"."threshold", 0) between 0 and 100 and coalesce("ai_warning_rules"."minutes", 0) between 0 and 240)
);
--> statement-breakpoint
CREATE TABLE "analysis_corrections" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"analysis_id" bigint NOT NULL,
	"measure" text NOT NULL,
	"st_sequence" text,
	"present" integer,
	"account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_corrections_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "analysis_corrections_ck" CHECK (("analysis_corrections"."measure" = 'st' and "analysis_corrections"."st_sequence" ~ '^[ST]+$') or ("analysis_corrections"."measure" = 'attendance' and "analysis_corrections"."present" between 0 and 10000))
);
--> statement-breakpoint
CREATE TABLE "class_analyses" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_session_id" bigint NOT NULL,
	"classroom_id" bigint,
	"source" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"job_id" bigint,
	"started_at" timestamp with time zone,
	"duration_seconds" integer,
	"sample_seconds" integer NOT NULL,
	"st_interval_seconds" integer NOT NULL,
	"expected_students" integer,
	"present_avg" real,
	"attendance_rate" real,
	"head_up_rate" real,
	"front_row_expected" integer,
	"front_row_actual" real,
	"front_row_rate" real,
	"pitch_baseline" real,
	"st_sequence" text,
	"rt" real,
	"ch" real,
	"mode" text,
	"teacher_talk_seconds" real,
	"student_talk_seconds" real,
	"overlap_seconds" real,
	"silence_seconds" real,
	"teacher_attendance" text,
	"transcript_status" text,
	"speech_rate" real,
	"methods" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "class_analyses_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "class_analyses_sample_ck" CHECK ("class_analyses"."sample_seconds" between 1 and 600 and "class_analyses"."st_interval_seconds" between 1 and 600),
	CONSTRAINT "class_analyses_rates_ck" CHECK (coalesce("class_analyses"."attendance_rate", 0) between 0 and 1 and coalesce("class_analyses"."head_up_rate", 0) between 0 and 1 and coalesce("class_analyses"."front_row_rate", 0) between 0 and 1 and coalesce("class_analyses"."rt", 0) between 0 and 1 and coalesce("class_analyses"."ch", 0) between 0 and 1),
	CONSTRAINT "class_analyses_st_ck" CHECK ("class_analyses"."st_sequence" is null or "class_analyses"."st_sequence" ~ '^[ST]+$')
);
--> statement-breakpoint
CREATE TABLE "class_analysis_hits" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"analysis_id" bigint NOT NULL,
	"word" text NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"start" real NOT NULL,
	"end" real NOT NULL,
	"context" text NOT NULL,
	CONSTRAINT "class_analysis_hits_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "class_analysis_samples" (
	"school_id" bigint NOT NULL,
	"analysis_id" bigint NOT NULL,
	"camera" text NOT NULL,
	"t" integer NOT NULL,
	"faces" integer NOT NULL,
	"posed" integer NOT NULL,
	"head_up" integer NOT NULL,
	"head_down" integer NOT NULL,
	"turned_away" integer NOT NULL,
	"front_row" integer NOT NULL,
	"expressions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"confidence" real,
	"evidence_key" text,
	CONSTRAINT "class_analysis_samples_school_id_analysis_id_camera_t_pk" PRIMARY KEY("school_id","analysis_id","camera","t"),
	CONSTRAINT "class_analysis_samples_ck" CHECK ("class_analysis_samples"."t" >= 0 and "class_analysis_samples"."faces" >= 0 and "class_analysis_samples"."posed" between 0 and "class_analysis_samples"."faces" and "class_analysis_samples"."head_up" between 0 and "class_analysis_samples"."posed" and "class_analysis_samples"."front_row" between 0 and "class_analysis_samples"."faces")
);
--> statement-breakpoint
CREATE TABLE "class_analysis_segments" (
	"school_id" bigint NOT NULL,
	"analysis_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"start" real NOT NULL,
	"end" real NOT NULL,
	"speaker" text,
	"text" text,
	CONSTRAINT "class_analysis_segments_school_id_analysis_id_seq_pk" PRIMARY KEY("school_id","analysis_id","seq"),
	CONSTRAINT "class_analysis_segments_ck" CHECK ("class_analysis_segments"."start" >= 0 and "class_analysis_segments"."end" >= "class_analysis_segments"."start")
);
--> statement-breakpoint
CREATE TABLE "sensitive_words" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"word" text NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_words_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "sensitive_words_ck" CHECK (length("sensitive_words"."word") between 1 and 64 and length("sensitive_words"."category") between 1 and 32)
);
--> statement-breakpoint
ALTER TABLE "warnings" ADD COLUMN "analysis_id" bigint;--> statement-breakpoint
ALTER TABLE "warnings" ADD COLUMN "rule_id" bigint;--> statement-breakpoint
ALTER TABLE "warnings" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "ai_warning_rules" ADD CONSTRAINT "ai_warning_rules_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_analysis_fk" FOREIGN KEY ("school_id","analysis_id") REFERENCES "public"."class_analyses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analyses" ADD CONSTRAINT "class_analyses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analyses" ADD CONSTRAINT "class_analyses_session_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analyses" ADD CONSTRAINT "class_analyses_room_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analysis_hits" ADD CONSTRAINT "class_analysis_hits_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analysis_hits" ADD CONSTRAINT "class_analysis_hits_analysis_fk" FOREIGN KEY ("school_id","analysis_id") REFERENCES "public"."class_analyses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analysis_samples" ADD CONSTRAINT "class_analysis_samples_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analysis_samples" ADD CONSTRAINT "class_analysis_samples_analysis_fk" FOREIGN KEY ("school_id","analysis_id") REFERENCES "public"."class_analyses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analysis_segments" ADD CONSTRAINT "class_analysis_segments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_analysis_segments" ADD CONSTRAINT "class_analysis_segments_analysis_fk" FOREIGN KEY ("school_id","analysis_id") REFERENCES "public"."class_analyses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensitive_words" ADD CONSTRAINT "sensitive_words_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_corrections_analysis_idx" ON "analysis_corrections" USING btree ("school_id","analysis_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "class_analyses_session_source_uq" ON "class_analyses" USING btree ("school_id","course_session_id","source");--> statement-breakpoint
CREATE INDEX "class_analyses_created_idx" ON "class_analyses" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "class_analysis_hits_analysis_idx" ON "class_analysis_hits" USING btree ("school_id","analysis_id","start");--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_words_word_uq" ON "sensitive_words" USING btree ("school_id","word");