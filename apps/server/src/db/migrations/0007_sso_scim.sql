ALTER TABLE "school_settings" ADD COLUMN "sso_scim_url" text;--> statement-breakpoint
ALTER TABLE "school_settings" ADD COLUMN "sso_scim_token" text;