CREATE TABLE "notification_items" (
	"notification_id" uuid NOT NULL,
	"discussion_id" uuid NOT NULL,
	"comment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_items_notification_idx" ON "notification_items" USING btree ("notification_id","created_at");--> statement-breakpoint
-- Rows from before: their first comment or discussion is the one item known (later ones were only counted).
INSERT INTO "notification_items" ("notification_id", "discussion_id", "comment_id", "created_at")
  SELECT "id", "discussion_id", "comment_id", "created_at" FROM "notifications"
  WHERE "discussion_id" IS NOT NULL AND "kind" NOT IN ('moderated', 'account_approved');
