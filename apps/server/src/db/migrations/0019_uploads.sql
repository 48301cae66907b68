ALTER TABLE "files" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "upload_files_per_minute" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "upload_mb_per_hour" integer DEFAULT 1024 NOT NULL;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "storage_quota_mb" integer DEFAULT 20480 NOT NULL;--> statement-breakpoint
CREATE INDEX "files_unattached_idx" ON "files" USING btree ("school_id","created_at") WHERE "files"."attached_at" is null;--> statement-breakpoint
ALTER TABLE "school_settings" ADD CONSTRAINT "school_settings_uploads_ck" CHECK ("school_settings"."upload_files_per_minute" between 1 and 1000
    and "school_settings"."upload_mb_per_hour" between 1 and 1048576 and "school_settings"."storage_quota_mb" between 0 and 104857600);