CREATE TABLE "ended_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_member_id_idx" ON "ended_sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "ended_sessions_expires_at_idx" ON "ended_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Posts that reports hid and a moderator then decided to hide as well carry that moderator from now on:
-- only posts still waiting for the moderation read "von der Community gemeldet".
UPDATE "comments" SET "hidden_by" = "review_items"."decided_by" FROM "review_items"
  WHERE "review_items"."comment_id" = "comments"."id" AND "review_items"."status" IN ('hidden', 'suspended', 'spam')
  AND "review_items"."decided_by" IS NOT NULL AND "comments"."hidden_by" IS NULL AND "comments"."held_at" IS NULL
  AND "comments"."hidden_reason" = 'Automatisch ausgeblendet: mehrfach gemeldet, wartet auf die Moderation';--> statement-breakpoint
UPDATE "discussions" SET "hidden_by" = "review_items"."decided_by" FROM "review_items"
  WHERE "review_items"."discussion_id" = "discussions"."id" AND "review_items"."comment_id" IS NULL
  AND "review_items"."status" IN ('hidden', 'suspended', 'spam') AND "review_items"."decided_by" IS NOT NULL
  AND "discussions"."hidden_by" IS NULL AND "discussions"."held_at" IS NULL
  AND "discussions"."hidden_reason" = 'Automatisch ausgeblendet: mehrfach gemeldet, wartet auf die Moderation';
