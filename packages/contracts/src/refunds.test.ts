import { describe, expect, it } from 'vitest';
import { addMonths, lawfulRefund, lawfulRefundInputSchema, periodMonths, refundDueDate, type LawfulRefundInput } from './refunds.ts';

/** Mon/Wed/Fri at 90 minutes; 2026-03-02 is 삼일절's 대체공휴일, so it is already left out. */
const MARCH = ['03-04', '03-06', '03-09', '03-11', '03-13', '03-16', '03-18', '03-20', '03-23', '03-25', '03-27', '03-30']
  .map((d) => ({ date: `2026-${d}`, minutes: 90 }));
const APRIL = ['04-01', '04-03', '04-06', '04-08', '04-10', '04-13', '04-15', '04-17', '04-20', '04-22', '04-24', '04-27', '04-29']
  .map((d) => ({ date: `2026-${d}`, minutes: 90 }));
const MAY = ['05-01', '05-04', '05-06', '05-08', '05-11', '05-13', '05-15', '05-18', '05-20', '05-22', '05-27', '05-29']
  .map((d) => ({ date: `2026-${d}`, minutes: 90 }));

const month = (causeDate: string, paid = 270_000): LawfulRefundInput => ({
  paid, periodStart: '2026-03-01', periodEnd: '2026-03-31', sessions: MARCH, causeDate, cause: 'learner',
});
const quarter = (causeDate: string, paid = 900_000): LawfulRefundInput => ({
  paid, periodStart: '2026-03-01', periodEnd: '2026-05-31', sessions: [...MARCH, ...APRIL, ...MAY], causeDate, cause: 'learner',
});

describe('the learner leaves, a period of one month (12 sessions, 1,080 minutes)', () => {
  it('before the first session: all', () => {
    expect(lawfulRefund(month('2026-02-27')).amount).toBe(270_000);
    expect(lawfulRefund(month('2026-03-02')).amount).toBe(270_000);
  });

  it('the cause on the first session day: that session has not passed, so all', () => {
    const r = lawfulRefund(month('2026-03-04'));
    expect(r.amount).toBe(270_000);
    expect(r.basis).toContain('교습 시작 전');
    expect(r.basis).toContain('전액');
  });

  it('before 1/3: two thirds', () => {
    expect(lawfulRefund(month('2026-03-05')).amount).toBe(180_000);
    // day 10 (a session day): 3 sessions passed, 270 of 1,080 minutes
    const day10 = lawfulRefund(month('2026-03-10'));
    expect(day10.amount).toBe(180_000);
    expect(day10.basis).toBe('학습자 사유, 교습기간 1개월(2026. 3. 1. ~ 2026. 3. 31.): 총 교습시간 1080분 중 270분 경과로 총 교습시간의 1/3 경과 전이므로 '
      + '납부액 270,000원의 2/3인 180,000원을 반환합니다 (학원법 시행령 제18조 별표 4).');
  });

  it('the cause on a session day counts only the sessions before it', () => {
    // 03-11 is the 4th session: 270 minutes passed, still before 1/3
    expect(lawfulRefund(month('2026-03-11')).amount).toBe(180_000);
    // 03-16 is the 6th: 450 minutes passed, still before 1/2
    expect(lawfulRefund(month('2026-03-16')).amount).toBe(135_000);
  });

  it('exactly 1/3 passed is no longer "before 1/3": one half', () => {
    const r = lawfulRefund(month('2026-03-12'));
    expect(r.amount).toBe(135_000);
    expect(r.basis).toContain('1080분 중 360분 경과로 총 교습시간의 1/2 경과 전');
    expect(lawfulRefund(month('2026-03-13')).amount).toBe(135_000);
  });

  it('exactly 1/2 passed: nothing', () => {
    const r = lawfulRefund(month('2026-03-17'));
    expect(r.amount).toBe(0);
    expect(r.basis).toContain('540분 경과로 총 교습시간의 1/2 경과 후');
    expect(r.basis).toContain('반환하지 않습니다');
    expect(lawfulRefund(month('2026-03-31')).amount).toBe(0);
  });

  it('after the period: nothing', () => {
    expect(lawfulRefund(month('2026-04-01')).amount).toBe(0);
  });

  it('rounds down to the won', () => {
    expect(lawfulRefund(month('2026-03-05', 250_000)).amount).toBe(166_666);
    expect(lawfulRefund(month('2026-03-12', 250_001)).amount).toBe(125_000);
  });

  it('a 4-week plan is a period of one month or less', () => {
    const r = lawfulRefund({ ...month('2026-03-05'), periodStart: '2026-03-02', periodEnd: '2026-03-29', sessions: MARCH.slice(0, 11) });
    // 11 sessions = 990 minutes; 90 passed
    expect(r.amount).toBe(180_000);
    expect(r.basis).toContain('교습기간 1개월 이내');
  });

  it('no sessions at all: nothing has passed, so all', () => {
    expect(lawfulRefund({ ...month('2026-03-20'), sessions: [] }).amount).toBe(270_000);
  });
});

