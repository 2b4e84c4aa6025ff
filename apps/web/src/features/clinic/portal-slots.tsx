import { bookingState, type BookingState, CLINIC_ERRORS, kstDateTime, kstTime, type MyBooking, type OpenSlot } from '@academy/contracts/clinic';
import { DAY_LABELS, dayOfWeek } from '@academy/contracts/dates';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { errorMessage, isApiError } from '../../lib/http.ts';

/** "11월 21일 (토)" */
export const dayLabel = (date: string) => `${Number(date.slice(5, 7))}월 ${Number(date.slice(8, 10))}일 (${DAY_LABELS[dayOfWeek(date)]})`;

/**
 * The server's clock on this phone (the reply's `now` minus when it arrived). It ticks every 30
 * seconds, and every second while a slot is about to open (`fast`), so its button turns on at
 * 21:00:00 by the server's clock, not the phone's.
 */
export function useServerNow(serverNow: string | undefined, fast: boolean): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setOffset(Date.parse(serverNow) - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), fast ? 1000 : 30_000);
    return () => clearInterval(t);
  }, [fast]);
  return now + offset;
}

/** True when a slot the student has not booked opens within 15 minutes of `now` (server clock). */
export const opensSoon = (slots: readonly OpenSlot[], now: number) =>
  slots.some((s) => !s.mine && Date.parse(s.window.opensAt) > now - 1000 && Date.parse(s.window.opensAt) - now < 15 * 60_000);

/** A slot's state now, from its window and its live seat count. */
export const liveState = (s: OpenSlot, now: number): BookingState => bookingState({ window: s.window, now: new Date(now), reserved: s.reserved, capacity: s.capacity });

export function PortalTabs({ active }: { active: 'clinic' | 'counsel' }) {
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2 }} component="nav" aria-label="예약 종류">
      <Button component={RouterLink} to="/portal/clinic" variant={active === 'clinic' ? 'contained' : 'outlined'} aria-current={active === 'clinic' ? 'page' : undefined} sx={{ flex: 1, borderRadius: 5 }}>클리닉</Button>
      <Button component={RouterLink} to="/portal/counsel" variant={active === 'counsel' ? 'contained' : 'outlined'} aria-current={active === 'counsel' ? 'page' : undefined} sx={{ flex: 1, borderRadius: 5 }}>상담</Button>
    </Stack>
  );
}

/**
 * One bookable slot on a phone: time, place, seats left on a bar that moves as others book, and
 * one button whose label says what can happen now. A refusal (full, not open yet) shows under it.
 */
export function OpenSlotRow({ slot, now, onReserve, pending, refusal }: { slot: OpenSlot; now: number; onReserve: () => void; pending: boolean; refusal?: string }) {
  const state = liveState(slot, now);
  const left = Math.max(0, slot.capacity - slot.reserved);
  const label = slot.mine ? '예약함' : state === 'open' ? '예약' : state === 'full' ? '마감' : state === 'upcoming' ? `${kstTime(slot.window.opensAt)} 오픈` : '종료';
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: slot.mine ? 'primary.main' : 'divider', bgcolor: slot.mine ? '#eef5ee' : 'background.paper' }} data-testid="open-slot" data-slot-id={slot.id} data-state={slot.mine ? 'mine' : state}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>{slot.startTime}–{slot.endTime}</Typography>
          {/* Wraps between the parts, so the TA's name is never cut off at the row's end. */}
          <Typography variant="body2" color="textSecondary" sx={{ '& > span': { whiteSpace: 'nowrap' } }} data-testid="slot-meta">
            {[slot.lectureName, slot.title, slot.room, slot.taName].filter(Boolean).map((part, i) => <span key={i}>{i > 0 ? ' · ' : ''}{part}</span>)}
          </Typography>
        </Box>
        <Button
          variant={state === 'open' && !slot.mine ? 'contained' : 'outlined'}
          disabled={!!slot.mine || state !== 'open' || pending}
          onClick={onReserve}
          sx={{ minWidth: 88, flex: '0 0 auto' }}
          aria-label={`${dayLabel(slot.date)} ${slot.startTime} ${label}`}
        >
          {label}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
        {/* One seat (a counsel hour) needs no bar: free or taken says it all. */}
        {slot.capacity > 1 && <LinearProgress
          variant="determinate"
          value={Math.min(100, (slot.reserved / Math.max(1, slot.capacity)) * 100)}
          color={left === 0 ? 'error' : left <= Math.min(3, slot.capacity / 4) ? 'warning' : 'primary'}
          aria-label={`남은 자리 ${left}석 (정원 ${slot.capacity})`}
          sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
        />}
        {slot.capacity <= 1 && <Box sx={{ flexGrow: 1 }} />}
        <Typography variant="caption" sx={{ fontWeight: 700, color: left === 0 ? 'error.dark' : 'text.secondary', minWidth: 72, textAlign: 'right' }} data-testid="seats-left">
          {left === 0 ? '자리 없음' : `남은 자리 ${left}`}
        </Typography>
      </Stack>
      {state === 'upcoming' && !slot.mine && <Typography variant="caption" color="textSecondary">{kstDateTime(slot.window.opensAt)}부터 예약</Typography>}
      {refusal && <Alert severity="warning" sx={{ mt: 1, py: 0 }} data-testid="slot-refusal">{refusal}</Alert>}
    </Box>
  );
}

/** The student's own booking, with cancel while the deadline allows. */
export function MyBookingRow({ b, onCancel, extra }: { b: MyBooking; onCancel: () => void; extra?: React.ReactNode }) {
  const confirm = useConfirm();
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: '#eef5ee' }} data-testid="my-booking">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 800 }}>{dayLabel(b.slot.date)} {b.slot.startTime}–{b.slot.endTime}</Typography>
          <Typography variant="body2" color="textSecondary" noWrap>{[b.slot.lectureName, b.slot.title, b.slot.room].filter(Boolean).join(' · ')}</Typography>
          {extra}
        </Box>
        {b.arrivedAt ? (
          <Chip size="small" color="success" label={`도착 ${kstTime(b.arrivedAt)}`} />
        ) : b.canCancel ? (
          <Button
            sx={{ color: '#b71c1c' }}
            onClick={async () => {
              if (await confirm({ title: '예약 취소', message: `${dayLabel(b.slot.date)} ${b.slot.startTime} 예약을 취소할까요?`, confirmLabel: '예약 취소', danger: true })) onCancel();
            }}
          >
            취소
          </Button>
        ) : (
          <Typography variant="caption" color="textSecondary" sx={{ textAlign: 'right', maxWidth: 110 }}>
            {b.source === 'staff' ? '학원 배정' : '취소 마감'}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/** The message for a refused booking, by its code (full and not-open are the ones a burst meets). */
export function refusalText(err: unknown): string {
  if (isApiError(err, CLINIC_ERRORS.full)) return '방금 자리가 다 찼어요. 다른 시간을 골라 주세요.';
  return errorMessage(err);
}
