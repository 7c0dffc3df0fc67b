CREATE TABLE "helpful_marks" (
	"member_id" text NOT NULL,
	"discussion_id" uuid NOT NULL,
	"comment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpful_marks_member_post_key" UNIQUE NULLS NOT DISTINCT("member_id","discussion_id","comment_id")
);
--> statement-breakpoint
ALTER TABLE "discussions" DROP CONSTRAINT "discussions_counts_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "solution_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "solved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "solved_by" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "helpful_received" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "solutions_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "helpful_marks" ADD CONSTRAINT "helpful_marks_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpful_marks" ADD CONSTRAINT "helpful_marks_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpful_marks" ADD CONSTRAINT "helpful_marks_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpful_marks_post_idx" ON "helpful_marks" USING btree ("discussion_id","comment_id","created_at");--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_solution_comment_id_comments_id_fk" FOREIGN KEY ("solution_comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_solved_by_profiles_id_fk" FOREIGN KEY ("solved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussions_visible_solved_idx" ON "discussions" USING btree ("category","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE hidden_at is null and solution_comment_id is not null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_helpful_count_check" CHECK ("comments"."helpful_count" >= 0);--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_counts_check" CHECK ("discussions"."replies_count" >= 0 and "discussions"."views_count" >= 0 and "discussions"."helpful_count" >= 0);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('reply-to-discussion', 'reply-to-comment', 'mention', 'watched-category', 'watched-discussion', 'account-approved', 'moderated', 'helpful', 'solution'));--> statement-breakpoint
-- Reputation counts move with every "Hilfreich": they must not empty every guest's cached page (migration 0010).
-- A guest's profile page shows them at most the cache's maximum age late.
DROP TRIGGER "page_cache_profiles_update" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "page_cache_profiles_update" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'newsletter_subscribed' - 'notify_replies' - 'updated_at' - 'helpful_received' - 'solutions_count') IS DISTINCT FROM (to_jsonb(NEW) - 'newsletter_subscribed' - 'notify_replies' - 'updated_at' - 'helpful_received' - 'solutions_count'))
  EXECUTE FUNCTION "page_cache_everything_changed"();
