import type { PushAlertCategory } from '@academy/contracts/push-alert-templates';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { pushAlertTemplatesResource } from './push-alert-templates.resource.ts';
import { seedPushAlertTemplates } from './push-alert-templates.seed.ts';
import { pushAlertTemplates } from './push-alert-templates.table.ts';

/** The resource definition, for the GraphQL benchmark that compares it with the bare driver. */
export { pushAlertTemplatesResource };

export type PushAlertTemplatesModule = ReturnType<typeof createPushAlertTemplatesModule>;

/**
 * Message templates (알림 문자 템플릿). They live only in the GraphQL data layer (SPEC §3): full CRUD
 * for admins through /api/gql, nothing for anyone else; the SMS area fills them in when sending.
 */
export function createPushAlertTemplatesModule(deps: { ctx: AppContext }) {
  return {
    /**
     * The body of the active template with this category and title (the clinic's 「클리닉 재촉」),
     * or null when the center has none, so the caller falls back on its own wording.
     */
    async activeBody(opts: { category: PushAlertCategory; title: string }): Promise<string | null> {
      const [row] = await deps.ctx.db
        .select({ body: pushAlertTemplates.body })
        .from(pushAlertTemplates)
        .where(and(eq(pushAlertTemplates.category, opts.category), eq(pushAlertTemplates.title, opts.title), eq(pushAlertTemplates.isActive, true)))
        .orderBy(asc(pushAlertTemplates.id))
        .limit(1);
      return row?.body ?? null;
    },
    register(app) {
      registerResource(app, pushAlertTemplatesResource);
    },
    seed: { demo: () => seedPushAlertTemplates(deps.ctx.db) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
