CREATE TABLE "search_query_days" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_query_days_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_query_days_counts_check" CHECK ("search_query_days"."searches" >= "search_query_days"."zero_hits" and "search_query_days"."zero_hits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_terms_check" CHECK (cardinality("search_synonyms"."terms") between 2 and 12)
);
--> statement-breakpoint
ALTER TABLE "search_synonyms" ADD CONSTRAINT "search_synonyms_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_query_days_day_idx" ON "search_query_days" USING btree ("day");--> statement-breakpoint
-- Every app server keeps the groups (app/server/search) and drops its copy when it hears "search_synonyms": at
-- commit, from whichever process or console changed the table.
CREATE FUNCTION "search_synonyms_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_synonyms', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "search_synonyms_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_synonyms"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_synonyms_changed"();
--> statement-breakpoint
-- The trade's vocabulary a fresh install starts with; staff edit it on /admin/synonyms.
INSERT INTO "search_synonyms" ("terms") VALUES
  (ARRAY['SEO', 'Suchmaschinenoptimierung']),
  (ARRAY['SEA', 'Suchmaschinenwerbung', 'Google Ads']),
  (ARRAY['KI', 'AI', 'künstliche Intelligenz']),
  (ARRAY['GA4', 'Google Analytics 4']),
  (ARRAY['CWV', 'Core Web Vitals']),
  (ARRAY['PPC', 'Pay per Click']),
  (ARRAY['SERP', 'Suchergebnisseite']),
  (ARRAY['CTR', 'Klickrate']),
  (ARRAY['PMax', 'Performance Max']),
  (ARRAY['GSC', 'Google Search Console']),
  (ARRAY['GEO', 'Generative Engine Optimization']),
  (ARRAY['LLM', 'Large Language Model', 'Sprachmodell']),
  (ARRAY['AIO', 'AI Overviews']),
  (ARRAY['Linkbuilding', 'Linkaufbau']),
  (ARRAY['ROAS', 'Return on Ad Spend']),
  (ARRAY['CPC', 'Cost per Click', 'Klickpreis']),
  (ARRAY['GTM', 'Google Tag Manager']),
  (ARRAY['CRO', 'Conversion-Optimierung']);
