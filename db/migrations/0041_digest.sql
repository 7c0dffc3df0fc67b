ALTER TABLE "profiles" ADD COLUMN "last_visited_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "digest_period" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "digest_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "discussions_visible_solved_at_idx" ON "discussions" USING btree ("solved_at") WHERE hidden_at is null and solution_comment_id is not null;--> statement-breakpoint
CREATE INDEX "helpful_marks_created_at_idx" ON "helpful_marks" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_digest_period_check" CHECK ("profiles"."digest_period" in ('daily', 'weekly', 'biweekly', 'never'));--> statement-breakpoint
-- What no guest page shows: the visit stamp (written at most hourly per signed-in member) and the digest's settings
-- and bookkeeping must not empty every app server's guest page cache (migration 0010).
DROP TRIGGER "page_cache_profiles_update" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "page_cache_profiles_update" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'newsletter_subscribed' - 'notify_replies' - 'updated_at' - 'helpful_received' - 'solutions_count' - 'last_visited_at' - 'digest_period' - 'digest_sent_at' - 'digest_checked_at') IS DISTINCT FROM (to_jsonb(NEW) - 'newsletter_subscribed' - 'notify_replies' - 'updated_at' - 'helpful_received' - 'solutions_count' - 'last_visited_at' - 'digest_period' - 'digest_sent_at' - 'digest_checked_at'))
  EXECUTE FUNCTION "page_cache_everything_changed"();
--> statement-breakpoint
-- The last visit as far as the sessions tell it (better-auth moves a session's updated_at at least daily while it is
-- used); a member without a session starts the clock now, so nobody is mailed a digest at once on the upgrade.
UPDATE "profiles" SET "last_visited_at" = "seen"."at"
  FROM (SELECT "user_id", max("updated_at") AS "at" FROM "session" GROUP BY "user_id") AS "seen"
  WHERE "seen"."user_id" = "profiles"."id" AND "seen"."at" < "profiles"."last_visited_at";
