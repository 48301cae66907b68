-- The data board (/wenxiang/dataAnalysisReport, menu node 218, issue 15) sits in the statistics group,
-- which the built-in group-leader role (builtin 2) is granted. Schools created before the node
-- existed stored their grants without it: their group leaders get it where they still hold the
-- statistics group's three-rate screen (211), i.e. where the school has not taken statistics away.
-- Runs as the platform role: row-level security is forced on the table, even for its owner.
SET ROLE hxk_platform;
--> statement-breakpoint
INSERT INTO role_menus (school_id, role_id, menu_id)
SELECT r.school_id, r.id, 218 FROM roles r
WHERE r.builtin = 2
  AND EXISTS (SELECT 1 FROM role_menus m WHERE m.school_id = r.school_id AND m.role_id = r.id AND m.menu_id = 211)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
RESET ROLE;
