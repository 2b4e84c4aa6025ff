import type { ModuleHooks } from '../../module.ts';
import { createAssignmentService } from './assignments.service.ts';
import { createCatalogService } from './catalog.service.ts';
import type { TagsDeps } from './tags.deps.ts';
import { registerTagResources } from './tags.resource.ts';
import { tagRoutes } from './tags.routes.ts';
import { seedDemoTags } from './tags.seed.ts';
import { tagSql } from './tags.sql.ts';

export { DEMO_TAGS } from './tags.seed.ts';
export type TagsModule = ReturnType<typeof createTagsModule>;

/**
 * Tags (태그) staff put on students, in the display order they arrange. Owns `tags` and
 * `user_tags`. Other modules use:
 *
 * - `requireIds({ tagIds, field })` — every id is a tag, else tags.unknown.
 * - `setTagsOf({ userId, tagIds })` — a user's whole set of tags (the student form), in the caller's transaction.
 * - `addToUsers`, `removeFromUsers` — many tags on many users, audited (the students grid's bulk tags).
 * - `sql` — pieces to embed in their own statements: a user's tag summaries, tag ids, "has any of
 *   these tags", the GraphQL relation filter (the students grid shows a page with its tags in one statement).
 */
export function createTagsModule(deps: TagsDeps) {
  const catalog = createCatalogService(deps);
  const assignments = createAssignmentService(deps);
  return {
    requireIds: assignments.requireIds,
    setTagsOf: assignments.setTagsOf,
    addToUsers: assignments.addToUsers,
    removeFromUsers: assignments.removeFromUsers,
    sql: tagSql,
    register(app) {
      tagRoutes(app, { catalog, assignments });
      registerTagResources(app);
    },
    seed: { demo: (seed) => seedDemoTags(deps, seed) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
