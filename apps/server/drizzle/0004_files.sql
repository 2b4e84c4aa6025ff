CREATE TABLE "file_views" (
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_opened_at" timestamp with time zone NOT NULL,
	"last_opened_at" timestamp with time zone NOT NULL,
	"open_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "file_views_file_id_user_id_pk" PRIMARY KEY("file_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "file_watermarks" (
	"file_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_watermarks_file_id_user_id_day_pk" PRIMARY KEY("file_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"owner_id" integer NOT NULL,
	"lecture_id" integer,
	"weekly_lecture_id" integer,
	"upload_id" text,
	"part_size" integer,
	"upload_expires_at" timestamp with time zone,
	"memo" text DEFAULT '' NOT NULL,
	"has_parent_access" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_upload_id_unique" UNIQUE("upload_id"),
	CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('material', 'homework', 'self_study')),
	CONSTRAINT "files_status_check" CHECK ("files"."status" in ('pending', 'available')),
	CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "weekly_lecture_file_permission_students" (
	"weekly_lecture_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "weekly_lecture_file_permission_students_weekly_lecture_id_user_id_pk" PRIMARY KEY("weekly_lecture_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "weekly_lecture_file_permissions" (
	"weekly_lecture_id" integer PRIMARY KEY NOT NULL,
	"scope" text DEFAULT 'participants' NOT NULL,
	"available_from" timestamp with time zone,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wlfp_scope_check" CHECK ("weekly_lecture_file_permissions"."scope" in ('participants', 'lecture', 'selected', 'none'))
);
--> statement-breakpoint
ALTER TABLE "file_views" ADD CONSTRAINT "file_views_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_watermarks" ADD CONSTRAINT "file_watermarks_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_views_user_idx" ON "file_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "files_weekly_lecture_idx" ON "files" USING btree ("weekly_lecture_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id","kind");--> statement-breakpoint
CREATE INDEX "files_pending_idx" ON "files" USING btree ("upload_expires_at") WHERE "files"."status" = 'pending';