-- Lesson-plan management (/lessonPlanManagement, menu node 122) releases collections and reads every
-- teacher's hand-ins (issue 18, docs/decisions/0025-lesson-plans.md): the built-in teacher role
-- (builtin 4) no longer has it by default. Schools created before stored it for their teachers; it is
-- taken back from that role only (a school's own roles keep what the school gave them).
-- Runs as the platform role: row-level security is forced on the table, even for its owner.
SET ROLE hxk_platform;
--> statement-breakpoint
DELETE FROM role_menus m USING roles r
WHERE m.school_id = r.school_id AND m.role_id = r.id AND r.builtin = 4 AND m.menu_id = 122;
--> statement-breakpoint
RESET ROLE;
