-- Foreign keys between tenant tables carry school_id. A plain ON DELETE SET NULL nulls every column
-- of the key, school_id included, so deleting a recorder with cameras, a classroom with past classes,
-- a camera or class with download logs, or a group leader's membership failed on school_id NOT NULL.
-- PostgreSQL 15+ sets only the named column. (The Drizzle schema still says "set null"; the column
-- list lives here.)
ALTER TABLE "cameras" DROP CONSTRAINT "cameras_school_id_recorder_id_recorders_school_id_id_fk", ADD CONSTRAINT "cameras_school_id_recorder_id_recorders_school_id_id_fk" FOREIGN KEY ("school_id","recorder_id") REFERENCES "public"."recorders"("school_id","id") ON DELETE SET NULL ("recorder_id");
--> statement-breakpoint
ALTER TABLE "course_sessions" DROP CONSTRAINT "course_sessions_school_id_classroom_id_classrooms_school_id_id_fk", ADD CONSTRAINT "course_sessions_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE SET NULL ("classroom_id");
--> statement-breakpoint
ALTER TABLE "supervision_groups" DROP CONSTRAINT "supervision_groups_leader_fk", ADD CONSTRAINT "supervision_groups_leader_fk" FOREIGN KEY ("school_id","leader_id") REFERENCES "public"."school_memberships"("school_id","account_id") ON DELETE SET NULL ("leader_id");
--> statement-breakpoint
ALTER TABLE "video_download_logs" DROP CONSTRAINT "video_download_logs_school_id_classroom_id_classrooms_school_id_id_fk", ADD CONSTRAINT "video_download_logs_school_id_classroom_id_classrooms_school_id_id_fk" FOREIGN KEY ("school_id","classroom_id") REFERENCES "public"."classrooms"("school_id","id") ON DELETE SET NULL ("classroom_id");
--> statement-breakpoint
ALTER TABLE "video_download_logs" DROP CONSTRAINT "video_download_logs_school_id_camera_id_cameras_school_id_id_fk", ADD CONSTRAINT "video_download_logs_school_id_camera_id_cameras_school_id_id_fk" FOREIGN KEY ("school_id","camera_id") REFERENCES "public"."cameras"("school_id","id") ON DELETE SET NULL ("camera_id");
--> statement-breakpoint
ALTER TABLE "video_download_logs" DROP CONSTRAINT "video_download_logs_school_id_course_session_id_course_sessions_school_id_id_fk", ADD CONSTRAINT "video_download_logs_school_id_course_session_id_course_sessions_school_id_id_fk" FOREIGN KEY ("school_id","course_session_id") REFERENCES "public"."course_sessions"("school_id","id") ON DELETE SET NULL ("course_session_id");
