ALTER TABLE "discussions" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing discussions: their last edit or their newest visible comment (written or edited), whichever is later.
UPDATE "discussions" d SET "changed_at" = greatest(d."updated_at", coalesce((
  SELECT max(greatest(c."created_at", c."updated_at")) FROM "comments" c WHERE c."discussion_id" = d."id" AND c."hidden_at" IS NULL
), d."updated_at"));
