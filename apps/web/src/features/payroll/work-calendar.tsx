import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import { formatMinutes, type WorkRecord } from '@academy/contracts/payroll';
import { Box, ButtonBase, Typography } from '@mui/material';
import { kstTime } from './time.ts';

const DAYS = ['월', '화', '수', '목', '금', '토', '일'];

/** The Monday-to-Sunday weeks that show a month: from the Monday on or before the 1st to the Sunday on or after the last day. */
export function calendarRange(month: string): { from: string; to: string } {
  const first = `${month}-01`;
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
  return { from: addDays(first, 1 - dayOfWeek(first)), to: addDays(last, 7 - dayOfWeek(last)) };
}

const COLOR: Record<WorkRecord['status'], { bg: string; border: string }> = {
  closed: { bg: '#eef5ee', border: '#2e7d32' },
  open: { bg: '#e3f2fd', border: '#1565c0' },
  missing_out: { bg: '#fff3e0', border: '#e65100' },
};

/** A month of every TA's records, a week a row; each record opens its correction. */
export function WorkCalendar({ month, records, onOpen, onDay }: { month: string; records: readonly WorkRecord[]; onOpen: (r: WorkRecord) => void; onDay: (date: string) => void }) {
  const { from, to } = calendarRange(month);
  const today = kstToday(new Date());
  const byDay = new Map<string, WorkRecord[]>();
  for (const r of records) byDay.set(r.workDate, [...(byDay.get(r.workDate) ?? []), r]);
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return (
    <Box role="region" aria-label="근무 달력" data-testid="work-calendar" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', bgcolor: 'background.paper' }}>
      {DAYS.map((d, i) => (
        <Box key={d} aria-hidden sx={{ px: 1, py: 0.75, fontWeight: 700, fontSize: 13, bgcolor: 'grey.100', color: i === 6 ? 'error.dark' : i === 5 ? 'primary.dark' : 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
          {d}
        </Box>
      ))}
      {days.map((d) => {
        const inMonth = d.startsWith(month);
        const list = (byDay.get(d) ?? []).slice().sort((a, b) => a.startedAt.localeCompare(b.startedAt));
        const total = list.reduce((s, r) => s + (r.minutes ?? 0), 0);
        return (
          <Box key={d} role="group" aria-label={formatKoreanDate(d)} data-testid="calendar-day" data-date={d} sx={{ minHeight: 112, p: 0.75, borderRight: 1, borderBottom: 1, borderColor: 'divider', bgcolor: inMonth ? undefined : 'grey.50' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
              <ButtonBase onClick={() => onDay(d)} aria-label={`${Number(d.slice(8, 10))} 근무 추가`} sx={{ borderRadius: 1, px: 0.5, fontWeight: d === today ? 800 : 600, fontSize: 13, color: d === today ? 'primary.main' : 'text.primary' }}>
                {Number(d.slice(8, 10))}
              </ButtonBase>
              {total > 0 && <Typography variant="caption" color="textSecondary">{formatMinutes(total)}</Typography>}
            </Box>
            {list.map((r) => {
              const c = COLOR[r.status];
              return (
                <ButtonBase
                  key={r.id}
                  onClick={() => onOpen(r)}
                  data-testid="calendar-record"
                  data-status={r.status}
                  sx={{ display: 'block', width: '100%', textAlign: 'left', mb: 0.5, px: 0.75, py: 0.25, borderRadius: 1, bgcolor: c.bg, borderLeft: 3, borderColor: c.border, fontSize: 12, lineHeight: 1.35 }}
                >
                  <Box component="span" sx={{ fontWeight: 700 }}>{r.taName}</Box>{' '}
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>{kstTime(r.startedAt)}–{r.endedAt ? kstTime(r.endedAt) : '?'}</Box>
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {r.wageTypeName}
                    {r.status === 'missing_out' ? ' · 퇴근 누락' : r.status === 'open' ? ' · 근무 중' : r.corrected ? ' · 정정됨' : ''}
                  </Box>
                </ButtonBase>
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}
