CREATE TABLE "assistant_messages" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"session_id" bigint NOT NULL,
	"problem" text NOT NULL,
	"thought_process" text DEFAULT '' NOT NULL,
	"summarize" text DEFAULT '' NOT NULL,
	"stop_state" smallint DEFAULT 0 NOT NULL,
	"finish_reason" text,
	"error_key" text,
	"is_think" boolean DEFAULT false NOT NULL,
	"is_expand" boolean DEFAULT true NOT NULL,
	"model" smallint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"think_ms" integer,
	"tools" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_messages_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "assistant_messages_ck" CHECK ("assistant_messages"."stop_state" in (0, 1, 2) and "assistant_messages"."source" in ('llm', 'rules') and char_length("assistant_messages"."problem") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "assistant_sessions" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"creator_id" bigint NOT NULL,
	"title" text,
	"model" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_sessions_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "assistant_sessions_ck" CHECK ("assistant_sessions"."model" in (0, 1) and ("assistant_sessions"."title" is null or char_length("assistant_sessions"."title") <= 100))
);
--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_messages" ADD CONSTRAINT "assistant_messages_school_id_session_id_assistant_sessions_school_id_id_fk" FOREIGN KEY ("school_id","session_id") REFERENCES "public"."assistant_sessions"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_sessions" ADD CONSTRAINT "assistant_sessions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_sessions" ADD CONSTRAINT "assistant_sessions_creator_fk" FOREIGN KEY ("school_id","creator_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_messages_session_idx" ON "assistant_messages" USING btree ("school_id","session_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_sessions_creator_idx" ON "assistant_sessions" USING btree ("school_id","creator_id","updated_at");