CREATE TABLE "discussion_views" (
	"discussion_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_views_discussion_id_visitor_pk" PRIMARY KEY("discussion_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_views_viewed_at_idx" ON "discussion_views" USING btree ("viewed_at");