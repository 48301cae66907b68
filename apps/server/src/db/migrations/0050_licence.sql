CREATE TABLE "deployment" (
	"singleton" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"deployment_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deployment_singleton_ck" CHECK ("deployment"."singleton" = 1)
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" bigint PRIMARY KEY DEFAULT nextval('hxk_id_seq') NOT NULL,
	"licence_id" text NOT NULL,
	"code" text NOT NULL,
	"licensee" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_schools" integer NOT NULL,
	"max_classrooms" integer NOT NULL,
	"features" jsonb NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "licences_licence_id_uq" ON "licences" USING btree ("licence_id");