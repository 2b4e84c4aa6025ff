import { portalVideosApi, VIDEO_ERRORS, videosApi } from '@academy/contracts/videos';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import { appError } from '../../lib/errors.ts';
import type { LibraryService } from './library.service.ts';
import type { createPortalService } from './portal.service.ts';
import type { ProgressService } from './progress.service.ts';
import type { createReportService } from './report.service.ts';
import type { SettingsService } from './settings.service.ts';
import { playbackOf, requireVideo } from './videos.rows.ts';
import type { WatchTokens } from './watch-token.ts';

type Services = {
  ctx: AppContext;
  library: LibraryService;
  progress: ProgressService;
  reports: ReturnType<typeof createReportService>;
  portal: ReturnType<typeof createPortalService>;
  settings: SettingsService;
  tokens: WatchTokens;
  requireStudent: (id: number) => Promise<void>;
};

/** Every route of the videos module: the endpoint declared in contracts → one service call. */
export function videoRoutes(app: FastifyInstance, s: Services): void {
  route(app, videosApi.list, ({ params }) => s.library.list({ lectureId: params.id, weeklyLectureId: params.wlId }));
  route(app, videosApi.create, ({ params, body, user }) => s.library.create({ actor: user, lectureId: params.id, weeklyLectureId: params.wlId, input: body }));
  route(app, videosApi.update, ({ params, body, user }) => s.library.update({ actor: user, id: params.id, input: body }));
  route(app, videosApi.delete, ({ params, user }) => s.library.delete({ actor: user, id: params.id }));
  route(app, videosApi.retry, ({ params, user }) => s.library.retry({ actor: user, id: params.id }));
  route(app, videosApi.preview, async ({ params }) => playbackOf(s.ctx, await requireVideo(s.ctx, params.id)));
  route(app, videosApi.info, ({ params }) => s.reports.info({ lectureId: params.id, weeklyLectureId: params.wlId }));
  route(app, videosApi.download, ({ params }) => s.reports.download({ lectureId: params.id, weeklyLectureId: params.wlId }));
  route(app, videosApi.student, async ({ params }) => {
    await s.requireStudent(params.id);
    return s.reports.ofStudent(params.id);
  });
  route(app, videosApi.settings, () => s.settings.get());
  route(app, videosApi.saveSettings, ({ body, user }) => s.settings.save({ input: body, actorId: user.userId }));

  route(app, portalVideosApi.list, ({ user }) => s.portal.list(user.userId));
  route(app, portalVideosApi.play, ({ params, user }) => s.portal.play(user.userId, params.id));
  route(app, portalVideosApi.progress, ({ query, user }) => s.progress.mine({ userId: user.userId, videoId: query.videoId }));
  // The user comes from the token only: a report cannot name another student (the body is strict).
  route(app, portalVideosApi.report, ({ body, user }) => s.progress.record({ userId: user.userId, videoId: body.videoId, positionSec: body.positionSec, played: body.played }));

  // sendBeacon cannot set headers: it posts text/plain (a string body) with the watch ticket
  // inside. This scope reads such a body as JSON; everything else about the route is as usual.
  app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, text, done) => {
      try {
        done(null, JSON.parse(text as string));
      } catch {
        done(appError(VIDEO_ERRORS.body_invalid, '진행 기록은 JSON이어야 합니다'), undefined);
      }
    });
    route(scope, portalVideosApi.beacon, async ({ body, reply }) => {
      const ticket = await s.tokens.verify(body.watchToken);
      if (!ticket || ticket.videoId !== body.videoId) throw appError(VIDEO_ERRORS.token_invalid, '진행 기록 표가 올바르지 않거나 만료되었습니다. 영상을 다시 열어 주세요', { field: 'watchToken' });
      await s.progress.record({ userId: ticket.userId, videoId: body.videoId, positionSec: body.positionSec, played: body.played });
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    });
  });
}
