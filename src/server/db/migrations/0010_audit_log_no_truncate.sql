-- TRUNCATE fires no row trigger, so the append-only rule of 0004 did not cover it: a statement trigger does. (On
-- PostgreSQL the app's role also lacks the privilege; this holds for PGlite and for the owner too.)
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
