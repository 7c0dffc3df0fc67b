CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"spelling" text NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Filled at once from the visible titles, as app/server/search/vocabulary.server.ts rebuilds it: "Meinten Sie …?"
-- works from the first search after the deploy, not only after the job runner's first rebuild.
INSERT INTO "search_words" ("word", "spelling", "uses")
SELECT lower(word), min(word), count(*)::int
FROM "discussions" CROSS JOIN LATERAL unnest(regexp_split_to_array("title", '[[:space:][:punct:]„“”‚‘–—…]+')) AS split(word)
WHERE "hidden_at" IS NULL AND length(word) >= 3
GROUP BY lower(word);
