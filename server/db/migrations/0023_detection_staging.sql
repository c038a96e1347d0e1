-- Large imports write their boxes in short transactions without any reader seeing half of them, and
-- publish them in one small transaction (an O(1) switch, not a move of their rows):
-- - the boxes live in "detection_rows"; each row belongs to a generation ("gen") of its video. New rows
--   take the video's current one ("videos"."detection_gen", by the trigger below). An import that replaces
--   a video's boxes writes a fresh generation; publishing makes it current, and the generation it replaced
--   is hidden (named by its published staging row) until its rows are deleted.
-- - a row written by an unfinished import carries its "staging_id": while that staging row is not
--   published (staging, or abandoned), the row is hidden.
-- - "detections" is a view of the live rows only. It stays automatically updatable (one table, sub-queries
--   only in WHERE), so every select, insert … returning, update, delete and FOR UPDATE on it works as on
--   the table it replaces, and column defaults apply to inserts through it.
-- Garbage (replaced generations, abandoned stagings) is deleted afterwards in short batches; a staging row
-- goes when its garbage is gone.
ALTER TABLE "detections" RENAME TO "detection_rows";--> statement-breakpoint
ALTER TABLE "detection_rows" ADD COLUMN "gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "detection_rows" ALTER COLUMN "gen" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "detection_rows" ADD COLUMN "staging_id" integer;--> statement-breakpoint
ALTER TABLE "detection_rows" DROP CONSTRAINT "detections_video_id_track_id_frame_pk";--> statement-breakpoint
-- the generation last, so reads by track (track ranges, keyset pages, one box) keep their index order
ALTER TABLE "detection_rows" ADD CONSTRAINT "detection_rows_video_track_frame_gen_pk" PRIMARY KEY("video_id","track_id","frame","gen");--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "detection_gen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE SEQUENCE "detection_gen_seq";--> statement-breakpoint
CREATE TABLE "detection_stagings" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"import_job_id" integer,
	"gen" integer NOT NULL,
	"replaces_gen" integer,
	"state" text DEFAULT 'staging' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "detection_stagings" ADD CONSTRAINT "detection_stagings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "detection_stagings_one_live_idx" ON "detection_stagings" USING btree ("video_id") WHERE "detection_stagings"."state" = 'staging';--> statement-breakpoint
-- A row written without a generation (every insert through the view) takes its video's current one. The
-- video row is key-share locked as the foreign key would, so an import publishing meanwhile (FOR UPDATE of
-- that row) is waited for and its generation read. ALWAYS: bulk writes with session_replication_role =
-- replica name the generation themselves, but a row that does not still gets one.
CREATE FUNCTION "detection_rows_current_gen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gen := (SELECT v.detection_gen FROM videos v WHERE v.id = NEW.video_id FOR KEY SHARE);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "detection_rows_current_gen" BEFORE INSERT ON "detection_rows" FOR EACH ROW WHEN (NEW.gen IS NULL)
	EXECUTE FUNCTION "detection_rows_current_gen"();--> statement-breakpoint
ALTER TABLE "detection_rows" ENABLE ALWAYS TRIGGER "detection_rows_current_gen";--> statement-breakpoint
-- Both conditions are uncorrelated NOT IN sub-queries over the few staging rows: each is hashed once per
-- query and costs a hash probe per row, whatever plan the detections_video_frame_idx read gets.
CREATE VIEW "detections" AS
	SELECT r."video_id", r."track_id", r."frame", r."x1", r."y1", r."x2", r."y2", r."confidence", r."keypoints",
		r."source", r."updated_by_id", r."updated_at", r."version", r."ai_box", r."keypoint_visibility"
	FROM "detection_rows" r
	WHERE (r."staging_id" IS NULL
			OR r."staging_id" NOT IN (SELECT s."id" FROM "detection_stagings" s WHERE s."state" <> 'published'))
		AND (r."video_id", r."gen") NOT IN (SELECT s."video_id", s."replaces_gen" FROM "detection_stagings" s
			WHERE s."state" = 'published' AND s."replaces_gen" IS NOT NULL);
