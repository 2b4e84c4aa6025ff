import { formatKoreanDate } from '@academy/contracts/format';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import type { WeekLinkItem } from '@academy/contracts/parent-week';
import { appError } from '../../lib/errors.ts';
import type { PublicLink } from '../../lib/links/links.ts';
import type { ParentWeekDeps } from './parent-week.deps.ts';
import { WEEK_PURPOSE } from './week.service.ts';

const DAY_MS = 86_400_000;

/**
 * Week links: made one per recipient (so each can be revoked and its opens counted), on the
 * kernel's public links with the student as both subject and scope. Staff make them on a student's
 * page; the SMS area makes them for #{링크}.
 */
export function createWeekLinkService(deps: Pick<ParentWeekDeps, 'ctx' | 'students'>) {
  const { ctx, students } = deps;
  const { db, links } = ctx;

  const item = (row: PublicLink): WeekLinkItem => ({
    id: row.id,
    status: links.statusOf(row, ctx.now()),
    expiresAt: row.expiresAt.toISOString(),
    smsPhone: row.smsPhone,
    openCount: row.openCount,
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  /** A link for one student; the token is in `url` only, shown this once. */
  async function make(opts: { studentId: number; expiresInDays: number; origin: string; createdBy: number; smsPhone?: string | null }) {
    const expiresAt = new Date(ctx.now().getTime() + opts.expiresInDays * DAY_MS);
    const { link, token } = await links.create({ purpose: WEEK_PURPOSE, studentId: opts.studentId, subjectId: opts.studentId, expiresAt, createdBy: opts.createdBy, smsPhone: opts.smsPhone ?? null, now: ctx.now() });
    return { link, url: `${opts.origin}/link/week/${token}` };
  }

  return {
    make,

    /** Staff make a link on a student's page; with `sendSms` it is texted to the parent. */
    async create(opts: { studentId: number; expiresInDays: number; sendSms: boolean; origin: string; actorId: number }) {
      const contact = (await students.contactsOf([opts.studentId])).get(opts.studentId);
      if (!contact) throw appError(PUBLIC_LINK_ERRORS.student_invalid, `학생을 찾을 수 없습니다 (ID ${opts.studentId})`);
      if (opts.sendSms && !contact.parentPhone) throw appError(PUBLIC_LINK_ERRORS.parent_phone_missing, `${contact.name} 학생의 학부모 연락처가 없습니다`, { field: 'sendSms' });
      const phone = opts.sendSms ? contact.parentPhone : null;
      return db.transaction(async () => {
        const { link, url } = await make({ studentId: opts.studentId, expiresInDays: opts.expiresInDays, origin: opts.origin, createdBy: opts.actorId, smsPhone: phone });
        if (phone) {
          await ctx.sms.queue({
            toPhone: phone,
            body: `${contact.name} 학생의 이번 주 출결·성적·클리닉을 한 곳에서 보실 수 있습니다.\n${url}\n(${formatKoreanDate(link.expiresAt)}까지)`,
            signed: true,
            purpose: 'week_link',
            audience: 'parent',
            userId: opts.studentId,
            createdBy: opts.actorId,
          });
        }
        await ctx.audit.record({ actorId: opts.actorId, action: 'week_link.create', entity: 'public_link', entityId: link.id, after: { studentId: opts.studentId, expiresAt: link.expiresAt.toISOString(), smsPhone: phone } });
        return { url, expiresAt: link.expiresAt.toISOString(), smsQueued: !!phone, link: item(link) };
      });
    },

    async list(studentId: number): Promise<WeekLinkItem[]> {
      return (await links.listOf({ purpose: WEEK_PURPOSE, subjectId: studentId })).map(item);
    },

    async revoke(opts: { linkId: number; actorId: number }): Promise<WeekLinkItem> {
      return db.transaction(async () => {
        const result = await links.revoke({ purpose: WEEK_PURPOSE, id: opts.linkId, by: opts.actorId, now: ctx.now() });
        if (!result) throw appError(PUBLIC_LINK_ERRORS.not_found, '주간 리포트 링크를 찾을 수 없습니다');
        if (result.changed) {
          await ctx.audit.record({ actorId: opts.actorId, action: 'week_link.revoke', entity: 'public_link', entityId: result.link.id, before: { revokedAt: null }, after: { revokedAt: result.link.revokedAt!.toISOString() } });
        }
        return item(result.link);
      });
    },
  };
}
