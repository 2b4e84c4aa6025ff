CREATE TABLE "sms_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"driver" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"template_id" integer,
	"audience" text NOT NULL,
	"advertising" boolean DEFAULT false NOT NULL,
	"lecture_id" integer,
	"exam_id" integer,
	"schedule_id" integer,
	"total" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_event_settings" (
	"event" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"template_id" integer,
	"att_type_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"lecture_id" integer NOT NULL,
	"audience" text NOT NULL,
	"template_id" integer,
	"body" text NOT NULL,
	"weekday" smallint NOT NULL,
	"time" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"origin" text NOT NULL,
	"last_slot" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_schedules_weekday_check" CHECK ("sms_schedules"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "sms_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"sender_name" text NOT NULL,
	"opt_out_notice" text DEFAULT '' NOT NULL,
	"attendance_delay_minutes" integer NOT NULL,
	"week_link_days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_settings_single_row" CHECK ("sms_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "board_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"body" text NOT NULL,
	"author_id" integer NOT NULL,
	"sms_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_attachments" (
	"post_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "board_attachments_post_id_file_id_pk" PRIMARY KEY("post_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "board_counters" (
	"id" integer PRIMARY KEY NOT NULL,
	"live" integer NOT NULL,
	"unanswered" integer NOT NULL,
	CONSTRAINT "board_counters_single_row" CHECK ("board_counters"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "board_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"author_type" text NOT NULL,
	"author_user_id" integer,
	"author_name" text NOT NULL,
	"author_phone" text,
	"password_hash" text,
	"sort_order" integer,
	"view_count" integer DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "board_posts_kind_check" CHECK ("board_posts"."kind" in ('notice', 'question')),
	CONSTRAINT "board_posts_author_check" CHECK ("board_posts"."author_type" in ('visitor', 'student', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "board_throttle" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "board_uploads" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "owner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "key" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "advertising" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "resend_of" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "send_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_attempts" ADD CONSTRAINT "sms_attempts_message_id_sms_outbox_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."sms_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_event_settings" ADD CONSTRAINT "sms_event_settings_template_id_push_alert_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."push_alert_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_event_settings" ADD CONSTRAINT "sms_event_settings_att_type_id_attendance_types_id_fk" FOREIGN KEY ("att_type_id") REFERENCES "public"."attendance_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_schedules" ADD CONSTRAINT "sms_schedules_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_schedules" ADD CONSTRAINT "sms_schedules_template_id_push_alert_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."push_alert_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_answers" ADD CONSTRAINT "board_answers_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_attachments" ADD CONSTRAINT "board_attachments_post_id_board_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."board_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_attempts_message_idx" ON "sms_attempts" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "sms_batches_created_idx" ON "sms_batches" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "board_answers_post_idx" ON "board_answers" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "board_posts_list_idx" ON "board_posts" USING btree ("created_at","id") WHERE "board_posts"."deleted_at" is null and "board_posts"."sort_order" is null;--> statement-breakpoint
CREATE INDEX "board_posts_unanswered_idx" ON "board_posts" USING btree ("created_at","id") WHERE "board_posts"."deleted_at" is null and "board_posts"."sort_order" is null and "board_posts"."kind" = 'question' and "board_posts"."answer_count" = 0;--> statement-breakpoint
CREATE INDEX "board_posts_pinned_idx" ON "board_posts" USING btree ("sort_order") WHERE "board_posts"."deleted_at" is null and "board_posts"."sort_order" is not null;--> statement-breakpoint
CREATE INDEX "board_posts_title_trgm_idx" ON "board_posts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "board_throttle_ip_idx" ON "board_throttle" USING btree ("ip","action","at");--> statement-breakpoint
CREATE INDEX "sms_outbox_batch_idx" ON "sms_outbox" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_user_idx" ON "sms_outbox" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_key_unique" UNIQUE("key");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status_check" CHECK ("sms_outbox"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('material', 'homework', 'self_study', 'receipt', 'omr', 'video', 'board'));