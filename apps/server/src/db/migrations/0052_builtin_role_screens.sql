-- Screens always empty for a role are not offered to it (issue 20, packages/contracts/src/menus.ts):
-- Reports (111, a teacher's own results) leaves the built-in administrator (1) and leader (2) roles,
-- Teacher feedback (141) the built-in supervisor role (3), Evaluate (101) the built-in student role
-- (5). A school's own roles keep what the school gave them.
-- The list of one's questionnaires is now My questionnaires (143) for everyone, Evaluation
-- questionnaires (108) being the fill form: every role that could list its questionnaires keeps that.
-- Runs as the platform role: row-level security is forced on the table, even for its owner.
SET ROLE hxk_platform;
--> statement-breakpoint
DELETE FROM role_menus m USING roles r
WHERE m.school_id = r.school_id AND m.role_id = r.id
  AND ((r.builtin IN (1, 2) AND m.menu_id = 111) OR (r.builtin = 3 AND m.menu_id = 141) OR (r.builtin = 5 AND m.menu_id = 101));
--> statement-breakpoint
INSERT INTO role_menus (school_id, role_id, menu_id)
SELECT m.school_id, m.role_id, 143 FROM role_menus m
WHERE m.menu_id = 108
  AND NOT EXISTS (SELECT 1 FROM role_menus x WHERE x.school_id = m.school_id AND x.role_id = m.role_id AND x.menu_id = 143);
--> statement-breakpoint
RESET ROLE;
