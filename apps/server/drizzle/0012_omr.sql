CREATE TABLE "omr_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"weekly_lecture_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_ids" jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "omr_batches_status_check" CHECK ("omr_batches"."status" in ('queued', 'reading', 'review', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "omr_candidate_numbers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "omr_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"page" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"id_source" text,
	"candidate_number" text,
	"qr" text,
	"image_key" text,
	"scale" real,
	"levels" jsonb,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "omr_sheets_status_check" CHECK ("omr_sheets"."status" in ('unreadable', 'review', 'ready', 'applied'))
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "omr_batches" ADD CONSTRAINT "omr_batches_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "omr_sheets" ADD CONSTRAINT "omr_sheets_batch_id_omr_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."omr_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "omr_batches_exam_idx" ON "omr_batches" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "omr_batches_weekly_lecture_idx" ON "omr_batches" USING btree ("weekly_lecture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "omr_candidate_numbers_number_uidx" ON "omr_candidate_numbers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "omr_sheets_batch_idx" ON "omr_sheets" USING btree ("batch_id","file_id","page");--> statement-breakpoint
CREATE INDEX "omr_sheets_exam_user_idx" ON "omr_sheets" USING btree ("exam_id","user_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('material', 'homework', 'self_study', 'receipt', 'omr'));