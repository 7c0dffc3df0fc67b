ALTER TABLE "review_items" ADD COLUMN "signals" text[];--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_open_sign_up_key" ON "review_items" USING btree ("member_id") WHERE status = 'open' and kind = 'sign-up';--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_signals_check" CHECK ("review_items"."signals" <@ array['no-proof', 'too-fast']);