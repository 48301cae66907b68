CREATE TABLE "evaluation_day_rollups" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"semester_id" bigint NOT NULL,
	"org_unit_id" bigint,
	"course_teacher_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"lesson_date" date NOT NULL,
	"week" integer NOT NULL,
	"n" integer NOT NULL,
	"pct_sum" double precision NOT NULL,
	"pct_n" integer NOT NULL,
	"b_lt60" integer NOT NULL,
	"b_60to70" integer NOT NULL,
	"b_70to80" integer NOT NULL,
	"b_80to90" integer NOT NULL,
	"b_ge90" integer NOT NULL,
	CONSTRAINT "evaluation_day_rollups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluation_day_rollups_key" UNIQUE NULLS NOT DISTINCT("school_id","semester_id","org_unit_id","course_teacher_id","teacher_id","lesson_date","week")
);
--> statement-breakpoint
CREATE TABLE "evaluation_indicator_day_rollups" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"semester_id" bigint NOT NULL,
	"org_unit_id" bigint,
	"lesson_date" date NOT NULL,
	"indicator_key" text NOT NULL,
	"section_key" text NOT NULL,
	"name" text NOT NULL,
	"score_sum" double precision NOT NULL,
	"full_sum" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "evaluation_indicator_day_rollups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluation_indicator_day_rollups_key" UNIQUE NULLS NOT DISTINCT("school_id","semester_id","org_unit_id","lesson_date","indicator_key")
);
--> statement-breakpoint
CREATE TABLE "evaluation_indicator_rollups" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"semester_id" bigint NOT NULL,
	"org_unit_id" bigint,
	"template_id" bigint NOT NULL,
	"plan_id" bigint,
	"kind" text NOT NULL,
	"indicator_key" text NOT NULL,
	"section_key" text NOT NULL,
	"name" text NOT NULL,
	"score_sum" double precision NOT NULL,
	"full_sum" double precision NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "evaluation_indicator_rollups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluation_indicator_rollups_key" UNIQUE NULLS NOT DISTINCT("school_id","semester_id","org_unit_id","template_id","plan_id","kind","indicator_key")
);
--> statement-breakpoint
CREATE TABLE "evaluation_rollups" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"semester_id" bigint NOT NULL,
	"org_unit_id" bigint,
	"course_teacher_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"week" integer NOT NULL,
	"template_id" bigint NOT NULL,
	"plan_id" bigint,
	"kind" text NOT NULL,
	"n" integer NOT NULL,
	"pct_sum" double precision NOT NULL,
	"pct_n" integer NOT NULL,
	"b_lt60" integer NOT NULL,
	"b_60to70" integer NOT NULL,
	"b_70to80" integer NOT NULL,
	"b_80to90" integer NOT NULL,
	"b_ge90" integer NOT NULL,
	CONSTRAINT "evaluation_rollups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluation_rollups_key" UNIQUE NULLS NOT DISTINCT("school_id","semester_id","org_unit_id","course_teacher_id","teacher_id","week","template_id","plan_id","kind")
);
--> statement-breakpoint
CREATE TABLE "evaluation_stat_facts" (
	"school_id" bigint NOT NULL,
	"evaluation_id" bigint NOT NULL,
	"semester_id" bigint NOT NULL,
	"org_unit_id" bigint,
	"course_teacher_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"week" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"template_id" bigint NOT NULL,
	"plan_id" bigint,
	"kind" text NOT NULL,
	"evaluator_id" bigint NOT NULL,
	"pct" double precision,
	"ind_keys" text[] NOT NULL,
	"ind_sections" text[] NOT NULL,
	"ind_names" text[] NOT NULL,
	"ind_scores" double precision[] NOT NULL,
	"ind_fulls" double precision[] NOT NULL,
	CONSTRAINT "evaluation_stat_facts_school_id_evaluation_id_pk" PRIMARY KEY("school_id","evaluation_id")
);
--> statement-breakpoint
CREATE TABLE "evaluation_week_rollups" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"semester_id" bigint NOT NULL,
	"org_unit_id" bigint,
	"course_teacher_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"week" integer NOT NULL,
	"n" integer NOT NULL,
	"pct_sum" double precision NOT NULL,
	"pct_n" integer NOT NULL,
	"b_lt60" integer NOT NULL,
	"b_60to70" integer NOT NULL,
	"b_70to80" integer NOT NULL,
	"b_80to90" integer NOT NULL,
	"b_ge90" integer NOT NULL,
	CONSTRAINT "evaluation_week_rollups_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "evaluation_week_rollups_key" UNIQUE NULLS NOT DISTINCT("school_id","semester_id","org_unit_id","course_teacher_id","teacher_id","week")
);
--> statement-breakpoint
CREATE TABLE "plan_attendance_rollups" (
	"school_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"evaluator_id" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "plan_attendance_rollups_school_id_plan_id_evaluator_id_pk" PRIMARY KEY("school_id","plan_id","evaluator_id")
);
--> statement-breakpoint
ALTER TABLE "evaluation_day_rollups" ADD CONSTRAINT "evaluation_day_rollups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_indicator_day_rollups" ADD CONSTRAINT "evaluation_indicator_day_rollups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_indicator_rollups" ADD CONSTRAINT "evaluation_indicator_rollups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_rollups" ADD CONSTRAINT "evaluation_rollups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_stat_facts" ADD CONSTRAINT "evaluation_stat_facts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_week_rollups" ADD CONSTRAINT "evaluation_week_rollups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_attendance_rollups" ADD CONSTRAINT "plan_attendance_rollups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_day_rollups_day_idx" ON "evaluation_day_rollups" USING btree ("school_id","semester_id","lesson_date");--> statement-breakpoint
CREATE INDEX "evaluation_rollups_teacher_idx" ON "evaluation_rollups" USING btree ("school_id","semester_id","teacher_id");