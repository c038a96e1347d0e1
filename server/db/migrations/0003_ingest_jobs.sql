-- The ingest bookkeeping table gets a name distinct from the processing queue's jobs (pg-boss's own).
ALTER TABLE "jobs" RENAME TO "ingest_jobs";--> statement-breakpoint
ALTER INDEX "jobs_started_idx" RENAME TO "ingest_jobs_started_idx";--> statement-breakpoint
ALTER SEQUENCE "jobs_id_seq" RENAME TO "ingest_jobs_id_seq";--> statement-breakpoint
ALTER TABLE "ingest_jobs" RENAME CONSTRAINT "jobs_pkey" TO "ingest_jobs_pkey";
