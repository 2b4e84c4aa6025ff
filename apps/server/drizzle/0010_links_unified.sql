-- The files area's parent links become public links of purpose 'file' (the kernel's one mechanism).
ALTER TABLE "public_links" ALTER COLUMN "student_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "public_links" ADD COLUMN "revoked_by" integer;--> statement-breakpoint
INSERT INTO "public_links" ("purpose", "student_id", "subject_id", "token_hash", "expires_at", "revoked_at", "revoked_by", "sms_phone", "open_count", "first_opened_at", "last_opened_at", "created_by", "created_at")
  SELECT 'file', "student_id", "file_id", "token_hash", "expires_at", "revoked_at", "revoked_by", "sms_phone", "open_count", "first_opened_at", "last_opened_at", "created_by", "created_at"
  FROM "file_parent_links" ORDER BY "id";--> statement-breakpoint
DROP TABLE "file_parent_links" CASCADE;
