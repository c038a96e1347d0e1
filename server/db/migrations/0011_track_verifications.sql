CREATE TABLE "track_verifications" (
	"video_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"verified_by_id" text NOT NULL,
	"verified_by_name" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"edited_by_id" text,
	CONSTRAINT "track_verifications_video_id_track_id_pk" PRIMARY KEY("video_id","track_id")
);
--> statement-breakpoint
ALTER TABLE "track_verifications" ADD CONSTRAINT "track_verifications_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_evidence" ADD COLUMN "verified_tracks" integer DEFAULT 0 NOT NULL;
