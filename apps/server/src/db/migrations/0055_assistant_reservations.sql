CREATE TABLE "assistant_reservations" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"tokens" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistant_reservations_school_id_id_pk" PRIMARY KEY("school_id","id"),
	CONSTRAINT "assistant_reservations_ck" CHECK ("assistant_reservations"."tokens" >= 0)
);
--> statement-breakpoint
ALTER TABLE "assistant_reservations" ADD CONSTRAINT "assistant_reservations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_reservations_created_idx" ON "assistant_reservations" USING btree ("school_id","created_at");