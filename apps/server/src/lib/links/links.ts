import { createHash, randomBytes } from 'node:crypto';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appError } from '../errors.ts';
import { publicLinks } from './links.table.ts';

export type PublicLink = { id: number; studentId: number; subjectId: number; expiresAt: Date };

export type PublicLinks = {
  /** Makes a link; the token (192 random bits, URL-safe) is returned once and only its hash kept. */
  create: (opts: { purpose: string; studentId: number; subjectId: number; expiresAt: Date; createdBy: number; smsPhone?: string | null }) => Promise<{ id: number; token: string }>;
  /** The link of a token for this purpose, counted as opened; 404 unknown, 410 expired or revoked. */
  open: (opts: { purpose: string; token: string; now: Date }) => Promise<PublicLink>;
  revoke: (opts: { id: number; now: Date }) => Promise<void>;
};

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Public links, a kernel mechanism (`ctx.links`): one purpose, one student, one subject per token;
 * nothing else is reachable from it. Expired and revoked links answer 410 with a Korean message.
 */
export function createPublicLinks(db: Db): PublicLinks {
  return {
    async create(opts) {
      const token = randomBytes(24).toString('base64url');
      const [row] = await db
        .insert(publicLinks)
        .values({ purpose: opts.purpose, studentId: opts.studentId, subjectId: opts.subjectId, tokenHash: hash(token), expiresAt: opts.expiresAt, createdBy: opts.createdBy, smsPhone: opts.smsPhone ?? null })
        .returning({ id: publicLinks.id });
      return { id: row!.id, token };
    },

    async open({ purpose, token, now }) {
      const [row] = await db.select().from(publicLinks).where(and(eq(publicLinks.tokenHash, hash(token)), eq(publicLinks.purpose, purpose)));
      if (!row) throw appError(PUBLIC_LINK_ERRORS.not_found, '링크를 찾을 수 없습니다. 받은 문자의 주소를 다시 확인해 주세요');
      if (row.revokedAt) throw appError(PUBLIC_LINK_ERRORS.revoked, '취소된 링크입니다. 학원에 문의해 주세요');
      if (row.expiresAt <= now) throw appError(PUBLIC_LINK_ERRORS.expired, '기간이 지난 링크입니다. 학원에 새 링크를 요청해 주세요');
      await db
        .update(publicLinks)
        .set({ openCount: sql`${publicLinks.openCount} + 1`, firstOpenedAt: sql`coalesce(${publicLinks.firstOpenedAt}, ${now})`, lastOpenedAt: now })
        .where(eq(publicLinks.id, row.id));
      return { id: row.id, studentId: row.studentId, subjectId: row.subjectId, expiresAt: row.expiresAt };
    },

    async revoke({ id, now }) {
      await db.update(publicLinks).set({ revokedAt: now }).where(eq(publicLinks.id, id));
    },
  };
}
