-- The guest page cache (app/server/page-cache.server.ts) learns from the database itself what changed:
-- every app server LISTENs on "page_cache", and these triggers NOTIFY it when a row a guest can see
-- changes. NOTIFY is delivered at commit, never for a rolled-back write, and identical payloads of
-- one transaction arrive once. Payload: 'discussion:<slug>' (that discussion's pages and every list),
-- or '*' (everything).
CREATE FUNCTION "page_cache_notify_slugs"(slugs text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  one text;
BEGIN
  -- A bulk change (import, seed) would queue thousands of messages: one '*' says the same.
  IF cardinality(slugs) > 50 THEN
    PERFORM pg_notify('page_cache', '*');
    RETURN;
  END IF;
  FOREACH one IN ARRAY slugs LOOP
    PERFORM pg_notify('page_cache', 'discussion:' || one);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "page_cache_discussions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "page_cache_notify_slugs"(ARRAY(SELECT DISTINCT slug FROM old_rows));
  ELSE
    PERFORM "page_cache_notify_slugs"(ARRAY(SELECT DISTINCT slug FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "page_cache_discussions_insert" AFTER INSERT ON "discussions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_discussions_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_discussions_delete" AFTER DELETE ON "discussions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_discussions_changed"();
--> statement-breakpoint
CREATE FUNCTION "page_cache_discussion_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "page_cache_notify_slugs"(ARRAY(SELECT DISTINCT s FROM unnest(ARRAY[OLD.slug, NEW.slug]) AS s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every view updates the counter: guests may see it lag by the cache's maximum age rather than
-- have each view empty the cache.
CREATE TRIGGER "page_cache_discussions_update" AFTER UPDATE ON "discussions"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'views_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'views_count' - 'updated_at'))
  EXECUTE FUNCTION "page_cache_discussion_updated"();
--> statement-breakpoint
CREATE FUNCTION "page_cache_comments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Comments deleted with their discussion find no slug here; the discussion's own trigger names it.
  IF TG_OP = 'DELETE' THEN
    PERFORM "page_cache_notify_slugs"(ARRAY(
      SELECT DISTINCT d.slug FROM old_rows c JOIN "discussions" d ON d.id = c.discussion_id));
  ELSE
    PERFORM "page_cache_notify_slugs"(ARRAY(
      SELECT DISTINCT d.slug FROM new_rows c JOIN "discussions" d ON d.id = c.discussion_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "page_cache_comments_insert" AFTER INSERT ON "comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_comments_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_comments_update" AFTER UPDATE ON "comments"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_comments_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_comments_delete" AFTER DELETE ON "comments"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_comments_changed"();
--> statement-breakpoint
-- Names, avatars, roles, approvals and events show on many pages at once.
CREATE FUNCTION "page_cache_everything_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_cache', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "page_cache_profiles_insert_delete" AFTER INSERT OR DELETE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_everything_changed"();
--> statement-breakpoint
-- Mail settings are the member's own business and change no page a guest sees.
CREATE TRIGGER "page_cache_profiles_update" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'newsletter_subscribed' - 'notify_replies' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'newsletter_subscribed' - 'notify_replies' - 'updated_at'))
  EXECUTE FUNCTION "page_cache_everything_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_user_roles" AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_everything_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_events" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_everything_changed"();
