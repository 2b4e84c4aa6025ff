import { createHash, randomBytes } from 'node:crypto';
import { PUBLIC_LINK_ERRORS, PUBLIC_LINK_MAX_DAYS } from '@academy/contracts/links';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appError, badRequest } from '../errors.ts';
import { publicLinks } from './links.table.ts';

export type PublicLink = typeof publicLinks.$inferSelect;
export type PublicLinkStatus = 'active' | 'expired' | 'revoked';

/** 24 random bytes = 192 bits, 32 characters in base64url. */
const TOKEN_BYTES = 24;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

export type PublicLinks = {
  /** Makes a link; the token is returned once and only its hash kept. It lives at most PUBLIC_LINK_MAX_DAYS, whatever its purpose. */
  create: (opts: { purpose: string; studentId: number | null; subjectId: number; expiresAt: Date; createdBy: number; smsPhone?: string | null; now: Date }) => Promise<{ link: PublicLink; token: string }>;
  /**
   * The link of a token for this purpose: 404 `links.not_found` for a token that is malformed,
   * unknown or of another purpose; 410 `links.expired` / `links.revoked`. Not yet counted as opened:
   * the subject's module calls `recordOpen` once it has something to show.
   */
  open: (opts: { purpose: string; token: string; now: Date }) => Promise<PublicLink>;
  recordOpen: (opts: { id: number; now: Date }) => Promise<void>;
  /** The links of one subject, newest first. */
  listOf: (opts: { purpose: string; subjectId: number }) => Promise<PublicLink[]>;
  /** Revokes a link at once; idempotent. `changed` is false when it was revoked already. Null when there is no such link. */
  revoke: (opts: { purpose: string; id: number; by: number; now: Date }) => Promise<{ link: PublicLink; changed: boolean } | null>;
  statusOf: (link: PublicLink, now: Date) => PublicLinkStatus;
};

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Public links, a kernel mechanism (`ctx.links`): one purpose, one subject and (usually) one
 * student per token; nothing else is reachable from it. A token says nothing about any other: an
 * unknown one is a plain 404, and only the holder of a real token learns that it expired or was
 * revoked (410, with what to do next).
 */
export function createPublicLinks(db: Db): PublicLinks {
  const statusOf = (link: PublicLink, now: Date): PublicLinkStatus => (link.revokedAt ? 'revoked' : link.expiresAt <= now ? 'expired' : 'active');

  return {
    statusOf,

    async create(opts) {
      // The one bound of every purpose (issue 34 item 15); the schemas hold forms to it already.
      if (opts.expiresAt.getTime() > opts.now.getTime() + PUBLIC_LINK_MAX_DAYS * 86_400_000 + 60_000) {
        throw badRequest('validation.invalid', `링크는 최대 ${PUBLIC_LINK_MAX_DAYS}일까지 열 수 있습니다`);
      }
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const [link] = await db
        .insert(publicLinks)
        .values({
          purpose: opts.purpose, studentId: opts.studentId, subjectId: opts.subjectId, tokenHash: hash(token), expiresAt: opts.expiresAt,
          createdBy: opts.createdBy, smsPhone: opts.smsPhone ?? null, createdAt: opts.now,
        })
        .returning();
      return { link: link!, token };
    },

    async open({ purpose, token, now }) {
      const row = TOKEN_SHAPE.test(token)
        ? (await db.select().from(publicLinks).where(and(eq(publicLinks.tokenHash, hash(token)), eq(publicLinks.purpose, purpose))))[0]
        : undefined;
      if (!row) throw appError(PUBLIC_LINK_ERRORS.not_found, '링크를 찾을 수 없습니다. 받은 문자의 주소를 다시 확인해 주세요');
      const status = statusOf(row, now);
      if (status === 'revoked') throw appError(PUBLIC_LINK_ERRORS.revoked, '취소된 링크입니다. 필요하시면 학원에 새 링크를 요청해 주세요');
      if (status === 'expired') throw appError(PUBLIC_LINK_ERRORS.expired, '기간이 지난 링크입니다. 학원에 새 링크를 요청해 주세요');
      return row;
    },

    async recordOpen({ id, now }) {
      await db
        .update(publicLinks)
        .set({ openCount: sql`${publicLinks.openCount} + 1`, firstOpenedAt: sql`coalesce(${publicLinks.firstOpenedAt}, ${now.toISOString()}::timestamptz)`, lastOpenedAt: now })
        .where(eq(publicLinks.id, id));
    },

    listOf: ({ purpose, subjectId }) =>
      db.select().from(publicLinks).where(and(eq(publicLinks.purpose, purpose), eq(publicLinks.subjectId, subjectId))).orderBy(desc(publicLinks.createdAt), desc(publicLinks.id)),

    async revoke({ purpose, id, by, now }) {
      const [updated] = await db
        .update(publicLinks)
        .set({ revokedAt: now, revokedBy: by })
        .where(and(eq(publicLinks.id, id), eq(publicLinks.purpose, purpose), isNull(publicLinks.revokedAt)))
        .returning();
      if (updated) return { link: updated, changed: true };
      const [existing] = await db.select().from(publicLinks).where(and(eq(publicLinks.id, id), eq(publicLinks.purpose, purpose)));
      return existing ? { link: existing, changed: false } : null;
    },
  };
}
