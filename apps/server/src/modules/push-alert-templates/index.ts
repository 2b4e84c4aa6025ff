import type { AppContext } from '../../context.ts';
import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { pushAlertTemplatesResource } from './push-alert-templates.resource.ts';
import { seedPushAlertTemplates } from './push-alert-templates.seed.ts';

/** The resource definition, for the GraphQL benchmark that compares it with the bare driver. */
export { pushAlertTemplatesResource };

export type PushAlertTemplatesModule = ReturnType<typeof createPushAlertTemplatesModule>;

/**
 * Message templates (알림 문자 템플릿). They live only in the GraphQL data layer (SPEC §3): full CRUD
 * for admins through /api/gql, nothing for anyone else; the SMS area fills them in when sending.
 */
export function createPushAlertTemplatesModule(deps: { ctx: AppContext }) {
  return {
    register(app) {
      registerResource(app, pushAlertTemplatesResource);
    },
    seed: { demo: () => seedPushAlertTemplates(deps.ctx.db) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
