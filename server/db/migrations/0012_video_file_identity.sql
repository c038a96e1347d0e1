ALTER TABLE "videos" ADD COLUMN "deleted_reason" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "file_dev" text;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "file_ino" text;--> statement-breakpoint
UPDATE "videos" SET "deleted_reason" = 'missing' WHERE "processing_status" = 'deleted';
