ALTER TABLE "attendance_types" ADD COLUMN "skip_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD COLUMN "text_from_hour" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD COLUMN "text_until_hour" smallint DEFAULT 22 NOT NULL;