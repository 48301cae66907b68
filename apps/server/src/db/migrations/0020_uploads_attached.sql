-- Files that appeals already took are attached (docs/decisions/0012-files-follow-what-they-are-attached-to.md);
-- every other file is an upload nobody took, removed by the files.sweep job a day after it was made.
-- Runs as the platform role: row-level security is forced on both tables, even for their owner.
SET ROLE hxk_platform;
--> statement-breakpoint
UPDATE files f SET attached_at = f.created_at
WHERE f.attached_at IS NULL AND EXISTS (SELECT 1 FROM appeal_images ai WHERE ai.school_id = f.school_id AND ai.file_id = f.id);
--> statement-breakpoint
RESET ROLE;
