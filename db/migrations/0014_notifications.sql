CREATE TABLE "category_watches" (
	"member_id" text NOT NULL,
	"category" text NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_watches_member_id_category_pk" PRIMARY KEY("member_id","category"),
	CONSTRAINT "category_watches_level_check" CHECK ("category_watches"."level" in ('watching', 'normal', 'muted'))
);
--> statement-breakpoint
CREATE TABLE "discussion_watches" (
	"member_id" text NOT NULL,
	"discussion_id" uuid NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_watches_member_id_discussion_id_pk" PRIMARY KEY("member_id","discussion_id"),
	CONSTRAINT "discussion_watches_level_check" CHECK ("discussion_watches"."level" in ('watching', 'normal', 'muted'))
);
--> statement-breakpoint
CREATE TABLE "notification_mail_log" (
	"member_id" text NOT NULL,
	"topic" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mail_log_member_id_topic_pk" PRIMARY KEY("member_id","topic")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"in_page" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	CONSTRAINT "notification_settings_member_id_kind_pk" PRIMARY KEY("member_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" text NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"discussion_id" uuid,
	"comment_id" uuid,
	"actor_id" text,
	"detail" text,
	"shown" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('reply_to_discussion', 'reply_to_comment', 'mention', 'watched_category', 'watched_discussion', 'account_approved', 'moderated'))
);
--> statement-breakpoint
ALTER TABLE "category_watches" ADD CONSTRAINT "category_watches_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_watches" ADD CONSTRAINT "discussion_watches_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_watches" ADD CONSTRAINT "discussion_watches_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_log" ADD CONSTRAINT "notification_mail_log_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_watches_category_idx" ON "category_watches" USING btree ("category","level");--> statement-breakpoint
CREATE INDEX "discussion_watches_discussion_idx" ON "discussion_watches" USING btree ("discussion_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_group_key" ON "notifications" USING btree ("recipient_id","group_key") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_recipient_updated_at_idx" ON "notifications" USING btree ("recipient_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("created_at") WHERE mailed_at is null;--> statement-breakpoint
-- 'Antworten auf Diskussionen' off becomes the e-mail setting of the two reply kinds (issue 18).
INSERT INTO "notification_settings" ("member_id", "kind", "in_page", "email")
  SELECT p."id", k.kind, true, false FROM "profiles" p CROSS JOIN (VALUES ('reply_to_discussion'), ('reply_to_comment')) AS k(kind)
  WHERE p."notify_replies" = false;
--> statement-breakpoint
-- The live count (app/server/notification-live.server.ts): every app server LISTENs on "notifications";
-- these triggers name the members whose unread count may have changed, at commit. A fan-out to many
-- (more than 50) says '*': each server then recounts for the members connected to it.
CREATE FUNCTION "notifications_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members text[];
  one text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    members := ARRAY(SELECT DISTINCT recipient_id FROM old_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    -- The mail worker's bookkeeping changes no count.
    members := ARRAY(SELECT DISTINCT n.recipient_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.read_at IS DISTINCT FROM o.read_at OR n.count <> o.count OR n.shown <> o.shown);
  ELSE
    members := ARRAY(SELECT DISTINCT recipient_id FROM new_rows WHERE shown);
  END IF;
  IF cardinality(members) > 50 THEN
    PERFORM pg_notify('notifications', '*');
    RETURN NULL;
  END IF;
  FOREACH one IN ARRAY members LOOP
    PERFORM pg_notify('notifications', one);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_changed"();
--> statement-breakpoint
CREATE TRIGGER "notifications_update" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_changed"();
--> statement-breakpoint
CREATE TRIGGER "notifications_delete" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "notifications_changed"();
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;