describe('the learner leaves, a period over one month', () => {
  it('a 3-month course quit in its second month before 1/3: that month 2/3 plus the third month', () => {
    // April: 13 sessions, 1,170 minutes; before 04-08: 3 sessions, 270 minutes
    const r = lawfulRefund(quarter('2026-04-08'));
    expect(r.amount).toBe(200_000 + 300_000);
    expect(r.basis).toBe('학습자 사유, 교습기간 3개월(2026. 3. 1. ~ 2026. 5. 31.): 반환 사유가 생긴 2번째 달(2026. 4. 1. ~ 2026. 4. 30.)은 '
      + '그 달 교습시간 1170분 중 270분 경과로 총 교습시간의 1/3 경과 전이므로 그 달 몫 300,000원의 2/3 + 남은 1개월분 300,000원 전액, '
      + '합계 500,000원을 반환합니다 (학원법 시행령 제18조 별표 4).');
  });

  it('quit in the second month before 1/2, after 1/2, and in the first month', () => {
    expect(lawfulRefund(quarter('2026-04-13')).amount).toBe(150_000 + 300_000);
    expect(lawfulRefund(quarter('2026-04-20')).amount).toBe(300_000);
    expect(lawfulRefund(quarter('2026-03-10')).amount).toBe(200_000 + 600_000);
    expect(lawfulRefund(quarter('2026-05-29')).amount).toBe(0);
  });

  it('the month of the cause has not started its sessions yet: that month in full', () => {
    // 04-01 is April's first session: nothing of April has passed
    expect(lawfulRefund(quarter('2026-04-01')).amount).toBe(600_000);
    expect(lawfulRefund(quarter('2026-03-31')).amount).toBe(600_000);
  });

  it('before the first session of the course: all', () => {
    expect(lawfulRefund(quarter('2026-02-20')).amount).toBe(900_000);
    expect(lawfulRefund(quarter('2026-03-04')).amount).toBe(900_000);
  });

  it('keeps the fraction exact and rounds once', () => {
    // 1,000,000 × (2/3 + 1) ÷ 3 = 555,555.5…
    expect(lawfulRefund(quarter('2026-04-08', 1_000_000)).amount).toBe(555_555);
  });

  it('a period that is not whole months: the short last month weighs its share of a month', () => {
    // 03-01..04-15: March weighs 30, 04-01..04-15 weighs 15 (of April's 30): 300,000 + 150,000
    const input: LawfulRefundInput = { ...quarter('2026-03-12', 450_000), periodEnd: '2026-04-15' };
    const r = lawfulRefund(input);
    expect(r.amount).toBe(150_000 + 150_000);
    expect(r.basis).toContain('교습기간 1개월 15일');
  });
});

describe('원격교습', () => {
  it('the fee minus the part actually watched; sessions are ignored', () => {
    const online = { totalUnits: 20, watchedUnits: 7 };
    const r = lawfulRefund({ ...month('2026-03-25', 200_000), online });
    expect(r.amount).toBe(130_000);
    expect(r.basis).toContain('원격교습');
    expect(r.basis).toContain('7');
    expect(lawfulRefund({ ...quarter('2026-04-08', 200_000), online }).amount).toBe(130_000);
  });

  it('nothing watched: all; more than all: nothing; rounds down', () => {
    expect(lawfulRefund({ ...month('2026-03-25', 200_000), online: { totalUnits: 20, watchedUnits: 0 } }).amount).toBe(200_000);
    expect(lawfulRefund({ ...month('2026-03-25', 200_000), online: { totalUnits: 20, watchedUnits: 25 } }).amount).toBe(0);
    expect(lawfulRefund({ ...month('2026-03-25', 100_000), online: { totalUnits: 3, watchedUnits: 1 } }).amount).toBe(66_666);
  });
});

describe("the center's cause (폐강, 교습 정지, 이전)", () => {
  it('prorates by days from the cause day, that day included', () => {
    const r = lawfulRefund({ ...month('2026-03-21', 310_000), cause: 'center' });
    expect(r.amount).toBe(110_000);
    expect(r.basis).toBe('학원 사유로 2026. 3. 21.(토)부터 교습할 수 없어, 교습기간 2026. 3. 1. ~ 2026. 3. 31. 31일 중 남은 11일을 일할 계산해 '
      + '납부액 310,000원 × 11/31 = 110,000원을 반환합니다 (학원법 시행령 제18조 별표 4).');
    expect(lawfulRefund({ ...month('2026-03-21', 300_000), cause: 'center' }).amount).toBe(106_451);
  });

  it('ignores how much was taught and the length of the period', () => {
    expect(lawfulRefund({ ...month('2026-03-31'), cause: 'center' }).amount).toBe(Math.floor(270_000 / 31));
    expect(lawfulRefund({ ...month('2026-02-01'), cause: 'center' }).amount).toBe(270_000);
    expect(lawfulRefund({ ...month('2026-04-01'), cause: 'center' }).amount).toBe(0);
    // 92 days, 04-16..05-31 is 46 of them
    expect(lawfulRefund({ ...quarter('2026-04-16'), cause: 'center' }).amount).toBe(450_000);
  });
});

describe('calendar helpers', () => {
  it('counts months from the period start, clamping at month ends', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(periodMonths('2026-03-15', '2026-05-14').map((m) => [m.start, m.end])).toEqual([
      ['2026-03-15', '2026-04-14'], ['2026-04-15', '2026-05-14'],
    ]);
    expect(periodMonths('2026-03-01', '2026-04-01').map((m) => m.days)).toEqual([31, 1]);
  });

  it('the refund is due within 5 days', () => {
    expect(refundDueDate('2026-03-10')).toBe('2026-03-15');
  });

  it('validates input with Korean messages', () => {
    const bad = lawfulRefundInputSchema.safeParse({ ...month('2026-03-10'), periodEnd: '2026-02-01' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('종료일은 시작일보다 빠를 수 없습니다');
  });
});
