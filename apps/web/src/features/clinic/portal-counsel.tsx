import { COUNSEL_TYPES, type CounselType, type OpenSlot } from '@academy/contracts/clinic';
import type { PortalCounsel as Board } from '@academy/contracts/counsel';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Section } from '../../components/section.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useCancelCounsel } from './api/cancel-counsel.ts';
import { portalCounselQuery } from './api/portal-counsel.ts';
import { useReserveCounsel } from './api/reserve-counsel.ts';
import { applySeats } from './clinic-live.ts';
import { dayLabel, MyBookingRow, OpenSlotRow, refusalText, useServerNow } from './portal-slots.tsx';
import { useClinicLive } from './use-clinic-live.ts';

const TYPE_HINT: Record<CounselType, string> = { 학습: '공부 방법, 과제, 수업 따라가기', 진로: '진학, 학과, 입시 전략', 성적: '시험 결과, 등급, 목표 점수', 기타: '그 밖의 이야기' };

/** Booking a counsel slot: the student picks what it is about. */
function TypeDialog({ slot, onClose }: { slot: OpenSlot; onClose: () => void }) {
  const reserve = useReserveCounsel();
  const [type, setType] = useState<CounselType | null>(null);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="counsel-type-dialog">
      <DialogTitle>{dayLabel(slot.date)} {slot.startTime} 상담 예약</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>어떤 상담인가요?</Typography>
        <ToggleButtonGroup orientation="vertical" exclusive fullWidth value={type} onChange={(_, v: CounselType | null) => v && setType(v)} aria-label="상담 유형">
          {COUNSEL_TYPES.map((t) => (
            <ToggleButton
              key={t}
              value={t}
              sx={{ justifyContent: 'flex-start', gap: 1.5, color: 'text.primary', '& .hint': { color: '#555' }, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: '#fff', '& .hint': { color: '#fff' } } }}
            >
              <Typography sx={{ fontWeight: 800, minWidth: 32 }}>{t}</Typography>
              <Typography variant="caption" className="hint">{TYPE_HINT[t]}</Typography>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {reserve.isError && <Alert severity="warning" sx={{ mt: 1.5 }}>{refusalText(reserve.error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>닫기</Button>
        <Button
          variant="contained"
          disabled={!type || reserve.isPending}
          onClick={() => reserve.mutate({ params: { id: slot.id }, body: { counselType: type! } }, { onSuccess: () => { toast.success('상담을 예약했습니다'); onClose(); } })}
        >
          예약
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The student's counsel page: their bookings and the open counsel hours with seats left. */
export function PortalCounsel() {
  const query = portalCounselQuery();
  const board = useQuery(query);
  const cancel = useCancelCounsel();
  const [picking, setPicking] = useState<OpenSlot | null>(null);
  const dates = [...new Set((board.data?.slots ?? []).map((s) => s.date))];
  useClinicLive<Board>({ dates, queryKey: query.queryKey, staff: false, apply: (b, e) => (e.type === 'seats' ? { ...b, slots: applySeats(b.slots, e) } : e.type === 'slots' ? null : b) });
  const now = useServerNow(board.data?.now, false);
  if (board.isPending) return <Skeleton variant="rounded" height={240} />;
  if (board.isError) return <Alert severity="error">{errorMessage(board.error)}</Alert>;
  const b = board.data;
  return (
    <Stack spacing={2} data-testid="portal-counsel">
      {b.mine.length > 0 && (
        <Section compact title="내 상담 예약" testId="my-counsel">
          <Stack spacing={1}>
            {b.mine.map((m) => (
              <MyBookingRow key={m.participantId} b={m} extra={m.counselType ? <Typography variant="caption" color="textSecondary">{m.counselType} 상담</Typography> : undefined} onCancel={() => cancel.mutate({ params: { id: m.slot.id } }, { onSuccess: () => toast.success('상담 예약을 취소했습니다') })} />
            ))}
          </Stack>
        </Section>
      )}
      <Section compact title="상담 가능한 시간" testId="counsel-slots">
        {b.slots.length === 0 && <Typography variant="body2" color="textSecondary">앞으로 2주 동안 열린 상담 시간이 없어요.</Typography>}
        <Stack spacing={2}>
          {dates.map((date) => (
            <Box key={date}>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 800, mb: 0.75 }}>{dayLabel(date)}</Typography>
              <Stack spacing={1}>
                {b.slots.filter((s) => s.date === date).map((s) => <OpenSlotRow key={s.id} slot={s} now={now} pending={false} onReserve={() => setPicking(s)} />)}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Section>
      {picking && <TypeDialog slot={picking} onClose={() => setPicking(null)} />}
    </Stack>
  );
}

