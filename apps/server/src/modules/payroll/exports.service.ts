import { formatKoreanDate, formatWon } from '@academy/contracts/format';
import { formatMinutes, formatMonth, PAYROLL_ERRORS, payslipItems, type PayrollInfo, type PayrollLine, type PayslipItem } from '@academy/contracts/payroll';
import { MONTHLY_WAGE_TYPE_LABEL, PAYMENT_TYPE_LABEL } from '@academy/contracts/staff';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FileResult } from '../../http/route.ts';
import { embedKoreanFont } from '../../lib/pdf/korean-font.ts';
import { MONEY_FORMAT, sheetOf, writeBook } from '../../lib/xlsx.ts';
import { appError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { requireTaUser } from './clock.service.ts';
import type { PayrollService } from './payroll.service.ts';

const PDF_TYPE = 'application/pdf';

/** Notes on every payslip: what the product does not compute (docs/payroll.md). */
const PAYSLIP_NOTES = [
  '근로소득세(간이세액)·연말정산·퇴직금·연차수당은 이 명세서에 계산되어 있지 않습니다.',
  '4대보험은 이달 임금 총액에 근로자 부담률을 곱한 금액이며, 보험사의 연간 정산은 반영하지 않습니다.',
  '경비는 실비 정산이라 과세 대상 임금에 넣지 않습니다.',
];

const sheetRows = (line: PayrollLine) => payslipItems(line);

/** The month's Excel (a summary sheet, then one sheet per TA) and payslips (one PDF per TA, Korean font embedded). */
export function createExportService(deps: { payroll: PayrollService }) {
  const { payroll } = deps;

  async function excel(month: string): Promise<FileResult> {
    const info = await payroll.info(month);
    const summary = sheetOf<PayrollLine>({
      name: `${formatMonth(month)} 요약`,
      frozenColumns: 1,
      columns: [
        { header: '이름', width: 12, value: (l) => l.name },
        { header: '아이디', width: 12, value: (l) => l.loginId },
        { header: '급여 형태', width: 9, value: (l) => PAYMENT_TYPE_LABEL[l.paymentType] },
        { header: '원천징수', width: 16, value: (l) => MONTHLY_WAGE_TYPE_LABEL[l.monthlyWageType] },
        { header: '근무 시간', width: 13, value: (l) => formatMinutes(l.minutesWorked) },
        { header: '근무 수당', width: 14, numFmt: MONEY_FORMAT, value: (l) => l.totals.hourly },
        { header: '주휴수당', width: 12, numFmt: MONEY_FORMAT, value: (l) => l.totals.weeklyHoliday },
        { header: '연장·야간 가산', width: 14, numFmt: MONEY_FORMAT, value: (l) => l.totals.premiums },
        { header: '월급', width: 14, numFmt: MONEY_FORMAT, value: (l) => l.totals.salary },
        { header: '추가·공제', width: 12, numFmt: MONEY_FORMAT, value: (l) => l.totals.custom },
        { header: '임금 총액', width: 14, numFmt: MONEY_FORMAT, value: (l) => l.totals.wages },
        { header: '경비', width: 12, numFmt: MONEY_FORMAT, value: (l) => l.totals.expenses },
        { header: '지급 합계', width: 14, numFmt: MONEY_FORMAT, value: (l) => l.totals.gross },
        { header: '공제 합계', width: 12, numFmt: MONEY_FORMAT, value: (l) => l.totals.withholding },
        { header: '실지급액', width: 14, numFmt: MONEY_FORMAT, value: (l) => l.totals.net },
        { header: '최저임금 미달', width: 12, value: (l) => (l.belowMinimum ? '미달' : '') },
      ],
      rows: info.lines,
      footer: [[
        '합계', '', '', '', formatMinutes(info.lines.reduce((s, l) => s + l.minutesWorked, 0)),
        ...(['hourly', 'weeklyHoliday', 'premiums', 'salary', 'custom', 'wages', 'expenses', 'gross', 'withholding', 'net'] as const).map((k) => info.lines.reduce((s, l) => s + l.totals[k], 0)),
      ]],
    });
    const perTa = info.lines.map((line) =>
      sheetOf<PayslipItem>({
        name: line.name,
        columns: [
          { header: '항목', width: 20, value: (r) => r.item },
          { header: '계산', width: 56, value: (r) => r.calc },
          { header: '금액', width: 16, numFmt: MONEY_FORMAT, value: (r) => (r.section === 'deduct' ? -r.amount : r.amount) },
        ],
        rows: sheetRows(line),
      }),
    );
    return { body: await writeBook([summary, ...perTa]), fileName: `급여_${month}${info.status === 'open' ? '_마감전' : ''}.xlsx` };
  }

  async function payslip(opts: { month: string; taId: number }): Promise<FileResult> {
    const { info, line } = await payroll.lineOf(opts);
    if (!line) throw appError(PAYROLL_ERRORS.ta_not_found, `${formatMonth(opts.month)}에 이 조교의 급여 내역이 없습니다`);
    return { body: await payslipPdf({ info, line }), fileName: `급여명세서_${opts.month}_${line.name}.pdf`, contentType: PDF_TYPE };
  }

  return {
    excel,
    payslip,

    /** A TA's own payslip, once the month is closed (before that the figures may still change). */
    async myPayslip(opts: { user: AuthUser; month: string }): Promise<FileResult> {
      const taId = requireTaUser(opts.user);
      const { info } = await payroll.lineOf({ month: opts.month, taId });
      if (info.status !== 'closed') throw appError(PAYROLL_ERRORS.month_not_closed, `${formatMonth(opts.month)} 급여가 마감된 뒤에 명세서를 받을 수 있습니다`);
      return payslip({ month: opts.month, taId });
    },
  };
}

/** A4 payslip: who and which month, the pay items with their calculation, deductions, the net in large type. */
export async function payslipPdf(opts: { info: PayrollInfo; line: PayrollLine }): Promise<Buffer> {
  const { info, line } = opts;
  const items = payslipItems(line);
  const title = `${formatMonth(info.month)} 급여명세서`;
  const status = info.status === 'closed' && info.closedAt ? `마감 ${formatKoreanDate(new Date(info.closedAt))}` : '마감 전 (예상 금액)';
  const facts: [string, string][] = [
    ['성명', `${line.name} (${line.loginId})`],
    ['급여 형태', `${PAYMENT_TYPE_LABEL[line.paymentType]} · ${MONTHLY_WAGE_TYPE_LABEL[line.monthlyWageType]}`],
    ['근무', `${line.daysWorked}일, ${formatMinutes(line.minutesWorked)}`],
    ['상태', status],
  ];
  const texts = [title, status, ...facts.flat(), ...items.flatMap((i) => [i.item, i.calc, formatWon(i.section === 'deduct' ? -i.amount : i.amount)]), ...PAYSLIP_NOTES, '항목', '계산', '금액', '지급', '공제', '실지급액', formatWon(line.totals.net), `최저시급 ${formatWon(line.minimumWage)} 미달`, '−0123456789,원…'];
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} — ${line.name}`);
  doc.setSubject(`실지급액 ${formatWon(line.totals.net)}`);
  const font = await embedKoreanFont(doc, texts.join(''));
  const page = doc.addPage([595, 842]);
  const ink = rgb(0.1, 0.12, 0.1);
  const soft = rgb(0.4, 0.42, 0.4);
  const green = rgb(0.08, 0.33, 0.14);
  const left = 48;
  const right = 547;
  let y = 790;

  const text = (p: PDFPage, s: string, x: number, size: number, color = ink, f: PDFFont = font) => p.drawText(s, { x, y, size, font: f, color });
  const rightText = (s: string, size: number, color = ink) => text(page, s, right - font.widthOfTextAtSize(s, size), size, color);
  const rule = (thickness = 0.6, color = rgb(0.8, 0.82, 0.8)) => page.drawLine({ start: { x: left, y: y - 6 }, end: { x: right, y: y - 6 }, thickness, color });

  text(page, title, left, 20, green);
  rightText(status, 10, soft);
  y -= 34;
  for (const [k, v] of facts) {
    text(page, k, left, 10, soft);
    text(page, v, left + 70, 10);
    y -= 17;
  }
  if (line.belowMinimum) {
    text(page, `최저시급 ${formatWon(line.minimumWage)} 미달`, left, 10, rgb(0.7, 0.1, 0.1));
    y -= 17;
  }
  y -= 8;
  text(page, '항목', left, 9, soft);
  text(page, '계산', left + 150, 9, soft);
  rightText('금액', 9, soft);
  rule(0.8, soft);
  y -= 20;
  for (const it of items) {
    if (y < 110) break;
    const isTotal = it.section === 'total';
    const amount = formatWon(it.section === 'deduct' ? -it.amount : it.amount);
    text(page, it.item, left, isTotal ? 10.5 : 10, isTotal ? green : ink);
    text(page, it.calc.length > 44 ? `${it.calc.slice(0, 43)}…` : it.calc, left + 150, 8.5, soft);
    rightText(amount, isTotal ? 10.5 : 10, isTotal ? green : ink);
    if (isTotal) rule();
    y -= isTotal ? 24 : 18;
  }
  y -= 6;
  text(page, '실지급액', left, 14, green);
  rightText(formatWon(line.totals.net), 18, green);
  y = 84;
  for (const note of PAYSLIP_NOTES) {
    text(page, note, left, 8, soft);
    y -= 12;
  }
  return Buffer.from(await doc.save());
}
