import { BOARD_ERRORS, BOARD_LIMITS, BOARD_RATE, countLinks } from '@academy/contracts/board';
import { hasPermission } from '@academy/contracts/roles';
import type { AppContext } from '../../context.ts';
import { appError } from '../../lib/errors.ts';
import type { LimitRule, LimitSubject } from '../../lib/limits/limits.ts';
import type { Viewer } from './board.deps.ts';

const MINUTE = 60_000;

export const isStaff = (v: Viewer) => !!v.user && hasPermission(v.user, 'TA');

/** The board's limits per client address, on the kernel's attempt limits (src/lib/limits). */
export const BOARD_LIMIT_RULES = {
  posts10Min: { name: 'board.post.10m', free: BOARD_RATE.postsPer10Min, windowMs: 10 * MINUTE },
  postsDay: { name: 'board.post.day', free: BOARD_RATE.postsPerDay, windowMs: 24 * 60 * MINUTE },
  uploads10Min: { name: 'board.upload.10m', free: BOARD_RATE.uploadsPer10Min, windowMs: 10 * MINUTE },
  passwords10Min: { name: 'board.password.10m', free: BOARD_RATE.wrongPasswordsPer10Min, windowMs: 10 * MINUTE },
} as const satisfies Record<string, LimitRule>;

const WHAT: Record<string, string> = {
  [BOARD_LIMIT_RULES.posts10Min.name]: '짧은 시간에 쓴 글',
  [BOARD_LIMIT_RULES.postsDay.name]: '오늘 쓴 글',
  [BOARD_LIMIT_RULES.uploads10Min.name]: '짧은 시간에 올린 파일',
  [BOARD_LIMIT_RULES.passwords10Min.name]: '틀린 비밀번호 입력',
};

/**
 * The board's anti-spam rules, without a captcha service: per client address (Fastify's
 * `req.ip`, the socket's address unless a proxy is trusted) at most a few posts, uploads and wrong
 * passwords in ten minutes; a field people never see (a bot that fills it is refused); at most two
 * links in a post; the size limits of the schemas. Staff are not limited. Each attempt is claimed
 * before the work, atomically (parallel requests never pass the limit: issue 34 item 10).
 */
export function createGuard(ctx: AppContext) {
  const claim = async (subjects: LimitSubject[]) => {
    const c = await ctx.limits.claim(subjects);
    if (!c.ok) throw appError(BOARD_ERRORS.rate_limited, `${WHAT[c.rule.name] ?? '요청'}이 너무 많습니다. 잠시 후 다시 시도해 주세요`);
    return c;
  };

  return {
    /** Refuses a post from an address over its limits; otherwise counts it. */
    async post(v: Viewer, opts: { text: string; honeypot: string | undefined }) {
      if (opts.honeypot) throw appError(BOARD_ERRORS.rejected, '등록할 수 없는 글입니다');
      if (isStaff(v)) return;
      if (countLinks(opts.text) > BOARD_LIMITS.links) throw appError(BOARD_ERRORS.too_many_links, `링크는 ${BOARD_LIMITS.links}개까지 넣을 수 있습니다`, { field: 'body' });
      await claim([{ rule: BOARD_LIMIT_RULES.posts10Min, key: v.ip }, { rule: BOARD_LIMIT_RULES.postsDay, key: v.ip }]);
    },

    async upload(v: Viewer) {
      if (isStaff(v)) return;
      await claim([{ rule: BOARD_LIMIT_RULES.uploads10Min, key: v.ip }]);
    },

    /**
     * Checks a post's password under the address's limit: the attempt is counted before the check
     * and given back when the password is right, so only wrong ones count.
     */
    async checkPassword(v: Viewer, check: () => Promise<boolean>): Promise<boolean> {
      const c = await claim([{ rule: BOARD_LIMIT_RULES.passwords10Min, key: v.ip }]);
      const right = await check();
      if (right) await c.release();
      return right;
    },
  };
}

export type Guard = ReturnType<typeof createGuard>;
