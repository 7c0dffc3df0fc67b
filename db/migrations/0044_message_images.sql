ALTER TABLE "post_images" DROP CONSTRAINT "post_images_one_post";--> statement-breakpoint
DROP INDEX "post_images_unused_idx";--> statement-breakpoint
ALTER TABLE "post_images" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_images_message_idx" ON "post_images" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "post_images_unused_idx" ON "post_images" USING btree ("unused_since") WHERE discussion_id is null and comment_id is null and message_id is null;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_one_post" CHECK (num_nonnulls("post_images"."discussion_id", "post_images"."comment_id", "post_images"."message_id") <= 1);