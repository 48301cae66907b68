-- The deployment's licence (decision 0027): platform tables, read and written by the platform path
-- only (platform/tenancy.ts `licence`); the request role hxk_app has no grant on them.
GRANT SELECT, INSERT, UPDATE, DELETE ON deployment, licences TO hxk_platform;
