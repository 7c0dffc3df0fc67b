CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"discussion_id" uuid,
	"parent_id" uuid,
	"title" text,
	"category" text,
	"content" text NOT NULL,
	"content_format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_member_discussion_key" UNIQUE NULLS NOT DISTINCT("member_id","discussion_id"),
	CONSTRAINT "drafts_content_format_check" CHECK ("drafts"."content_format" in ('html', 'text'))
);
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid NOT NULL,
	"comment_id" uuid,
	"number" integer NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"content_format" text NOT NULL,
	"editor_id" text,
	"by_moderation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_post_number_key" UNIQUE NULLS NOT DISTINCT("discussion_id","comment_id","number"),
	CONSTRAINT "post_revisions_content_format_check" CHECK ("post_revisions"."content_format" in ('html', 'text')),
	CONSTRAINT "post_revisions_number_check" CHECK ("post_revisions"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_editor_id_profiles_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drafts_discussion_id_idx" ON "drafts" USING btree ("discussion_id");--> statement-breakpoint
CREATE INDEX "post_revisions_comment_id_idx" ON "post_revisions" USING btree ("comment_id");