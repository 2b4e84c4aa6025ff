import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeSupervisorPasswordBody, findPasswordBody, loginBody, meReply, resetPasswordBody, tokenReply } from '@academy/contracts/auth';
import { idParam } from '@academy/contracts/validation';
import type { AppContext } from '../../context.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createAuthService, type Session } from './auth.service.ts';

export const REFRESH_COOKIE = 'refreshToken';
const okReply = z.object({ ok: z.literal(true), message: z.string().optional() });

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const auth = createAuthService(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secureCookie = ctx.config.env === 'production';

  const setRefreshCookie = (reply: FastifyReply, s: Session) =>
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
      path: '/api/auth',
      expires: s.refreshExpiresAt,
    });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });

  r.post('/api/auth/login', {
    config: { permission: 'open' },
    schema: { tags: ['auth'], summary: '로그인', body: loginBody, response: { 200: tokenReply } },
  }, async (req, reply) => {
    const session = await auth.login(req.body);
    setRefreshCookie(reply, session);
    return session.reply;
  });

  r.post('/api/auth/refresh', {
    config: { permission: 'open' },
    schema: { tags: ['auth'], summary: '액세스 토큰 재발급 (리프레시 토큰 쿠키 회전)', response: { 200: tokenReply } },
  }, async (req, reply) => {
    try {
      const session = await auth.refresh(req.cookies[REFRESH_COOKIE]);
      setRefreshCookie(reply, session);
      return session.reply;
    } catch (e) {
      clearRefreshCookie(reply);
      throw e;
    }
  });

  r.post('/api/auth/logout', {
    config: { permission: 'open' },
    schema: { tags: ['auth'], summary: '로그아웃 (리프레시 토큰 폐기)', response: { 200: okReply } },
  }, async (req, reply) => {
    await auth.logout(req.cookies[REFRESH_COOKIE]);
    clearRefreshCookie(reply);
    return { ok: true as const };
  });

  r.get('/api/auth/me', {
    config: { permission: 'STUDENT' },
    schema: { tags: ['auth'], summary: '로그인한 사용자 정보', response: { 200: meReply.extend({ phone: z.string().nullable() }) } },
  }, async (req) => auth.me(requireUser(req).userId));

  r.post('/api/auth/find-password', {
    config: { permission: 'open' },
    schema: { tags: ['auth'], summary: '비밀번호 재설정 링크 문자 발송', body: findPasswordBody, response: { 200: okReply } },
  }, async (req) => {
    await auth.findPassword({ ...req.body, origin: publicOrigin(req, ctx) });
    return { ok: true as const, message: '입력한 정보가 등록된 계정과 일치하면 비밀번호 재설정 링크를 문자로 보냈습니다' };
  });

  r.get('/api/auth/reset-password-via-uuid/:uuid', {
    config: { permission: 'open' },
    schema: {
      tags: ['auth'],
      summary: '재설정 링크 확인',
      params: z.object({ uuid: z.uuid() }),
      response: { 200: z.object({ loginId: z.string().describe('가려진 아이디'), expiresAt: z.string() }) },
    },
  }, async (req) => {
    const r2 = await auth.checkResetLink(req.params.uuid);
    return { loginId: r2.loginId, expiresAt: r2.expiresAt.toISOString() };
  });

  r.post('/api/auth/reset-password-via-uuid', {
    config: { permission: 'open' },
    schema: { tags: ['auth'], summary: '재설정 링크로 새 비밀번호 설정', body: resetPasswordBody, response: { 200: okReply } },
  }, async (req) => {
    await auth.resetPasswordViaUuid(req.body);
    return { ok: true as const };
  });

  r.post('/api/supervisor/change-supervisor-password/:id', {
    config: { permission: 'TA' },
    schema: {
      tags: ['auth'],
      summary: '조교 비밀번호 변경 (본인: 현재 비밀번호 필요, 관리자: 모든 조교)',
      params: z.object({ id: idParam }),
      body: changeSupervisorPasswordBody,
      response: { 200: okReply },
    },
  }, async (req) => {
    await auth.changeSupervisorPassword({ actor: requireUser(req), targetId: req.params.id, ...req.body });
    return { ok: true as const };
  });
}
