-- One spelling per concept, kebab-case as in form intents and URLs (decision 0022).
-- The check names the new kinds only, so the rows change while it is off.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
WITH "renamed" ("old", "new") AS (VALUES
  ('reply_to_discussion', 'reply-to-discussion'),
  ('reply_to_comment', 'reply-to-comment'),
  ('watched_category', 'watched-category'),
  ('watched_discussion', 'watched-discussion'),
  ('account_approved', 'account-approved'))
UPDATE "notifications" SET
  "kind" = "renamed"."new",
  -- A group's key begins with its kind: a later notification must still find the unread row it joins.
  "group_key" = CASE WHEN "group_key" LIKE "renamed"."old" || ':%' THEN "renamed"."new" || substr("group_key", length("renamed"."old") + 1) ELSE "group_key" END
FROM "renamed" WHERE "notifications"."kind" = "renamed"."old";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('reply-to-discussion', 'reply-to-comment', 'mention', 'watched-category', 'watched-discussion', 'account-approved', 'moderated'));--> statement-breakpoint
UPDATE "notification_settings" SET "kind" = replace("kind", '_', '-') WHERE "kind" IN ('reply_to_discussion', 'reply_to_comment', 'watched_category', 'watched_discussion', 'account_approved');--> statement-breakpoint
-- The audit log's actions take the name of the intent that does them (edit_* was the update-* intent).
WITH "renamed" ("old", "new") AS (VALUES
  ('create_user', 'create-user'),
  ('change_role', 'change-role'),
  ('seed_sample', 'seed-sample'),
  ('edit_discussion', 'update-discussion'),
  ('edit_comment', 'update-comment'),
  ('hide_discussion', 'hide-discussion'),
  ('restore_discussion', 'restore-discussion'),
  ('hide_comment', 'hide-comment'),
  ('restore_comment', 'restore-comment'))
UPDATE "audit_log" SET "action" = "renamed"."new" FROM "renamed" WHERE "audit_log"."action" = "renamed"."old";--> statement-breakpoint
-- Category pages queued for IndexNow under their German address are submitted under the English one.
DELETE FROM "index_now_queue" AS "german" WHERE "status" = 'pending' AND "path" LIKE '/kategorie/%'
  AND EXISTS (SELECT 1 FROM "index_now_queue" AS "english" WHERE "english"."status" = 'pending' AND "english"."path" = '/category/' || substr("german"."path", length('/kategorie/') + 1));--> statement-breakpoint
UPDATE "index_now_queue" SET "path" = '/category/' || substr("path", length('/kategorie/') + 1) WHERE "status" = 'pending' AND "path" LIKE '/kategorie/%';
