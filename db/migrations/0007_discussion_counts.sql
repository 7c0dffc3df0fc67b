CREATE TABLE "discussion_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"visible_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "discussion_counts" ("category", "visible_count")
SELECT c.category, (SELECT count(*) FROM "discussions" d WHERE d.category = c.category AND d.hidden_at IS NULL)
FROM (VALUES ('seo'), ('sea'), ('ki-suche'), ('general'), ('tools'), ('events')) AS c(category);
--> statement-breakpoint
-- Inserts and deletes: statement-level with transition tables, so a bulk insert of thousands of rows
-- touches each category row once.
CREATE FUNCTION "discussion_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "discussion_counts" c SET "visible_count" = c."visible_count" - o.n
    FROM (SELECT category, count(*) AS n FROM old_rows WHERE hidden_at IS NULL GROUP BY category) o
    WHERE c.category = o.category;
  ELSE
    UPDATE "discussion_counts" c SET "visible_count" = c."visible_count" + n.n
    FROM (SELECT category, count(*) AS n FROM new_rows WHERE hidden_at IS NULL GROUP BY category) n
    WHERE c.category = n.category;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "discussion_counts_insert" AFTER INSERT ON "discussions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "discussion_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "discussion_counts_delete" AFTER DELETE ON "discussions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "discussion_counts_apply"();
--> statement-breakpoint
-- Updates: only a changed category or a hide/restore moves a count. Views and replies update discussions
-- all the time and must not queue up on the category's counter row.
CREATE FUNCTION "discussion_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.hidden_at IS NULL THEN
    UPDATE "discussion_counts" SET "visible_count" = "visible_count" - 1 WHERE category = OLD.category;
  END IF;
  IF NEW.hidden_at IS NULL THEN
    UPDATE "discussion_counts" SET "visible_count" = "visible_count" + 1 WHERE category = NEW.category;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "discussion_counts_update" AFTER UPDATE OF category, hidden_at ON "discussions"
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category OR (OLD.hidden_at IS NULL) <> (NEW.hidden_at IS NULL))
  EXECUTE FUNCTION "discussion_counts_move"();
