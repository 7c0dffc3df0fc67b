CREATE TABLE "discussion_tags" (
	"discussion_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "discussion_tags_discussion_id_tag_id_pk" PRIMARY KEY("discussion_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tag_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discussion_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "tags_slug_key" UNIQUE("slug"),
	CONSTRAINT "tags_slug_check" CHECK ("tags"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "tags_discussion_count_check" CHECK ("tags"."discussion_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD CONSTRAINT "discussion_tags_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_tags" ADD CONSTRAINT "discussion_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_redirects" ADD CONSTRAINT "tag_redirects_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_tags_tag_idx" ON "discussion_tags" USING btree ("tag_id","discussion_id");--> statement-breakpoint
CREATE INDEX "tags_discussion_count_idx" ON "tags" USING btree ("discussion_count" DESC NULLS LAST,"slug");--> statement-breakpoint
-- The guest page cache and the shared reads (migration 0010) hear of tag changes: a discussion's tags show on its page
-- and on every list, as 'discussion:<slug>' says; a tag renamed, described or deleted shows on every card that has it.
-- A count moves only with a discussion's own change, which already says 'discussion:<slug>'.
CREATE FUNCTION "page_cache_discussion_tags_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "page_cache_notify_slugs"(ARRAY(
      SELECT DISTINCT d.slug FROM old_rows t JOIN "discussions" d ON d.id = t.discussion_id));
  ELSE
    PERFORM "page_cache_notify_slugs"(ARRAY(
      SELECT DISTINCT d.slug FROM new_rows t JOIN "discussions" d ON d.id = t.discussion_id));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "page_cache_discussion_tags_insert" AFTER INSERT ON "discussion_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_discussion_tags_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_discussion_tags_delete" AFTER DELETE ON "discussion_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_discussion_tags_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_tags_update" AFTER UPDATE ON "tags"
  FOR EACH ROW WHEN ((OLD."slug", OLD."name", OLD."description") IS DISTINCT FROM (NEW."slug", NEW."name", NEW."description"))
  EXECUTE FUNCTION "page_cache_everything_changed"();
--> statement-breakpoint
CREATE TRIGGER "page_cache_tags_delete" AFTER DELETE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "page_cache_everything_changed"();
