CREATE TABLE "annotation_tracks" (
	"video_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"human_made" boolean DEFAULT false NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "annotation_tracks_video_id_track_id_pk" PRIMARY KEY("video_id","track_id")
);
--> statement-breakpoint
ALTER TABLE "annotation_tracks" ADD CONSTRAINT "annotation_tracks_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD COLUMN "ai_box" real[];--> statement-breakpoint
INSERT INTO "annotation_tracks" ("video_id", "track_id")
	SELECT DISTINCT "video_id", "track_id" FROM "detections"
	UNION SELECT DISTINCT "video_id", "track_id" FROM "action_segments"
	ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE "annotation_undo" ADD COLUMN "segment_track_ids" integer[];
