-- Application links (issue 12, finding 11): an https URL, or a path starting with exactly one / that
-- is followed by neither / nor \. Rows written before the rule are brought in line before the next
-- migration adds the CHECK: http:// becomes https://, a protocol-relative //host becomes https://host
-- (what a browser made of it), anything else becomes the site root.
-- Runs as the platform role: row-level security is forced on the table, even for its owner.
SET ROLE hxk_platform;
--> statement-breakpoint
UPDATE applications SET web_path = 'https://' || substr(web_path, 8) WHERE web_path ~ '^http://[^[:space:]]+$';
--> statement-breakpoint
UPDATE applications SET web_path = 'https:' || web_path WHERE web_path ~ '^//[^/\\[:space:]][^[:space:]]*$';
--> statement-breakpoint
UPDATE applications SET web_path = '/' WHERE web_path !~ '^(https://[^[:space:]]+|/([^/\\[:space:]][^[:space:]]*)?)$';
--> statement-breakpoint
RESET ROLE;
