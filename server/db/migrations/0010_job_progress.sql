CREATE TABLE IF NOT EXISTS "job_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"video_id" integer,
	"source_root" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"stage" text,
	"eta_s" integer,
	"cancellable" boolean DEFAULT true NOT NULL,
	"started_by" text,
	"cancel_requested_by" text,
	"queue_name" text,
	"queue_job_id" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"link" text,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "job_progress" ADD CONSTRAINT "job_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_progress_subject_idx" ON "job_progress" USING btree ("kind","subject","state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_progress_state_idx" ON "job_progress" USING btree ("state");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "job_progress_finished_idx" ON "job_progress" USING btree ("finished_at");
