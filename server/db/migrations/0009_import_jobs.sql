ALTER TABLE "import_jobs" ADD COLUMN "validate_files" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "archive_path" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "archive_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "import_jobs_started_idx" ON "import_jobs" USING btree ("started_at");
