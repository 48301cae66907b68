CREATE TABLE "shout_broadcasts" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"classroom_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"terminals" integer DEFAULT 0 NOT NULL,
	"delivery" text DEFAULT 'terminal' NOT NULL,
	CONSTRAINT "shout_broadcasts_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "shout_broadcasts_times_ck" CHECK ("shout_broadcasts"."ended_at" is null or "shout_broadcasts"."ended_at" >= "shout_broadcasts"."started_at")
);
--> statement-breakpoint
CREATE TABLE "shout_terminal_keys" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"classroom_id" bigint NOT NULL,
	"secret_hash" text NOT NULL,
	"issued_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "shout_terminal_keys_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
ALTER TABLE "shout_broadcasts" ADD CONSTRAINT "shout_broadcasts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shout_broadcasts" ADD CONSTRAINT "shout_broadcasts_member_fk" FOREIGN KEY ("school_id","account_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shout_broadcasts" ADD CONSTRAINT "shout_broadcasts_room_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shout_terminal_keys" ADD CONSTRAINT "shout_terminal_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shout_terminal_keys" ADD CONSTRAINT "shout_terminal_keys_room_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shout_broadcasts_started_idx" ON "shout_broadcasts" USING btree ("school_id","started_at");--> statement-breakpoint
CREATE INDEX "shout_broadcasts_room_idx" ON "shout_broadcasts" USING btree ("school_id","classroom_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shout_terminal_keys_room_uq" ON "shout_terminal_keys" USING btree ("school_id","classroom_id");