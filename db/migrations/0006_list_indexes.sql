DROP INDEX "discussions_category_pinned_created_at_idx";--> statement-breakpoint
CREATE INDEX "comments_discussion_threads_idx" ON "comments" USING btree ("discussion_id","created_at","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "comments_created_at_idx" ON "comments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discussions_visible_category_order_idx" ON "discussions" USING btree ("category","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id") WHERE hidden_at is null;