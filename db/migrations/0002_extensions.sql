-- Trigram matching for the search's substring part ("SEO", "GA4", "KI").
CREATE EXTENSION IF NOT EXISTS pg_trgm;
