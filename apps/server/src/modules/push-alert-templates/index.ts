import type { PushAlertCategory } from '@academy/contracts/push-alert-templates';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { pushAlertTemplatesResource } from './push-alert-templates.resource.ts';
import { seedPushAlertTemplates } from './push-alert-templates.seed.ts';
import { pushAlertTemplates } from './push-alert-templates.table.ts';

export type MessageTemplate = { id: number; title: string; category: PushAlertCategory; body: string; isActive: boolean };

/** The resource definition, for the GraphQL benchmark that compares it with the bare driver. */
export { pushAlertTemplatesResource };

export type PushAlertTemplatesModule = ReturnType<typeof createPushAlertTemplatesModule>;

/**
 * Message templates (알림 문자 템플릿). They live only in the GraphQL data layer (SPEC §3): full CRUD
 * for admins through /api/gql, nothing for anyone else; the SMS area fills them in when sending.
 */
export function createPushAlertTemplatesModule(deps: { ctx: AppContext }) {
  const { db } = deps.ctx;
  const columns = { id: pushAlertTemplates.id, title: pushAlertTemplates.title, category: pushAlertTemplates.category, body: pushAlertTemplates.body, isActive: pushAlertTemplates.isActive };
  return {
    /** For the SMS area: the templates a sender may pick, and one by id. */
    templates: {
      async active(): Promise<MessageTemplate[]> {
        return db.select(columns).from(pushAlertTemplates).where(eq(pushAlertTemplates.isActive, true)).orderBy(asc(pushAlertTemplates.category), asc(pushAlertTemplates.id));
      },
      async get(id: number): Promise<MessageTemplate | null> {
        const [row] = await db.select(columns).from(pushAlertTemplates).where(eq(pushAlertTemplates.id, id));
        return row ?? null;
      },
    },
    register(app) {
      registerResource(app, pushAlertTemplatesResource);
    },
    seed: { demo: () => seedPushAlertTemplates(deps.ctx.db) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
