CREATE TABLE "index_now_key" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_now_key_single_row" CHECK ("index_now_key"."id")
);
--> statement-breakpoint
CREATE TABLE "index_now_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "index_now_queue_status_check" CHECK ("index_now_queue"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "index_now_queue_pending_path_key" ON "index_now_queue" USING btree ("path") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "index_now_queue_due_idx" ON "index_now_queue" USING btree ("status","next_attempt_at");