CREATE TABLE "check_ins" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_session_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_uq" ON "check_ins" USING btree ("school_id","course_session_id","account_id");--> statement-breakpoint
CREATE INDEX "check_ins_account_idx" ON "check_ins" USING btree ("school_id","account_id","checked_in_at");