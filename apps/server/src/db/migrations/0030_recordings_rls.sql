-- Row-level security for the table of migration 0029 (class recordings): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('recordings');
--> statement-breakpoint
-- A recording names the camera it was drawn from; should the camera go, only camera_id is nulled
-- (PostgreSQL 15+ column list; see 0014), the recording stays.
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_camera_fk" FOREIGN KEY ("school_id","camera_id") REFERENCES "public"."cameras"("school_id","id") ON DELETE SET NULL ("camera_id");
