CREATE TABLE "recordings" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_session_id" bigint NOT NULL,
	"source" integer NOT NULL,
	"classroom_id" bigint NOT NULL,
	"camera_id" bigint,
	"started_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"status" text NOT NULL,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordings_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "recordings_source_ck" CHECK ("recordings"."source" in (1, 2)),
	CONSTRAINT "recordings_duration_ck" CHECK ("recordings"."duration_seconds" between 1 and 86400)
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_session_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_room_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_session_source_uq" ON "recordings" USING btree ("school_id","course_session_id","source");--> statement-breakpoint
CREATE INDEX "recordings_room_idx" ON "recordings" USING btree ("school_id","classroom_id","started_at");