ALTER TABLE "reports" ADD COLUMN "weight" real DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_weight_check" CHECK ("reports"."weight" >= 0);