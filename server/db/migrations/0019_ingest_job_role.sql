-- The role a scan, re-ingest or purge row is limited to: that of its source (for a purge of every source,
-- the highest role among the sources it touched), so Job History hides from an admin the file paths of
-- a source limited to super users, even after that source is removed.
ALTER TABLE "ingest_jobs" ADD COLUMN "source_role" text;--> statement-breakpoint
UPDATE "ingest_jobs" SET "source_role" = "sources"."role" FROM "sources"
  WHERE "sources"."root" = coalesce("ingest_jobs"."summary"->>'root', "ingest_jobs"."summary"->>'source_root');--> statement-breakpoint
UPDATE "ingest_jobs" SET "source_role" = (
    SELECT "role" FROM "sources" WHERE "role" IS NOT NULL
    ORDER BY CASE "role" WHEN 'super' THEN 3 WHEN 'admin' THEN 2 ELSE 1 END DESC LIMIT 1)
  WHERE "job_type" = 'purge' AND "summary"->>'source_root' IS NULL;
