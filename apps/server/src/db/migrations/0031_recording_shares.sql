ALTER TABLE "live_lesson_shares" ALTER COLUMN "lesson_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD COLUMN "recording_id" bigint;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD COLUMN "clip_start" integer;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD COLUMN "clip_end" integer;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD CONSTRAINT "live_lesson_shares_recording_fk" FOREIGN KEY ("school_id","recording_id") REFERENCES "public"."recordings"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patrol_visits_evaluation_idx" ON "patrol_visits" USING btree ("school_id","evaluation_id") WHERE "patrol_visits"."evaluation_id" is not null;--> statement-breakpoint
CREATE INDEX "live_lesson_shares_recording_idx" ON "live_lesson_shares" USING btree ("school_id","recording_id","created_at") WHERE "live_lesson_shares"."recording_id" is not null;--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD CONSTRAINT "live_lesson_shares_target_ck" CHECK (num_nonnulls("live_lesson_shares"."lesson_id", "live_lesson_shares"."recording_id") = 1);--> statement-breakpoint
ALTER TABLE "live_lesson_shares" ADD CONSTRAINT "live_lesson_shares_clip_ck" CHECK (case when "live_lesson_shares"."recording_id" is null then "live_lesson_shares"."clip_start" is null and "live_lesson_shares"."clip_end" is null
    else "live_lesson_shares"."clip_start" is not null and "live_lesson_shares"."clip_end" is not null and "live_lesson_shares"."clip_start" >= 0 and "live_lesson_shares"."clip_end" > "live_lesson_shares"."clip_start" end);