-- Lectures that existed before the 공개 switch stay on the landing page as they were (added as true); new lectures start private.
ALTER TABLE "lectures" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ALTER COLUMN "is_public" SET DEFAULT false;--> statement-breakpoint
-- Phones left before the consent existed keep no consent time (null): no consent was recorded for them.
ALTER TABLE "board_posts" ADD COLUMN "phone_consent_at" timestamp with time zone;
