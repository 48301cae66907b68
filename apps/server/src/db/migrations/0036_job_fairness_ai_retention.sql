ALTER TABLE "school_settings" DROP CONSTRAINT "school_settings_numbers_ck";--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "ai_retention_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "fair_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Jobs still waiting keep their order: their place in the queue is when they were queued (decision 0021).
UPDATE "jobs" SET "fair_at" = "created_at" WHERE "status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("kind","fair_at","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_school_turn_idx" ON "jobs" USING btree ("school_id","kind","fair_at") WHERE "jobs"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_numbers_ck" CHECK ("school_settings"."front_row_empty_seats" between 0 and 10000 and "school_settings"."front_row_min_rate" between 0 and 100
    and "school_settings"."recorder_video_view" in (0, 1) and "school_settings"."server_video_view" in (0, 1) and "school_settings"."waiting_minutes" between 0 and 120 and "school_settings"."recording_retention_days" between 0 and 3650
    and "school_settings"."ai_retention_days" between 0 and 3650);