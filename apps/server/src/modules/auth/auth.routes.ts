import { authApi } from '@academy/contracts/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import type { createPasswordService } from './passwords.service.ts';
import type { createSessionService, Session } from './sessions.service.ts';

export const REFRESH_COOKIE = 'refreshToken';

type Services = { ctx: AppContext; sessions: ReturnType<typeof createSessionService>; passwords: ReturnType<typeof createPasswordService> };

/** Every route of the auth module. The refresh token travels in an httpOnly cookie scoped to /api/auth. */
export function authRoutes(app: FastifyInstance, { ctx, sessions, passwords }: Services): void {
  // Secure in production, and whenever the request came over HTTPS (the socket's, or a trusted
  // proxy's X-Forwarded-Proto).
  const secure = (req: FastifyRequest) => ctx.config.env === 'production' || req.protocol === 'https';
  const setRefreshCookie = (req: FastifyRequest, reply: FastifyReply, s: Session) =>
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, { httpOnly: true, sameSite: 'lax', secure: secure(req), path: '/api/auth', expires: s.refreshExpiresAt });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });

  route(app, authApi.login, async ({ body, req, reply }) => {
    // req.ip is the socket's address unless a proxy named in TRUST_PROXY vouches for another.
    const session = await sessions.login({ ...body, ip: req.ip });
    setRefreshCookie(req, reply, session);
    return session.reply;
  });
  route(app, authApi.refresh, async ({ req, reply }) => {
    try {
      const session = await sessions.refresh(req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(req, reply, session);
      return session.reply;
    } catch (e) {
      clearRefreshCookie(reply);
      throw e;
    }
  });
  route(app, authApi.logout, async ({ req, reply }) => {
    await sessions.logout(req.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return { ok: true as const };
  });
  route(app, authApi.me, ({ user }) => sessions.me(user.userId));
  route(app, authApi.findPassword, async ({ body, req }) => {
    await passwords.findPassword({ ...body, ip: req.ip, origin: publicOrigin(ctx) });
    return { ok: true as const, message: '입력한 정보가 등록된 계정과 일치하면 비밀번호 재설정 링크를 문자로 보냈습니다' };
  });
  route(app, authApi.checkResetLink, ({ params }) => passwords.checkResetLink(params.uuid));
  route(app, authApi.resetPassword, async ({ body }) => {
    await passwords.resetPasswordViaUuid(body);
    return { ok: true as const };
  });
  route(app, authApi.changeOwnPassword, async ({ body, user }) => {
    await passwords.changeOwnPassword({ actor: user, ...body });
    return { ok: true as const };
  });
  route(app, authApi.changeSupervisorPassword, async ({ params, body, user }) => {
    await passwords.changeSupervisorPassword({ actor: user, targetId: params.id, ...body });
    return { ok: true as const };
  });
}
