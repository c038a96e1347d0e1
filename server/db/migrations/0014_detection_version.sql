ALTER TABLE "detections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
