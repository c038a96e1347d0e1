-- A render's bookkeeping: the job phase (idle | queued | running | done | failed) with a token naming the
-- one job allowed to run it, and the artifact last rendered (its file, download key, the annotation
-- version it shows and its facts), which a failed or interrupted render leaves in place.
ALTER TABLE "renders" ADD COLUMN "job_token" text;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "annotation_version" integer;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "artifact" jsonb;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "finished_at" timestamp with time zone;
