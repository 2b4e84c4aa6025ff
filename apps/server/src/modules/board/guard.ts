import { BOARD_ERRORS, BOARD_LIMITS, BOARD_RATE, countLinks } from '@academy/contracts/board';
import { hasPermission } from '@academy/contracts/roles';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { appError } from '../../lib/errors.ts';
import type { Viewer } from './board.deps.ts';
import { boardThrottle } from './board.table.ts';

const MINUTE = 60_000;

export const isStaff = (v: Viewer) => !!v.user && hasPermission(v.user, 'TA');

/**
 * The board's anti-spam rules, without a captcha service: per client address (Fastify's
 * `req.ip`, the socket's address unless a proxy is trusted) at most a few posts, uploads and wrong
 * passwords in ten minutes; a field people never see (a bot that fills it is refused); at most two
 * links in a post; the size limits of the schemas. Staff are not limited.
 */
export function createGuard(ctx: AppContext) {
  const { db } = ctx;

  async function recent(opts: { ip: string; action: 'post' | 'upload' | 'password'; windowMs: number }): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(boardThrottle)
      .where(and(eq(boardThrottle.ip, opts.ip), eq(boardThrottle.action, opts.action), gt(boardThrottle.at, new Date(ctx.now().getTime() - opts.windowMs))));
    return row?.n ?? 0;
  }

  const record = (ip: string, action: 'post' | 'upload' | 'password') => db.insert(boardThrottle).values({ ip, action, at: ctx.now() });

  const tooMany = (what: string) => appError(BOARD_ERRORS.rate_limited, `${what}이 너무 많습니다. 잠시 후 다시 시도해 주세요`);

  return {
    /** Refuses a post from an address over its limits; otherwise counts it. */
    async post(v: Viewer, opts: { text: string; honeypot: string | undefined }) {
      if (opts.honeypot) throw appError(BOARD_ERRORS.rejected, '등록할 수 없는 글입니다');
      if (isStaff(v)) return;
      if (countLinks(opts.text) > BOARD_LIMITS.links) throw appError(BOARD_ERRORS.too_many_links, `링크는 ${BOARD_LIMITS.links}개까지 넣을 수 있습니다`, { field: 'body' });
      const { postsPer10Min, postsPerDay } = BOARD_RATE;
      if ((await recent({ ip: v.ip, action: 'post', windowMs: 10 * MINUTE })) >= postsPer10Min) throw tooMany('짧은 시간에 쓴 글');
      if ((await recent({ ip: v.ip, action: 'post', windowMs: 24 * 60 * MINUTE })) >= postsPerDay) throw tooMany('오늘 쓴 글');
      await record(v.ip, 'post');
    },

    async upload(v: Viewer) {
      if (isStaff(v)) return;
      if ((await recent({ ip: v.ip, action: 'upload', windowMs: 10 * MINUTE })) >= BOARD_RATE.uploadsPer10Min) throw tooMany('짧은 시간에 올린 파일');
      await record(v.ip, 'upload');
    },

    /** Before a password is checked: an address that guessed wrong too often waits. */
    async beforePassword(v: Viewer) {
      if ((await recent({ ip: v.ip, action: 'password', windowMs: 10 * MINUTE })) >= BOARD_RATE.wrongPasswordsPer10Min) throw tooMany('틀린 비밀번호 입력');
    },
    wrongPassword: (v: Viewer) => record(v.ip, 'password'),

    /** Counters older than a day are of no use. */
    async prune() {
      await db.delete(boardThrottle).where(lt(boardThrottle.at, new Date(ctx.now().getTime() - 24 * 60 * MINUTE)));
    },
  };
}

export type Guard = ReturnType<typeof createGuard>;
