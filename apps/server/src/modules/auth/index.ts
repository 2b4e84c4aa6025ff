import type { ModuleHooks } from '../../module.ts';
import type { AuthDeps } from './auth.deps.ts';
import { authRoutes } from './auth.routes.ts';
import { createPasswordService } from './passwords.service.ts';
import { createSessionService } from './sessions.service.ts';

export type AuthModule = ReturnType<typeof createAuthModule>;

/**
 * Sign-in and sessions (refresh tokens, sign-in throttling) and passwords (reset by SMS link, TA
 * password changes). Owns refresh_tokens, login_failures and password_resets; accounts themselves
 * belong to the users module. Other modules use:
 *
 * - `revokeSessions(userIds)` — end every session of these users (after a password reset by staff).
 */
export function createAuthModule(deps: AuthDeps) {
  const sessions = createSessionService(deps);
  const passwords = createPasswordService({ ...deps, revokeSessions: sessions.revokeSessions });
  return {
    revokeSessions: sessions.revokeSessions,
    register(app) {
      authRoutes(app, { ctx: deps.ctx, sessions, passwords });
    },
    // Every six hours: expired sessions and old sign-in failures.
    schedules: [{ name: 'auth.prune', cron: '17 */6 * * *', run: sessions.prune }],
  } satisfies ModuleHooks & Record<string, unknown>;
}
