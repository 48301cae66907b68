-- Row-level security for the table of migration 0055 (the assistant's budget reservations): each school sees only its own rows.
SELECT hxk_enable_tenant_rls('assistant_reservations');
