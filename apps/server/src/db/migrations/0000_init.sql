CREATE SEQUENCE "public"."hxk_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100000 CACHE 1;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY DEFAULT nextval('hxk_id_seq') NOT NULL,
	"account" text NOT NULL,
	"phone" text,
	"email" text,
	"password_hash" text,
	"name" text NOT NULL,
	"sex" text DEFAULT 'unknown' NOT NULL,
	"avatar_key" text,
	"status" text DEFAULT 'active' NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"wechat_open_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"browser" text,
	"ip" text,
	"domain_name" text,
	"project_id" text,
	"content" text NOT NULL,
	"account_id" bigint,
	"school_id" bigint,
	"open_id" text,
	"browser_secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"school_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schools" (
	"id" bigint PRIMARY KEY DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigint PRIMARY KEY DEFAULT nextval('hxk_id_seq') NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" bigint NOT NULL,
	"school_id" bigint,
	"ip" text,
	"user_agent" text,
	"method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" bigint PRIMARY KEY DEFAULT nextval('hxk_id_seq') NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"account_id" bigint NOT NULL,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"platform_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "login_logs_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "org_units" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_units_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "school_memberships" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"account_id" bigint NOT NULL,
	"identity" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" bigint,
	"review_note" text,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "school_memberships_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_domains" ADD CONSTRAINT "school_domains_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_logs" ADD CONSTRAINT "login_logs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_logs" ADD CONSTRAINT "login_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_units" ADD CONSTRAINT "org_units_school_id_parent_id_org_units_school_id_id_fk" FOREIGN KEY ("school_id","parent_id") REFERENCES "public"."org_units"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_memberships" ADD CONSTRAINT "school_memberships_reviewed_by_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_account_uq" ON "accounts" USING btree (lower("account"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_phone_uq" ON "accounts" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_wechat_uq" ON "accounts" USING btree ("wechat_open_id");--> statement-breakpoint
CREATE INDEX "school_domains_school_idx" ON "school_domains" USING btree ("school_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schools_code_uq" ON "schools" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("school_id","owner_id");--> statement-breakpoint
CREATE INDEX "login_logs_account_idx" ON "login_logs" USING btree ("school_id","account_id","created_at");--> statement-breakpoint
CREATE INDEX "org_units_parent_idx" ON "org_units" USING btree ("school_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_memberships_account_uq" ON "school_memberships" USING btree ("school_id","account_id");--> statement-breakpoint
CREATE INDEX "school_memberships_account_idx" ON "school_memberships" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "school_memberships_status_idx" ON "school_memberships" USING btree ("school_id","status","created_at");