CREATE TABLE "action_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"action_class" text NOT NULL,
	"start_time" double precision NOT NULL,
	"end_time" double precision NOT NULL,
	"confidence" real DEFAULT 0.7 NOT NULL,
	"human_verified" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"updated_by_id" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "detections" (
	"video_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"frame" integer NOT NULL,
	"x1" real NOT NULL,
	"y1" real NOT NULL,
	"x2" real NOT NULL,
	"y2" real NOT NULL,
	"confidence" real DEFAULT 1 NOT NULL,
	"keypoints" real[],
	"source" text DEFAULT 'ai' NOT NULL,
	"updated_by_id" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "detections_video_id_track_id_frame_pk" PRIMARY KEY("video_id","track_id","frame")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"source_root" text NOT NULL,
	"target_root" text NOT NULL,
	"mode" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"initiated_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_type" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"initiated_by" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processing_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"line" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"subject_track_id" integer NOT NULL,
	"object_track_id" integer NOT NULL,
	"kind" text NOT NULL,
	"start_time" double precision NOT NULL,
	"end_time" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renders" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"key" text,
	"path" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"root" text PRIMARY KEY NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"role" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"remark" text,
	"changed_by_id" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"role" text DEFAULT 'annotator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"path" text NOT NULL,
	"rel_path" text NOT NULL,
	"source_root" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"mtime" double precision DEFAULT 0 NOT NULL,
	"duration" double precision DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 1280 NOT NULL,
	"height" integer DEFAULT 720 NOT NULL,
	"fps" double precision DEFAULT 30 NOT NULL,
	"fps_num" integer DEFAULT 30 NOT NULL,
	"fps_den" integer DEFAULT 1 NOT NULL,
	"total_frames" integer DEFAULT 0 NOT NULL,
	"codec" text,
	"frame_stride" integer DEFAULT 1 NOT NULL,
	"processing_status" text DEFAULT 'pending' NOT NULL,
	"previous_status" text,
	"ai_processed_at" timestamp with time zone,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_to_id" text,
	"assigned_to_name" text,
	"last_status_by_id" text,
	"last_status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "action_segments" ADD CONSTRAINT "action_segments_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_log" ADD CONSTRAINT "processing_log_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relationships" ADD CONSTRAINT "relationships_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_history" ADD CONSTRAINT "status_history_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_segments_video_idx" ON "action_segments" USING btree ("video_id","track_id");--> statement-breakpoint
CREATE INDEX "detections_video_frame_idx" ON "detections" USING btree ("video_id","frame");--> statement-breakpoint
CREATE INDEX "jobs_started_idx" ON "jobs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "processing_log_video_idx" ON "processing_log" USING btree ("video_id","id");--> statement-breakpoint
CREATE INDEX "relationships_video_idx" ON "relationships" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "status_history_video_idx" ON "status_history" USING btree ("video_id","changed_at");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("processing_status","id");--> statement-breakpoint
CREATE INDEX "videos_source_idx" ON "videos" USING btree ("source_root","id");--> statement-breakpoint
CREATE INDEX "videos_assignee_idx" ON "videos" USING btree ("assigned_to_id","id");