import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { formatWon } from '@academy/contracts/format';
import { previousMonth } from '@academy/contracts/payroll';
import { PDFDocument, rgb } from 'pdf-lib';
import type { DemoSeed } from '../../db/seed/seed.ts';
import { embedKoreanFont } from '../../lib/pdf/korean-font.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { customWages, expenseClaims, workRecords } from './payroll.table.ts';

/** A shop's receipt as a one-page PDF (what a TA's phone scan looks like, in miniature). */
export async function receiptPdf(opts: { shop: string; item: string; amount: number; date: string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const lines = ['영 수 증', opts.shop, opts.date, `${opts.item}  ${formatWon(opts.amount)}`, `합계 ${formatWon(opts.amount)}`, '카드 승인'];
  const font = await embedKoreanFont(doc, lines.join(''));
  const page = doc.addPage([226, 340]);
  lines.forEach((l, i) => page.drawText(l, { x: 20, y: 300 - i * 36, size: i === 0 ? 18 : 11, font, color: rgb(0.1, 0.1, 0.1) }));
  return Buffer.from(await doc.save());
}

/** Weekly patterns of the demo TAs: weekday (1 = 월) → shifts with a wage type name. */
const PATTERNS: Record<string, { days: number[]; from: string; to: string; type: string }[]> = {
  ta01: [{ days: [1, 3, 5], from: '15:00', to: '21:00', type: '수업보조' }],
  ta02: [{ days: [2, 4], from: '16:00', to: '22:00', type: '클리닉' }, { days: [6], from: '10:00', to: '14:00', type: '채점' }],
  ta03: [{ days: [1, 2, 3, 4, 5], from: '14:00', to: '17:00', type: '수업보조' }],
  ta04: [{ days: [6], from: '10:00', to: '16:00', type: '수업보조' }],
  manager: [{ days: [1, 2, 3, 4, 5], from: '13:00', to: '22:00', type: '상담 보조' }],
};

/**
 * The demo center's work: each demo TA's regular shifts from the first day of last month to
 * yesterday (all clocked out, so last month can be closed), one 퇴근 누락 on ta03's last workday
 * before today when that day is in this month (ta03 works on weekdays, so on a Sunday or Monday it is
 * Friday's shift), a pending and an approved claim with receipts, and a custom wage.
 */
export async function seedDemoPayroll(deps: Pick<PayrollDeps, 'ctx' | 'files'> & { wageTypeIds: (names: string[]) => Promise<Map<string, number>> }, seed: DemoSeed): Promise<void> {
  const { ctx, files } = deps;
  const { db } = ctx;
  const today = kstToday(ctx.now());
  const thisMonth = today.slice(0, 7);
  const start = `${previousMonth(thisMonth)}-01`;
  const types = await deps.wageTypeIds([...new Set(Object.values(PATTERNS).flat().map((p) => p.type))]);
  const rows: (typeof workRecords.$inferInsert)[] = [];
  for (const [loginId, patterns] of Object.entries(PATTERNS)) {
    const taId = seed.accounts.get(loginId);
    if (taId === undefined) continue;
    for (let d = start; d < today; d = addDays(d, 1)) {
      for (const p of patterns) {
        const wageTypeId = types.get(p.type);
        if (wageTypeId === undefined || !p.days.includes(dayOfWeek(d))) continue;
        rows.push({ taId, wageTypeId, workDate: d, startedAt: new Date(`${d}T${p.from}:00+09:00`), endedAt: new Date(`${d}T${p.to}:00+09:00`), status: 'closed', source: 'clock' });
      }
    }
  }
  const ta03 = seed.accounts.get('ta03');
  const forgotten = rows.findLast((r) => r.taId === ta03 && r.workDate.startsWith(thisMonth));
  if (forgotten) Object.assign(forgotten, { endedAt: null, status: 'missing_out' });

  const ta01 = seed.accounts.get('ta01');
  const ta02 = seed.accounts.get('ta02');
  const admin = seed.accounts.get('admin') ?? null;
  await db.transaction(async () => {
    if (rows.length) await db.insert(workRecords).values(rows);
    if (ta02 !== undefined) {
      await db.insert(customWages).values({ taId: ta02, month: previousMonth(thisMonth), amount: 30_000, memo: '모의고사 감독 수당', createdBy: admin });
    }
  });
  if (ta01 === undefined) return;
  const claims = [
    { date: `${previousMonth(thisMonth)}-12`, amount: 18_400, memo: '클리닉 간식 (다과)', shop: '동네마트', status: 'approved' as const },
    { date: today, amount: 12_000, memo: '채점용 빨간 펜·포스트잇', shop: '문구나라', status: 'pending' as const },
  ];
  for (const c of claims) {
    const receipt = await files.receipts.create({ ownerId: ta01, fileName: `영수증_${c.shop}.pdf`, contentType: 'application/pdf', body: await receiptPdf({ shop: c.shop, item: c.memo, amount: c.amount, date: c.date }) });
    await db.insert(expenseClaims).values({
      taId: ta01, date: c.date, amount: c.amount, memo: c.memo, receiptFileId: receipt.fileId, status: c.status,
      payMonth: c.status === 'approved' ? c.date.slice(0, 7) : null, decidedBy: c.status === 'approved' ? admin : null, decidedAt: c.status === 'approved' ? ctx.now() : null,
    });
  }
}
