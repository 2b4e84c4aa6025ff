import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, type Permission } from '@academy/contracts/roles';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { AccessClaims, TokenSigner } from '../lib/tokens.ts';

export type AuthUser = AccessClaims;

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (SPEC §6). Every /api route must declare one; see route-permissions test. */
    permission?: Permission;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** Why a presented token was refused on an open route (GraphQL answers it with 401). */
    authFailure: Error | null;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type RegisteredRoute = { method: string; url: string; permission: Permission | undefined };

/**
 * Reads the Bearer token and enforces each route's declared permission before its handler runs.
 * A route with no declaration is refused (deny by default) and fails the route-permission test.
 * A signed token also needs its session alive (`sessionAlive`: the account is active and its
 * session version is the token's), so sign-out, revoked sessions and deactivation end access
 * tokens at once rather than when they expire.
 */
export function registerAuth(app: FastifyInstance, opts: { signer: TokenSigner; sessionAlive: (claims: AccessClaims) => boolean | Promise<boolean> }): RegisteredRoute[] {
  const { signer, sessionAlive } = opts;
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('authFailure', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Outside /api everything is the public web app (pages, assets); the OpenAPI page and document
    // come from a plugin. All are open by nature, declared here once. Every other /api route
    // declares its own.
    if ((!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) && !route.config?.permission) {
      route.config = { ...(route.config ?? {}), permission: 'open' };
    }
    for (const m of methods) if (m !== 'HEAD') routes.push({ method: m, url: route.url, permission: route.config?.permission });
  });

  // Callback style: a signed-in request whose session is known answers without a promise or a
  // microtask (the hook runs on every request; issue 17). Only a session not yet in memory waits.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.routeOptions.url === undefined) return done(); // not-found handler
    const permission = req.routeOptions.config?.permission;
    const token = bearer(req);
    if (!token) return done(refusal(req, permission));
    const result = signer.verify(token);
    const settle = (alive: boolean): void => {
      const failure = !result.ok
        ? result.reason === 'expired'
          ? unauthorized('auth.token_expired', '로그인이 만료되었습니다. 다시 로그인해 주세요')
          : unauthorized('auth.token_invalid', '인증 정보가 올바르지 않습니다. 다시 로그인해 주세요')
        : alive
          ? null
          : unauthorized('auth.session_ended', '로그아웃되었거나 계정이 비활성화되었습니다. 다시 로그인해 주세요');
      if (result.ok && !failure) req.user = result.claims;
      else if (permission !== 'open') return done(failure!);
      else req.authFailure = failure;
      done(refusal(req, permission));
    };
    if (!result.ok) return settle(false);
    const alive = sessionAlive(result.claims);
    if (typeof alive === 'boolean') return settle(alive);
    alive.then(settle, done);
  });

  return routes;
}

/** Why this request may not reach its route (undefined: it may). */
function refusal(req: FastifyRequest, permission: Permission | undefined): Error | undefined {
  if (!permission) return forbidden('auth.route_undeclared', '이 API는 접근 권한이 정해지지 않아 사용할 수 없습니다');
  if (permission === 'open') return undefined;
  if (!req.user) return unauthorized('auth.required', '로그인이 필요합니다');
  if (!hasPermission(req.user, permission)) return forbidden();
  return undefined;
}

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  const token = m?.[1]?.trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

/** The signed-in user of a route that declared a non-open permission. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized('auth.required', '로그인이 필요합니다');
  return req.user;
}
