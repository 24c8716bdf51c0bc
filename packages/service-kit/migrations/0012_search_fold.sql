-- The search of every list (`q`, service-kit resource/query.ts) and the navbar search ignore accents and case: "nguyen"
-- finds Nguyễn, "quan" finds Quân, "dang" finds Đặng. portal_fold folds a text to what is compared: decomposed (NFD, so
-- that a letter typed precomposed and one typed with combining marks are the same), its combining marks removed
-- (Vietnamese tones, circumflex, breve and horn; any Latin diacritic), đ/Đ → d/D (a letter of its own, not a mark), then
-- lower case (the folded Latin letters are ASCII: lowered alike under any collation).
-- Immutable and plain SQL, so that an expression index holds it and the planner inlines it; no unaccent extension (not
-- trusted, and its function is not immutable). About ten times lower()'s cost per row where a list is scanned whole; the
-- trigram GIN index each searchable column gets over it (schema/ddl.ts; pg_trgm is a trusted extension, in the embedded
-- and the Docker image's PostgreSQL alike) serves `LIKE '%…%'` on larger tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE OR REPLACE FUNCTION portal_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT lower(translate(regexp_replace(normalize(value, NFD), U&'[\0300-\036f]', '', 'g'), 'đĐ', 'dD'))
$$;
