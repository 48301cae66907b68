CREATE TABLE "assistant_settings" (
	"school_id" bigint PRIMARY KEY NOT NULL,
	"base_url" text,
	"model" text,
	"api_key" text,
	"monthly_tokens" bigint,
	"person_hourly" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_settings_ck" CHECK (("assistant_settings"."monthly_tokens" is null or "assistant_settings"."monthly_tokens" > 0) and ("assistant_settings"."person_hourly" is null or "assistant_settings"."person_hourly" > 0))
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"school_id" bigint NOT NULL,
	"day" date NOT NULL,
	"model" text NOT NULL,
	"account_id" bigint NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL,
	"estimated_tokens" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_school_id_day_model_account_id_pk" PRIMARY KEY("school_id","day","model","account_id")
);
--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_usage" ADD CONSTRAINT "assistant_usage_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_usage_account_idx" ON "assistant_usage" USING btree ("school_id","account_id","day");