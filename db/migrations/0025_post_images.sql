CREATE TABLE "post_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"discussion_id" uuid,
	"comment_id" uuid,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"bytes" integer NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unused_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_images_one_post" CHECK ("post_images"."discussion_id" is null or "post_images"."comment_id" is null)
);
--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_images" ADD CONSTRAINT "post_images_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_images_owner_idx" ON "post_images" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "post_images_discussion_idx" ON "post_images" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "post_images_comment_idx" ON "post_images" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "post_images_unused_idx" ON "post_images" USING btree ("unused_since") WHERE discussion_id is null and comment_id is null;