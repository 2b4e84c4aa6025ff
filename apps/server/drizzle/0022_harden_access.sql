CREATE TABLE "rate_limits" (
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"attempts" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limits_rule_subject_pk" PRIMARY KEY("rule","subject")
);
--> statement-breakpoint
DROP TABLE "login_throttle" CASCADE;--> statement-breakpoint
DROP TABLE "board_throttle" CASCADE;--> statement-breakpoint
-- A refresh token keeps the role and admin level it was issued for (a demoted account's session
-- ends at its next refresh). Sessions open at the upgrade take their account's current ones.
ALTER TABLE "refresh_tokens" ADD COLUMN "user_type" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "is_admin_level" boolean;--> statement-breakpoint
UPDATE "refresh_tokens" SET "user_type" = "users"."user_type", "is_admin_level" = "users"."is_admin_level" FROM "users" WHERE "users"."id" = "refresh_tokens"."user_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "user_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "is_admin_level" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Texts already sent with a reset link, a parent link or a security notice are secret too.
UPDATE "sms_outbox" SET "secret" = true WHERE "purpose" IN ('password_reset', 'phone_changed') OR "body" ~ 'https?://[^[:space:]]+/link/';--> statement-breakpoint
-- Links live at most 30 days, whatever their purpose (PUBLIC_LINK_MAX_DAYS).
UPDATE "sms_settings" SET "week_link_days" = 30 WHERE "week_link_days" > 30;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_at_idx" ON "rate_limits" USING btree ("expires_at");