ALTER TABLE "files" DROP CONSTRAINT "files_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_initial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "keep_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_lecture_announcements" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('material', 'homework', 'self_study', 'receipt', 'omr', 'video', 'board', 'profile'));