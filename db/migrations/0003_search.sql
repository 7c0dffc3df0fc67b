ALTER TABLE "discussions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', coalesce(title, '')), 'A') || setweight(to_tsvector('german', coalesce(content, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "discussions_search_vector_idx" ON "discussions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "discussions_title_trgm_idx" ON "discussions" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "discussions_content_trgm_idx" ON "discussions" USING gin ("content" gin_trgm_ops);