ALTER TABLE "comments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "review_items_member_status_idx" ON "review_items" USING btree ("member_id","status");