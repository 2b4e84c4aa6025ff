import { count } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';
import { seedPushAlertTemplates } from './push-alert-templates.seed.ts';
import { pushAlertTemplates } from './push-alert-templates.table.ts';

/** The demo center's templates, for tests that need a realistic set. */
export const addDemoTemplates = (t: TestApp) => seedPushAlertTemplates(t.ctx.db);

/** How many templates exist, straight from the table (tests that check a refused write changed nothing). */
export async function countTemplates(t: TestApp): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(pushAlertTemplates);
  return row!.n;
}

/** Removes every template (tests that start from a known set). */
export const clearTemplates = (t: TestApp) => t.ctx.db.delete(pushAlertTemplates);
