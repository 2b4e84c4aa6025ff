-- Every change that can end an account's access tokens (its session version, active flag or
-- deletion) is announced on the channel session_changed with the account's id, when the change
-- commits. Each server instance keeps the accounts' session versions in memory and forgets an
-- account when its id arrives (modules/users/session-cache.ts), whichever code or tool made the change.
CREATE FUNCTION "users_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_session_changed_update" AFTER UPDATE OF "session_version", "is_active", "deleted_at" ON "users"
  FOR EACH ROW WHEN (OLD.session_version IS DISTINCT FROM NEW.session_version OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION "users_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_changed_delete" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_session_changed"();
