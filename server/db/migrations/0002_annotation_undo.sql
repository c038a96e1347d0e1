CREATE TABLE "annotation_undo" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"kind" text NOT NULL,
	"track_ids" integer[] NOT NULL,
	"detections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotation_undo" ADD CONSTRAINT "annotation_undo_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_undo_video_idx" ON "annotation_undo" USING btree ("video_id");