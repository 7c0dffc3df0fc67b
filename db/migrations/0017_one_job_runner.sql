CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"every_seconds" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
-- Mails waiting for delivery when the job runner arrives get their job.
INSERT INTO "jobs" ("kind", "payload") SELECT 'mail', jsonb_build_object('mailId', "id") FROM "mail_outbox" WHERE "status" = 'pending';--> statement-breakpoint
DROP INDEX "index_now_queue_due_idx";--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_schedule_kind_key" ON "jobs" USING btree ("kind") WHERE every_seconds is not null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "index_now_queue" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "index_now_queue" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "index_now_queue" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";