-- Trigram matching for the searches at scale (policy names by fragment). PostgreSQL ships it in
-- contrib (trusted: the database owner may create it); PGlite loads it as an extension module.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
