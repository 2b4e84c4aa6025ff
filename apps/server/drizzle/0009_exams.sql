CREATE TABLE "realtime_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"student_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"sms_phone" text,
	"open_count" integer DEFAULT 0 NOT NULL,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "exam_link_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_retakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer,
	"title" text NOT NULL,
	"date" date,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_score" numeric(7, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subject" text,
	"description" text,
	"questions" jsonb NOT NULL,
	"max_score" numeric(7, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"weekly_lecture_id" integer NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"template_id" integer,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_score" numeric(7, 2) NOT NULL,
	"cutline" numeric(7, 2),
	"grade_mode" text DEFAULT 'none' NOT NULL,
	"grade_cutoffs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ready_to_show" boolean DEFAULT false NOT NULL,
	"online_submission" boolean DEFAULT false NOT NULL,
	"link_group_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_grade_mode_check" CHECK ("exams"."grade_mode" in ('none', 'relative9', 'relative5', 'cutoffs'))
);
--> statement-breakpoint
CREATE TABLE "score_locks" (
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"holder_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "score_locks_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "score_sheet_memos" (
	"weekly_lecture_id" integer PRIMARY KEY NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first" numeric(7, 2),
	"retake" numeric(7, 2),
	"answers" jsonb,
	"marks" text,
	"retake_answers" jsonb,
	"retake_marks" text,
	"status" text DEFAULT 'not_taken' NOT NULL,
	"clinic" text DEFAULT 'none' NOT NULL,
	"delivery" text DEFAULT 'none' NOT NULL,
	"grade" integer,
	"grade_manual" boolean DEFAULT false NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "scores_status_check" CHECK ("scores"."status" in ('taken', 'not_taken', 'absent', 'exempt')),
	CONSTRAINT "scores_clinic_check" CHECK ("scores"."clinic" in ('none', 'required', 'booked', 'done', 'exempt')),
	CONSTRAINT "scores_delivery_check" CHECK ("scores"."delivery" in ('none', 'sms', 'link', 'direct'))
);
--> statement-breakpoint
ALTER TABLE "exam_retakes" ADD CONSTRAINT "exam_retakes_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_locks" ADD CONSTRAINT "score_locks_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scores" ADD CONSTRAINT "scores_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_events_topic_idx" ON "realtime_events" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "public_links_subject_idx" ON "public_links" USING btree ("purpose","subject_id");--> statement-breakpoint
CREATE INDEX "exam_retakes_exam_idx" ON "exam_retakes" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "exams_weekly_lecture_idx" ON "exams" USING btree ("weekly_lecture_id","seq");--> statement-breakpoint
CREATE INDEX "exams_lecture_idx" ON "exams" USING btree ("lecture_id");--> statement-breakpoint
CREATE INDEX "exams_link_group_idx" ON "exams" USING btree ("link_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scores_exam_user_uidx" ON "scores" USING btree ("exam_id","user_id");--> statement-breakpoint
CREATE INDEX "scores_user_idx" ON "scores" USING btree ("user_id");