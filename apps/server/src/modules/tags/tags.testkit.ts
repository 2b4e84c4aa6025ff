import { tagsApi, type Tag } from '@academy/contracts/tags';
import type { TestApp } from '../../../test/harness.ts';

/** Tags by name, in the order given (their priority), through the tags API as staff. */
export async function makeTags(t: TestApp, opts: { token: string; names: readonly string[]; color?: string }): Promise<Tag[]> {
  const made: Tag[] = [];
  for (const name of opts.names) made.push(await t.api(tagsApi.create, { token: opts.token, body: { name, color: opts.color ?? '#2e7d32' } }));
  return made;
}
