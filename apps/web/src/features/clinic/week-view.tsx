import { type Slot, RESERVE_TYPE_LABEL } from '@academy/contracts/clinic';
import { addDays, DAY_LABELS, kstToday } from '@academy/contracts/dates';
import AddOutlined from '@mui/icons-material/AddOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { Alert, Box, Button, ButtonBase, Chip, Paper, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/http.ts';
import { useClinicDays } from './api/days.ts';
import { clinicSlotsQuery } from './api/slots.ts';
import { CapacityBar } from './capacity-bar.tsx';
import { applyToSlots } from './clinic-live.ts';
import { useClinicLive } from './use-clinic-live.ts';

/** Read by screen readers after the visible text (the name keeps what the eye sees first). */
const srOnly = { position: 'absolute', left: 0, top: 0, width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const dayTitle = (date: string, i: number) => `${Number(date.slice(5, 7))}. ${Number(date.slice(8, 10))}.(${DAY_LABELS[i + 1]})`;

/**
 * The week of clinics, Monday to Sunday: each slot with its time, room, TA and a capacity bar that
 * fills live as students book. A slot opens its editor; a day's title opens that day's board.
 */
export function WeekView({ monday, onEdit, onAdd, onOpenDay }: { monday: string; onEdit: (s: Slot) => void; onAdd: (date: string) => void; onOpenDay: (date: string) => void }) {
  const sunday = addDays(monday, 6);
  const query = clinicSlotsQuery(monday, sunday);
  const slots = useQuery(query);
  const days = useClinicDays(monday, sunday);
  useClinicLive<Slot[]>({ dates: [monday], queryKey: query.queryKey, apply: (cached, e) => applyToSlots(cached, { startDate: monday, endDate: sunday }, e) });
  const today = kstToday(new Date());
  if (slots.isError) return <Alert severity="error">{errorMessage(slots.error)}</Alert>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 1 }} data-testid="week-view">
      {Array.from({ length: 7 }, (_, i) => {
        const date = addDays(monday, i);
        const mine = (slots.data ?? []).filter((s) => s.date === date);
        const memo = days.data?.find((d) => d.date === date)?.memo;
        const seats = mine.reduce((n, s) => n + s.capacity, 0);
        const taken = mine.reduce((n, s) => n + s.reserved, 0);
        return (
          <Paper key={date} variant="outlined" sx={{ p: 1, minHeight: 320, bgcolor: date === today ? '#f3f9f4' : 'background.paper', borderColor: date === today ? 'primary.main' : 'divider' }} data-testid="week-day" data-date={date}>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <ButtonBase onClick={() => onOpenDay(date)} sx={{ borderRadius: 1, px: 0.5, justifyContent: 'flex-start', flexGrow: 1 }}>
                <Box sx={{ textAlign: 'left' }}>
                  <Typography sx={{ fontWeight: 800, color: i === 6 ? '#c62828' : i === 5 ? '#1565c0' : 'text.primary' }}>{dayTitle(date, i)}</Typography>
                  <Typography variant="caption" color="textSecondary">{mine.length ? `${mine.length}개 · ${taken}/${seats}명` : '클리닉 없음'}</Typography>
                  <Box component="span" sx={srOnly}> 당일 현황 보기</Box>
                </Box>
              </ButtonBase>
              {memo && (
                <Tooltip title={memo}>
                  <StickyNote2Outlined fontSize="small" sx={{ color: '#b58900' }} aria-label={`메모: ${memo}`} />
                </Tooltip>
              )}
            </Stack>
            {slots.isPending && <Skeleton variant="rounded" height={72} />}
            <Stack spacing={0.75}>
              {mine.map((s) => (
                <ButtonBase
                  key={s.id}
                  onClick={() => onEdit(s)}
                  sx={{ display: 'block', textAlign: 'left', width: '100%', p: 0.75, borderRadius: 1, border: 1, borderColor: 'divider', '&:hover': { borderColor: 'primary.main' } }}
                  data-testid="week-slot"
                >
                  <Typography variant="body2" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{s.startTime}–{s.endTime}</Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Typography variant="caption" noWrap sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>{s.title || ' '}</Typography>
                    {s.reserveType === 'assigned' && <Chip size="small" label={RESERVE_TYPE_LABEL.assigned} sx={{ height: 18, fontSize: 11 }} />}
                  </Stack>
                  <Typography variant="caption" color="textSecondary" component="p" noWrap>{s.room || '장소 미정'} · {s.taName ?? '담당 없음'}</Typography>
                  <CapacityBar reserved={s.reserved} capacity={s.capacity} dense />
                  <Box component="span" sx={srOnly}> 수정</Box>
                </ButtonBase>
              ))}
            </Stack>
            <Button size="small" fullWidth startIcon={<AddOutlined />} onClick={() => onAdd(date)} sx={{ mt: 0.75 }} aria-label={`${dayTitle(date, i)}에 시간 추가`}>추가</Button>
          </Paper>
        );
      })}
    </Box>
  );
}
