CREATE TABLE "user_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"old_name" text,
	"new_name" text,
	"old_role" text,
	"new_role" text,
	"changed_by_id" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_audit_user_idx" ON "user_audit" USING btree ("user_id","changed_at");--> statement-breakpoint
CREATE TABLE "review_opens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_opens" ADD CONSTRAINT "review_opens_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_opens_video_idx" ON "review_opens" USING btree ("video_id","opened_at");--> statement-breakpoint
CREATE INDEX "detections_human_idx" ON "detections" USING btree ("video_id") WHERE "detections"."source" = 'human';--> statement-breakpoint
CREATE TABLE "review_evidence" (
	"video_id" integer PRIMARY KEY NOT NULL,
	"annotation_version" integer NOT NULL,
	"tracks" integer NOT NULL,
	"detections" integer NOT NULL,
	"mean_confidence" double precision,
	"low_detections" integer NOT NULL,
	"low_tracks" integer NOT NULL,
	"people" integer NOT NULL,
	"segments" integer NOT NULL,
	"unverified" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_evidence" ADD CONSTRAINT "review_evidence_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
