-- The GIN indexes of the search boxes keep a small pending list (64 kB) instead of none (0019).
-- With none, every row written updates both indexes entry by entry: a 3,000-student import spent
-- 1.0-1.4 s of its 2.3 s there. With a small list, rows written together are merged into the index
-- in sorted batches (0.4 s for the same import), and a search reads at most 64 kB of pending
-- entries: the whole-table list that made 0019 turn it off cannot build up, with or without
-- autovacuum (PGlite has none). Rebuilt here, as 0019 did (issue 17).
DROP INDEX "student_profiles_search_trgm_idx";--> statement-breakpoint
DROP INDEX "student_profiles_search_tokens_idx";--> statement-breakpoint
DROP INDEX "board_posts_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "student_profiles_search_trgm_idx" ON "student_profiles" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=true,gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "student_profiles_search_tokens_idx" ON "student_profiles" USING gin ("search_tokens") WITH (fastupdate=true,gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "board_posts_title_trgm_idx" ON "board_posts" USING gin ("title" gin_trgm_ops) WITH (fastupdate=true,gin_pending_list_limit=64);