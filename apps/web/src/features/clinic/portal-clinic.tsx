import { CLINIC_ERRORS, type OpenSlot, type PortalBoard } from '@academy/contracts/clinic';
import { CLINIC_STATUS_LABEL } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Alert, Box, Button, Chip, Collapse, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Section } from '../../components/section.tsx';
import { errorMessage, isApiError } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useCancelClinic } from './api/cancel-reservation.ts';
import { portalClinicQuery } from './api/portal-board.ts';
import { useReserveClinic } from './api/reserve.ts';
import { applySeats } from './clinic-live.ts';
import { dayLabel, MyBookingRow, OpenSlotRow, opensSoon, refusalText, useServerNow } from './portal-slots.tsx';
import { useClinicLive } from './use-clinic-live.ts';

/** The center's notice, under the booking rule in the words the configured rule makes (one source for its times). */
function Notice({ content, rules }: { content: string; rules: string }) {
  const long = content.split('\n').length > 3 || content.length > 120;
  const [open, setOpen] = useState(!long);
  return (
    <Section compact title="클리닉 안내" testId="clinic-notice" actions={long ? <Button size="small" onClick={() => setOpen(!open)} endIcon={open ? <ExpandLess /> : <ExpandMore />} aria-expanded={open}>{open ? '접기' : '펼치기'}</Button> : undefined}>
      <Typography variant="body2" sx={{ fontWeight: 700, mb: content.trim() ? 1 : 0 }} data-testid="clinic-rules">예약 규칙: {rules}</Typography>
      <Collapse in={open} collapsedSize={long ? 48 : undefined}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>{content}</Typography>
      </Collapse>
    </Section>
  );
}

/**
 * The student's clinic page (phone first): the clinic notice, the tests they must clear in a
 * clinic, their bookings, and the slots of the next two weeks with the seats left, counted live.
 * A booking that meets a full slot says so on that slot at once.
 */
export function PortalClinic() {
  const query = portalClinicQuery();
  const board = useQuery(query);
  const client = useQueryClient();
  const reserve = useReserveClinic();
  const cancel = useCancelClinic();
  const [refusals, setRefusals] = useState<Record<number, string>>({});
  const [examId, setExamId] = useState<number | ''>('');
  const dates = [...new Set((board.data?.slots ?? []).map((s) => s.date))];
  useClinicLive<PortalBoard>({ dates, queryKey: query.queryKey, staff: false, apply: (b, e) => (e.type === 'seats' ? { ...b, slots: applySeats(b.slots, e) } : e.type === 'slots' ? null : b) });
  const [fast, setFast] = useState(false);
  const now = useServerNow(board.data?.now, fast);
  const soon = opensSoon(board.data?.slots ?? [], now);
  if (soon !== fast) setFast(soon);

  if (board.isPending) return <Stack spacing={2}><Skeleton variant="rounded" height={80} /><Skeleton variant="rounded" height={240} /></Stack>;
  if (board.isError) return <Alert severity="error">{errorMessage(board.error)}</Alert>;
  const b = board.data;
  const required = b.targets.filter((t) => t.clinic === 'required');
  const chosen = examId === '' ? required[0]?.examId : examId;

  const book = (slot: OpenSlot) => {
    setRefusals(({ [slot.id]: _gone, ...rest }) => rest);
    reserve.mutate(
      { params: { id: slot.id }, body: chosen === undefined ? {} : { examId: chosen } },
      {
        onSuccess: () => toast.success(`${dayLabel(slot.date)} ${slot.startTime} 클리닉을 예약했습니다`),
        onError: (err) => {
          setRefusals((r) => ({ ...r, [slot.id]: refusalText(err) }));
          if (isApiError(err, CLINIC_ERRORS.full)) {
            client.setQueryData<PortalBoard>(query.queryKey, (old) => old && { ...old, slots: old.slots.map((s) => (s.id === slot.id ? { ...s, reserved: s.capacity } : s)) });
          }
        },
      },
    );
  };

  return (
    <Stack spacing={2} data-testid="portal-clinic">
      <Notice content={b.notice.content} rules={b.rulesText} />
      <Section compact title="내 클리닉 대상" testId="clinic-targets">
        {b.targets.length === 0 && <Typography variant="body2" color="textSecondary">지금 클리닉을 받아야 하는 시험은 없어요. 궁금한 게 있으면 자율로 예약해도 돼요.</Typography>}
        <Stack spacing={1}>
          {b.targets.map((t) => (
            <Stack key={t.examId} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="clinic-target">
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{t.title}</Typography>
                <Typography variant="caption" color="textSecondary">{t.lectureName} · {formatKoreanDate(t.date)} · {t.first ?? '–'}점{t.cutline !== null ? ` / 기준 ${t.cutline}점` : ''}</Typography>
              </Box>
              <Chip
                size="small"
                label={CLINIC_STATUS_LABEL[t.clinic]}
                color={t.clinic === 'booked' ? 'primary' : 'default'}
                variant={t.clinic === 'booked' ? 'filled' : 'outlined'}
                sx={t.clinic === 'booked' ? undefined : { color: '#8a4b00', borderColor: '#d9a25f', fontWeight: 700 }}
              />
            </Stack>
          ))}
        </Stack>
      </Section>
      {b.mine.length > 0 && (
        <Section compact title="내 예약" testId="my-bookings">
          <Stack spacing={1}>
            {b.mine.map((m) => (
              <MyBookingRow
                key={m.participantId}
                b={m}
                extra={m.target ? <Typography variant="caption" color="textSecondary">{m.target.title} 클리닉</Typography> : undefined}
                onCancel={() => cancel.mutate({ params: { id: m.slot.id } }, { onSuccess: () => toast.success('예약을 취소했습니다') })}
              />
            ))}
          </Stack>
        </Section>
      )}
      <Section compact title="예약할 수 있는 시간" testId="open-slots">
        {required.length > 1 && (
          <TextField select size="small" fullWidth label="어떤 시험의 클리닉인가요?" value={chosen ?? ''} onChange={(e) => setExamId(Number(e.target.value))} sx={{ mb: 1.5 }}>
            {required.map((t) => <MenuItem key={t.examId} value={t.examId}>{t.title} ({t.lectureName})</MenuItem>)}
          </TextField>
        )}
        {b.slots.length === 0 && <Typography variant="body2" color="textSecondary">앞으로 2주 동안 예약할 수 있는 클리닉이 없어요.</Typography>}
        <Stack spacing={2}>
          {dates.map((date) => (
            <Box key={date}>
              <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 800, mb: 0.75 }}>{dayLabel(date)}</Typography>
              <Stack spacing={1}>
                {b.slots.filter((s) => s.date === date).map((s) => (
                  <OpenSlotRow key={s.id} slot={s} now={now} pending={reserve.isPending} refusal={refusals[s.id]} onReserve={() => book(s)} />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Section>
    </Stack>
  );
}
