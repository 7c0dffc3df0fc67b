CREATE TABLE "watched_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"action" text NOT NULL,
	"replacement" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watched_terms_kind_check" CHECK ("watched_terms"."kind" in ('word', 'link-domain', 'email-domain')),
	CONSTRAINT "watched_terms_action_check" CHECK ("watched_terms"."action" in ('block', 'hold', 'replace')),
	CONSTRAINT "watched_terms_kind_action_check" CHECK (("watched_terms"."kind" = 'word' or "watched_terms"."action" <> 'replace') and ("watched_terms"."kind" <> 'email-domain' or "watched_terms"."action" = 'block')),
	CONSTRAINT "watched_terms_replacement_check" CHECK (("watched_terms"."action" = 'replace') = ("watched_terms"."replacement" is not null))
);
--> statement-breakpoint
ALTER TABLE "watched_terms" ADD CONSTRAINT "watched_terms_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watched_terms_kind_term_key" ON "watched_terms" USING btree ("kind","term");--> statement-breakpoint
-- Every app server keeps the list compiled (app/server/watchlist) and drops its copy when it hears
-- "watchlist": at commit, from whichever process or console changed the table.
CREATE FUNCTION "watchlist_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('watchlist', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "watchlist_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "watched_terms"
  FOR EACH STATEMENT EXECUTE FUNCTION "watchlist_changed"();
--> statement-breakpoint
-- A small start of the sign-up block list: well-known disposable mail providers. Administrators edit it on /admin/watch-list.
INSERT INTO "watched_terms" ("kind", "term", "action") VALUES
  ('email-domain', '10minutemail.com', 'block'),
  ('email-domain', 'dispostable.com', 'block'),
  ('email-domain', 'getnada.com', 'block'),
  ('email-domain', 'guerrillamail.com', 'block'),
  ('email-domain', 'guerrillamailblock.com', 'block'),
  ('email-domain', 'maildrop.cc', 'block'),
  ('email-domain', 'mailinator.com', 'block'),
  ('email-domain', 'sharklasers.com', 'block'),
  ('email-domain', 'spambog.com', 'block'),
  ('email-domain', 'temp-mail.org', 'block'),
  ('email-domain', 'throwawaymail.com', 'block'),
  ('email-domain', 'trashmail.com', 'block'),
  ('email-domain', 'trashmail.de', 'block'),
  ('email-domain', 'wegwerfmail.de', 'block'),
  ('email-domain', 'yopmail.com', 'block');
