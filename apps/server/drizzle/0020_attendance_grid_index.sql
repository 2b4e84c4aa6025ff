-- The attendance grid groups a lecture's cells by student (json_agg per student). With an index on
-- lecture_id alone PostgreSQL read 12,000 rows of a 300-student lecture from the table and sorted or
-- hashed them on every call: 9 ms of the embedded database's 26 ms for the three reads of a busy
-- afternoon (issue 17). This index hands them over in student order, the grid's values inside it
-- (INCLUDE, which drizzle-kit does not write: the schema declares the index on its two keys), so the
-- read is an index-only scan grouped as it goes. It still serves every lookup by lecture_id.
CREATE INDEX "wlp_lecture_user_idx" ON "weekly_lecture_participants" USING btree ("lecture_id","user_id") INCLUDE ("weekly_lecture_id","att_type_id","att_locked");--> statement-breakpoint
DROP INDEX "wlp_lecture_idx";
