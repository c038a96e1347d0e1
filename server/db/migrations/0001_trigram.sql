-- Trigram indexes back the library's `q` search (ILIKE '%text%' over filename and path).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS videos_filename_trgm_idx ON videos USING gin (filename gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS videos_path_trgm_idx ON videos USING gin (path gin_trgm_ops);
