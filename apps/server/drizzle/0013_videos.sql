CREATE TABLE "video_progress" (
	"video_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"intervals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watched_sec" double precision DEFAULT 0 NOT NULL,
	"position_sec" double precision DEFAULT 0 NOT NULL,
	"percent" double precision DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"credit_sec" double precision DEFAULT 0 NOT NULL,
	"credit_at" timestamp with time zone NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_progress_video_id_user_id_pk" PRIMARY KEY("video_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"completion_percent" integer NOT NULL,
	"attendance_type_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_settings_single_row" CHECK ("video_settings"."id" = 1),
	CONSTRAINT "video_settings_percent_check" CHECK ("video_settings"."completion_percent" between 50 and 100)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"weekly_lecture_id" integer NOT NULL,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"file_id" integer,
	"file_name" text,
	"file_size" bigint,
	"provider_video_id" text,
	"provider_hash" text,
	"link_url" text,
	"duration_sec" double precision,
	"width" integer,
	"height" integer,
	"stream_key" text,
	"stream_size" bigint,
	"poster_key" text,
	"processing_percent" integer,
	"processing_message" text,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "videos_file_id_unique" UNIQUE("file_id"),
	CONSTRAINT "videos_source_check" CHECK ("videos"."source" in ('upload', 'youtube', 'vimeo')),
	CONSTRAINT "videos_status_check" CHECK ("videos"."status" in ('processing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_settings" ADD CONSTRAINT "video_settings_attendance_type_id_attendance_types_id_fk" FOREIGN KEY ("attendance_type_id") REFERENCES "public"."attendance_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_progress_user_idx" ON "video_progress" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "videos_weekly_lecture_idx" ON "videos" USING btree ("weekly_lecture_id") WHERE "videos"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('material', 'homework', 'self_study', 'receipt', 'omr', 'video'));