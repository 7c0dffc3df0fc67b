CREATE TABLE "legal_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discussion_id" uuid,
	"comment_id" uuid,
	"location" text NOT NULL,
	"ground" text NOT NULL,
	"explanation" text NOT NULL,
	"notifier_name" text,
	"notifier_email" text,
	"notifier_id" text,
	"token_hash" text,
	"review_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decision" text,
	"decision_reason" text,
	"erased_at" timestamp with time zone,
	CONSTRAINT "legal_notices_ground_check" CHECK ("legal_notices"."ground" in ('insult', 'copyright', 'trademark', 'privacy', 'competition', 'fraud', 'other')),
	CONSTRAINT "legal_notices_decision_check" CHECK ("legal_notices"."decision" in ('removed', 'kept'))
);
--> statement-breakpoint
CREATE TABLE "statements_of_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text,
	"discussion_id" uuid,
	"comment_id" uuid,
	"restriction" text NOT NULL,
	"post_excerpt" text NOT NULL,
	"facts" text NOT NULL,
	"automated" boolean NOT NULL,
	"ground" text NOT NULL,
	"ground_detail" text NOT NULL,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"objection" text,
	"objected_at" timestamp with time zone,
	"objection_item_id" uuid,
	"objection_outcome" text,
	"objection_decided_by" text,
	"objection_decided_at" timestamp with time zone,
	CONSTRAINT "statements_restriction_check" CHECK ("statements_of_reasons"."restriction" in ('hidden', 'held', 'suspended', 'silenced')),
	CONSTRAINT "statements_ground_check" CHECK ("statements_of_reasons"."ground" in ('law', 'rules')),
	CONSTRAINT "statements_objection_outcome_check" CHECK ("statements_of_reasons"."objection_outcome" in ('upheld', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "review_items" DROP CONSTRAINT "review_items_kind_check";--> statement-breakpoint
DROP INDEX "review_items_open_post_key";--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_notifier_id_profiles_id_fk" FOREIGN KEY ("notifier_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_notices" ADD CONSTRAINT "legal_notices_review_item_id_review_items_id_fk" FOREIGN KEY ("review_item_id") REFERENCES "public"."review_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_objection_item_id_review_items_id_fk" FOREIGN KEY ("objection_item_id") REFERENCES "public"."review_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_objection_decided_by_profiles_id_fk" FOREIGN KEY ("objection_decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_notices_token_key" ON "legal_notices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "legal_notices_item_idx" ON "legal_notices" USING btree ("review_item_id");--> statement-breakpoint
CREATE INDEX "legal_notices_created_idx" ON "legal_notices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "statements_member_idx" ON "statements_of_reasons" USING btree ("member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "statements_created_idx" ON "statements_of_reasons" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_objection_item_key" ON "statements_of_reasons" USING btree ("objection_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_open_post_key" ON "review_items" USING btree ("discussion_id",coalesce("comment_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE status = 'open' and discussion_id is not null and kind <> 'objection';--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_kind_check" CHECK ("review_items"."kind" in ('report', 'held', 'sign-up', 'notice', 'objection'));