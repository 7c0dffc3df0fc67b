CREATE INDEX "discussions_title_trgm_gist_idx" ON "discussions" USING gist ("title" gist_trgm_ops);--> statement-breakpoint
-- "Ähnliche Diskussionen" (decision record 0054) link other discussions from a discussion's kept reads and cached
-- pages. A discussion hidden (by the moderation, a report's weight or held for review), shown again or deleted
-- changes what every such list may link, not just its own pages: it now says '*' (everything), as names and roles
-- do. Moderation is rare; a hidden discussion linked from a cached page would be a leak.
CREATE OR REPLACE FUNCTION "page_cache_discussion_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_at IS DISTINCT FROM NEW.hidden_at THEN
    PERFORM pg_notify('page_cache', '*');
    RETURN NULL;
  END IF;
  PERFORM "page_cache_notify_slugs"(ARRAY(SELECT DISTINCT s FROM unnest(ARRAY[OLD.slug, NEW.slug]) AS s));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "page_cache_discussions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('page_cache', '*');
  ELSE
    PERFORM "page_cache_notify_slugs"(ARRAY(SELECT DISTINCT slug FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;
