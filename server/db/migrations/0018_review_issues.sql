CREATE TABLE "review_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"frame" integer NOT NULL,
	"to_frame" integer,
	"track_id" integer,
	"track_label" text,
	"box" double precision[],
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"raised_by_id" text NOT NULL,
	"raised_by_name" text,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by_id" text,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"updated_by_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_issue_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text,
	"text" text NOT NULL,
	"event" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_issues" ADD CONSTRAINT "review_issues_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_issue_comments" ADD CONSTRAINT "review_issue_comments_issue_id_review_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."review_issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_issues_video_idx" ON "review_issues" USING btree ("video_id","frame");--> statement-breakpoint
CREATE INDEX "review_issues_open_idx" ON "review_issues" USING btree ("video_id") WHERE "review_issues"."state" = 'open';--> statement-breakpoint
CREATE INDEX "review_issue_comments_issue_idx" ON "review_issue_comments" USING btree ("issue_id","id");--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "open_issues" integer DEFAULT 0 NOT NULL;
