import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { boardCounters, boardPosts } from './board.table.ts';

const listed = and(isNull(boardPosts.deletedAt), isNull(boardPosts.sortOrder));
const unansweredWhere = and(listed, eq(boardPosts.kind, 'question'), eq(boardPosts.answerCount, 0));

/**
 * Recounts the list's totals in the caller's transaction. The counter row is locked first, so two
 * writes at once count one after the other and the second sees the first's post.
 */
export async function recountBoard(db: Db): Promise<void> {
  await db.insert(boardCounters).values({ id: 1, live: 0, unanswered: 0 }).onConflictDoNothing();
  await db.select({ id: boardCounters.id }).from(boardCounters).where(eq(boardCounters.id, 1)).for('update');
  await db
    .update(boardCounters)
    .set({
      live: sql`(${db.select({ n: count() }).from(boardPosts).where(listed)})`,
      unanswered: sql`(${db.select({ n: count() }).from(boardPosts).where(unansweredWhere)})`,
    })
    .where(eq(boardCounters.id, 1));
}

/** The totals of the unfiltered list and of the unanswered questions. */
export async function boardTotals(db: Db): Promise<{ live: number; unanswered: number }> {
  const [row] = await db.select({ live: boardCounters.live, unanswered: boardCounters.unanswered }).from(boardCounters).where(eq(boardCounters.id, 1));
  return row ?? { live: 0, unanswered: 0 };
}
