import { filesApi, parentLinksApi, portalFilesApi, profileImagesApi } from '@academy/contracts/files';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import type { DownloadService } from './downloads.service.ts';
import type { FilesDeps } from './files.deps.ts';
import type { LibraryService } from './library.service.ts';
import type { ParentLinkService } from './parent-links.service.ts';
import type { PermissionService } from './permissions.service.ts';
import type { PortalService } from './portal.service.ts';
import type { createProfileImageService } from './profile-images.service.ts';
import type { UploadService } from './uploads.service.ts';

type Services = {
  uploads: UploadService;
  downloads: DownloadService;
  library: LibraryService;
  permissions: PermissionService;
  portal: PortalService;
  parentLinks: ParentLinkService;
  lectures: FilesDeps['lectures'];
  /** Where parent links point (PUBLIC_URL, or the request's origin). */
  origin: (req: FastifyRequest) => string;
};

const inline = (v: string | undefined) => v === 'true' || v === '1';

/** Every route of the files module: the endpoint declared in contracts → one service call. */
export function filesRoutes(app: FastifyInstance, s: Services): void {
  route(app, filesApi.uploadUrl, ({ body, user }) => s.uploads.start({ actor: user, input: body }));
  route(app, filesApi.uploadDone, ({ params, body, user }) => s.uploads.confirm({ actor: user, fileId: params.id, sha256: body.sha256 }));
  route(app, filesApi.multipartInitiate, ({ body, user }) => s.uploads.startMultipart({ actor: user, input: body }));
  route(app, filesApi.multipartPartUrl, ({ body, user }) => s.uploads.partUrl({ actor: user, ...body }));
  route(app, filesApi.multipartComplete, ({ body, user }) => s.uploads.complete({ actor: user, uploadId: body.uploadId, parts: body.parts, sha256: body.sha256 ?? null }));
  route(app, filesApi.multipartAbort, ({ body, user }) => s.uploads.abort({ actor: user, uploadId: body.uploadId }));

  route(app, filesApi.get, async ({ params, user }) => studentView(user, await s.library.get({ actor: user, fileId: params.id })));
  route(app, filesApi.downloadUrl, ({ params, query, user }) => s.downloads.downloadUrl({ actor: user, fileId: params.id, inline: inline(query.inline) }));
  route(app, filesApi.getUrls, ({ body, user }) => s.downloads.downloadUrls({ actor: user, fileIds: body.fileIds, inline: body.inline }));
  route(app, filesApi.watermark, ({ params, body, user }) => s.downloads.watermark({ actor: user, fileId: params.id, studentId: body.studentId ?? null }));
  route(app, filesApi.updateMemo, ({ params, body, user }) => s.library.updateMemo({ actor: user, fileId: params.id, memo: body.memo }));
  route(app, filesApi.setParentAccess, ({ params, body, user }) => s.library.setParentAccess({ actor: user, fileId: params.id, hasParentAccess: body.hasParentAccess }));
  route(app, filesApi.delete, ({ params, user }) => s.library.delete({ actor: user, fileId: params.id }));
  route(app, filesApi.views, ({ params }) => s.library.views(params.id));
  route(app, filesApi.list, ({ query }) => s.library.list(query));

  // A weekly lecture's files, under its lecture: the session must belong to that lecture.
  const session = (p: { id: number; wlId: number }) => s.lectures.sessions.require({ weeklyLectureId: p.wlId, lectureId: p.id });
  route(app, filesApi.weeklyLectureFiles, async ({ params }) => {
    await session(params);
    return s.library.list({ weeklyLectureId: params.wlId, kind: 'material' });
  });
  route(app, filesApi.getPermission, async ({ params }) => {
    await session(params);
    return s.permissions.get(params.wlId);
  });
  route(app, filesApi.setPermission, async ({ params, body, user }) => {
    await session(params);
    return s.permissions.set({ actor: user, weeklyLectureId: params.wlId, scope: body.scope, availableFrom: body.availableFrom ?? null, studentIds: body.studentIds });
  });

  route(app, portalFilesApi.upload, ({ body, user }) => s.uploads.start({ actor: user, input: body }));
  route(app, portalFilesApi.uploads, ({ query, user }) => s.portal.uploads({ actor: user, kind: query.kind }));
  route(app, portalFilesApi.materials, ({ query, user }) => s.portal.materials({ actor: user, lectureId: query.lectureId }));
  route(app, portalFilesApi.checkMaterial, ({ params, user }) => s.portal.checkMaterial({ actor: user, fileId: params.id }));
  route(app, portalFilesApi.selfStudyView, ({ params, user }) => s.portal.selfStudyView({ actor: user, fileId: params.id }));
  route(app, portalFilesApi.fileView, ({ params, user }) => s.downloads.downloadUrl({ actor: user, fileId: params.id, inline: true }));

  route(app, parentLinksApi.create, async ({ params, body, user, req }) => ({
    links: await s.parentLinks.create({ actor: user, fileId: params.id, ...body, origin: s.origin(req) }),
  }));
  route(app, parentLinksApi.list, ({ params }) => s.parentLinks.list(params.id));
  route(app, parentLinksApi.revoke, ({ params, user }) => s.parentLinks.revoke({ actor: user, linkId: params.id }));
  route(app, parentLinksApi.open, ({ params, reply }) => {
    // A token is a password: keep the answer out of shared caches.
    reply.header('cache-control', 'no-store');
    return s.parentLinks.open(params.token);
  });
}

/** What a student sees of a file: the staff's memo only on a file the student uploaded. */
function studentView<F extends { memo: string; ownerId: number | null }>(user: { userType: string; userId: number }, file: F): F {
  return user.userType === 'STUDENT' && file.ownerId !== user.userId ? { ...file, memo: '' } : file;
}

/** Profile photos: staff set a student's, a student sets their own (SPEC /sp profile-image upload). */
export function profileImageRoutes(app: FastifyInstance, photos: ReturnType<typeof createProfileImageService>): void {
  route(app, profileImagesApi.setForStudent, ({ params, body, user }) => photos.setPhoto({ actor: user, studentId: params.id, fileId: body.fileId }));
  route(app, profileImagesApi.setMine, ({ body, user }) => photos.setPhoto({ actor: user, studentId: user.userId, fileId: body.fileId }));
  route(app, profileImagesApi.urls, ({ body, user }) => photos.urls({ actor: user, userIds: body.userIds }));
}
