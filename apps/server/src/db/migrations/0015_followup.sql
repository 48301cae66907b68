CREATE TABLE "appeal_images" (
	"school_id" bigint NOT NULL,
	"appeal_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"file_id" bigint NOT NULL,
	CONSTRAINT "appeal_images_school_id_appeal_id_position_pk" PRIMARY KEY("school_id","appeal_id","position"),
	CONSTRAINT "appeal_images_ck" CHECK ("appeal_images"."position" between 0 and 9)
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"evaluation_id" bigint NOT NULL,
	"teacher_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"score" double precision NOT NULL,
	"score_after" double precision,
	"opinion" text,
	"handler_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "appeals_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "appeals_ck" CHECK ("appeals"."status" in ('pending', 'resolved', 'unresolved', 'revoked') and char_length(btrim("appeals"."reason")) >= 5 and char_length("appeals"."reason") <= 1000
    and (("appeals"."status" in ('resolved', 'unresolved')) = ("appeals"."handler_id" is not null and "appeals"."handled_at" is not null and "appeals"."opinion" is not null))
    and ("appeals"."opinion" is null or (char_length(btrim("appeals"."opinion")) >= 5 and char_length("appeals"."opinion") <= 1000))
    and (("appeals"."status" = 'resolved') = ("appeals"."score_after" is not null)) and ("appeals"."score_after" is null or "appeals"."score_after" >= 0)
    and (("appeals"."status" = 'revoked') = ("appeals"."withdrawn_at" is not null))
    and ("appeals"."deleted_at" is null or "appeals"."status" <> 'pending'))
);
--> statement-breakpoint
CREATE TABLE "evaluation_section_scores" (
	"school_id" bigint NOT NULL,
	"evaluation_id" bigint NOT NULL,
	"section_key" text NOT NULL,
	"indicator_key" text NOT NULL,
	"name" text NOT NULL,
	"score" double precision NOT NULL,
	"full" double precision NOT NULL,
	CONSTRAINT "evaluation_section_scores_school_id_evaluation_id_section_key_pk" PRIMARY KEY("school_id","evaluation_id","section_key"),
	CONSTRAINT "evaluation_section_scores_ck" CHECK ("evaluation_section_scores"."full" >= 0 and "evaluation_section_scores"."score" >= 0 and "evaluation_section_scores"."score" <= "evaluation_section_scores"."full" + 0.001)
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"course_session_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "invitations_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "invitations_ck" CHECK ("invitations"."status" in ('pending', 'agreed', 'rejected', 'withdrawn') and "invitations"."inviter_id" <> "invitations"."invitee_id"
    and ("invitations"."status" <> 'rejected' or ("invitations"."reason" is not null and char_length(btrim("invitations"."reason")) >= 5))
    and (("invitations"."status" in ('agreed', 'rejected')) = ("invitations"."answered_at" is not null) or "invitations"."status" = 'withdrawn')
    and (("invitations"."status" = 'withdrawn') = ("invitations"."withdrawn_at" is not null))
    and ("invitations"."message" is null or char_length("invitations"."message") <= 500) and ("invitations"."reason" is null or char_length("invitations"."reason") <= 500))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"recipient_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "notifications_ck" CHECK ("notifications"."kind" in ('invitation.new', 'invitation.agreed', 'invitation.rejected', 'invitation.withdrawn', 'evaluation.received', 'appeal.new', 'appeal.resolved', 'appeal.unresolved', 'appeal.withdrawn') and jsonb_typeof("notifications"."params") = 'object' and ("notifications"."link" is null or "notifications"."link" like '/%'))
);
--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "invitation_id" bigint;--> statement-breakpoint
ALTER TABLE "appeal_images" ADD CONSTRAINT "appeal_images_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_images" ADD CONSTRAINT "appeal_images_school_id_appeal_id_appeals_school_id_id_fk" FOREIGN KEY ("school_id","appeal_id") REFERENCES "public"."appeals"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_images" ADD CONSTRAINT "appeal_images_school_id_file_id_files_school_id_id_fk" FOREIGN KEY ("school_id","file_id") REFERENCES "public"."files"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_school_id_evaluation_id_evaluations_school_id_id_fk" FOREIGN KEY ("school_id","evaluation_id") REFERENCES "public"."evaluations"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_teacher_fk" FOREIGN KEY ("school_id","teacher_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_handler_fk" FOREIGN KEY ("school_id","handler_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_section_scores" ADD CONSTRAINT "evaluation_section_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_section_scores" ADD CONSTRAINT "evaluation_section_scores_school_id_evaluation_id_evaluations_school_id_id_fk" FOREIGN KEY ("school_id","evaluation_id") REFERENCES "public"."evaluations"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_school_id_course_id_courses_school_id_id_fk" FOREIGN KEY ("school_id","course_id") REFERENCES "public"."courses"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_fk" FOREIGN KEY ("school_id","inviter_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_fk" FOREIGN KEY ("school_id","invitee_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_fk" FOREIGN KEY ("school_id","recipient_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeal_images_file_uq" ON "appeal_images" USING btree ("school_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_pending_uq" ON "appeals" USING btree ("school_id","evaluation_id") WHERE "appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "appeals_teacher_idx" ON "appeals" USING btree ("school_id","teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "appeals_status_idx" ON "appeals" USING btree ("school_id","status","created_at");--> statement-breakpoint
CREATE INDEX "appeals_evaluation_idx" ON "appeals" USING btree ("school_id","evaluation_id");--> statement-breakpoint
CREATE INDEX "evaluation_section_scores_indicator_idx" ON "evaluation_section_scores" USING btree ("school_id","indicator_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_uq" ON "invitations" USING btree ("school_id","course_session_id","invitee_id") WHERE "invitations"."status" in ('pending', 'agreed');--> statement-breakpoint
CREATE INDEX "invitations_invitee_idx" ON "invitations" USING btree ("school_id","invitee_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("school_id","inviter_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_session_idx" ON "invitations" USING btree ("school_id","course_session_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("school_id","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("school_id","recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_invitation_uq" ON "evaluations" USING btree ("school_id","invitation_id") WHERE "evaluations"."invitation_id" is not null;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_invited_ck" CHECK ("evaluations"."invitation_id" is null or "evaluations"."kind" = 'invited');--> statement-breakpoint
-- An invited evaluation points to its invitation; should the invitation go (its teacher leaves the
-- school), only invitation_id is nulled (PostgreSQL 15+ column list; see 0014). Not in the Drizzle
-- schema: invitations are defined after evaluations.
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_invitation_fk" FOREIGN KEY ("school_id","invitation_id") REFERENCES "public"."invitations"("school_id","id") ON DELETE SET NULL ("invitation_id");
