-- Search matches on folded names: lower-cased, decomposed (NFD) and stripped of combining marks.
-- server/lib/fold.ts folds the query text the same way; a test checks the two agree.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION workspace_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(regexp_replace(normalize(value, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'));
