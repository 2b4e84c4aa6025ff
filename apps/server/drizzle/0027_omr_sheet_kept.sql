-- A sheet whose student already had a different score can be kept out of the scores by the TA (status kept).
ALTER TABLE "omr_sheets" DROP CONSTRAINT "omr_sheets_status_check";--> statement-breakpoint
ALTER TABLE "omr_sheets" ADD CONSTRAINT "omr_sheets_status_check" CHECK ("omr_sheets"."status" in ('unreadable', 'review', 'ready', 'applied', 'kept'));