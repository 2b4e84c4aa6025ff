/**
 * Storage options of every GIN index (migration 0021; db/maintenance.test.ts holds each index to
 * them). New entries wait in a pending list and are merged in sorted batches, which makes a bulk
 * write several times cheaper than updating the index entry by entry; the list is merged by the
 * insert that fills 64 kB, so a search never reads a long one, with or without autovacuum (PGlite
 * has none). docs/DECISIONS.md, "Performance (issue 17)".
 */
export const GIN_OPTIONS = { fastupdate: true, gin_pending_list_limit: 64 } as const;
