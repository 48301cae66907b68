ALTER TABLE "school_settings" ADD COLUMN "transcription_base_url" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "transcription_api_key" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "transcription_model" text;