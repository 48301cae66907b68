CREATE TABLE "role_menus" (
	"school_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "role_menus_school_id_role_id_menu_id_pk" PRIMARY KEY("school_id","role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"school_id" bigint NOT NULL,
	"id" bigint DEFAULT nextval('hxk_id_seq') NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"builtin" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_school_id_id_pk" PRIMARY KEY("school_id","id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"school_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "user_roles_school_id_account_id_role_id_pk" PRIMARY KEY("school_id","account_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_school_id_role_id_roles_school_id_id_fk" FOREIGN KEY ("school_id","role_id") REFERENCES "public"."roles"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_school_id_role_id_roles_school_id_id_fk" FOREIGN KEY ("school_id","role_id") REFERENCES "public"."roles"("school_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("school_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "roles_builtin_uq" ON "roles" USING btree ("school_id","builtin");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("school_id","role_id");