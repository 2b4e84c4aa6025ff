/**
 * True when `e` is PostgreSQL's unique_violation (23505), as thrown by node-postgres or PGlite,
 * directly or wrapped by drizzle. Services turn it into their own "already taken" error when two
 * writers race past the check made before inserting.
 */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}
