-- The GIN indexes of the search boxes keep no pending list (fastupdate off). With it on, new
-- entries wait in an unsorted list that every search reads from start to end until a VACUUM merges
-- them; embedded PGlite has no autovacuum, so after an import (or the large seed) the whole table
-- sat there: the students search read 10,080 pending entries, 4 ms on PostgreSQL instead of 0.3 ms
-- (issue 17). Rebuilt here, so the existing pending entries are merged too.
DROP INDEX "student_profiles_search_trgm_idx";--> statement-breakpoint
DROP INDEX "student_profiles_search_tokens_idx";--> statement-breakpoint
DROP INDEX "board_posts_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "student_profiles_search_trgm_idx" ON "student_profiles" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "student_profiles_search_tokens_idx" ON "student_profiles" USING gin ("search_tokens") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "board_posts_title_trgm_idx" ON "board_posts" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);