import { bookingRulesSchema, bookingRulesText, copyByDayBody, DEFAULT_BOOKING_RULES } from '@academy/contracts/clinic';
import { addDays, DAY_LABELS, dayOfWeek } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useClinicNotice } from './api/clinic-notice.ts';
import { useCopyByDay } from './api/copy-by-day.ts';
import { useBookingRules } from './api/rules.ts';
import { useSetBookingRules } from './api/set-rules.ts';
import { useUpdateClinicNotice } from './api/update-clinic-notice.ts';
import { DateInput, FormTimeInput } from '../../components/date-field.tsx';

/** Copy a day's slots to chosen days, or to the same weekday of the next weeks. */
export function CopyDayDialog({ fromDate, onClose }: { fromDate: string; onClose: () => void }) {
  const copy = useCopyByDay();
  const [mode, setMode] = useState<'weeks' | 'dates'>('weeks');
  const [weeks, setWeeks] = useState(1);
  const [pick, setPick] = useState(addDays(fromDate, 1));
  const [dates, setDates] = useState<string[]>([]);
  const body = mode === 'weeks' ? { fromDate, weeks, toDates: [] } : { fromDate, weeks: 0, toDates: dates };
  const check = copyByDayBody.safeParse(body);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="copy-day-dialog">
      <DialogTitle>{formatKoreanDate(fromDate)} 클리닉 복사</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_, v: 'weeks' | 'dates' | null) => v && setMode(v)} aria-label="복사 방법">
            <ToggleButton value="weeks">다음 주들의 같은 요일({DAY_LABELS[dayOfWeek(fromDate)]})</ToggleButton>
            <ToggleButton value="dates">날짜 고르기</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'weeks' ? (
            <TextField select label="몇 주" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} sx={{ width: 300 }}>
              {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => (
                <MenuItem key={n} value={n}>{n}주 · {formatKoreanDate(addDays(fromDate, 7 * n))}까지</MenuItem>
              ))}
            </TextField>
          ) : (
            <Box>
              <Stack direction="row" spacing={1}>
                <DateInput size="small" label="붙여 넣을 날" value={pick} onChange={setPick} />
                <Button onClick={() => pick && pick !== fromDate && !dates.includes(pick) && setDates([...dates, pick].sort())}>추가</Button>
              </Stack>
              <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5 }}>
                {dates.map((d) => <Chip key={d} label={formatKoreanDate(d)} onDelete={() => setDates(dates.filter((x) => x !== d))} />)}
              </Stack>
            </Box>
          )}
          <Typography variant="body2" color="textSecondary">같은 날 같은 시간·장소의 시간이 이미 있으면 건너뜁니다. 학생은 복사되지 않습니다.</Typography>
          {copy.isError && <Alert severity="error">{errorMessage(copy.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button
          variant="contained"
          disabled={!check.success || copy.isPending}
          onClick={() => copy.mutate({ body }, { onSuccess: (r) => { toast.success(`${r.created}개를 만들었습니다${r.skipped ? ` (이미 있는 ${r.skipped}개는 건너뜀)` : ''}`); onClose(); } })}
          data-testid="copy-submit"
        >
          복사
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The clinic notice students read where they book (admins edit; TAs read). */
export function ClinicNoticeDialog({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const notice = useClinicNotice();
  const save = useUpdateClinicNotice();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? notice.data?.content ?? '';
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="clinic-notice-dialog">
      <DialogTitle>클리닉 안내 (학생 예약 화면)</DialogTitle>
      <DialogContent>
        {notice.isError && <Alert severity="error">{errorMessage(notice.error)}</Alert>}
        {canEdit ? (
          <TextField
            multiline
            minRows={8}
            fullWidth
            label="안내 내용"
            value={text}
            onChange={(e) => setDraft(e.target.value)}
            helperText="예약 시작·마감·취소 시각은 예약 규칙에서 정하고, 학생 화면에 안내 위에 자동으로 보입니다. 여기에 따로 적지 마세요"
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'clinic-notice-input' } }}
          />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-wrap', mt: 1 }}>{text || '등록된 안내가 없습니다'}</Typography>
        )}
        {save.isError && <Alert severity="error" sx={{ mt: 1 }}>{errorMessage(save.error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>닫기</Button>
        {canEdit && (
          <Button variant="contained" disabled={draft === null || save.isPending} onClick={() => save.mutate({ body: { content: text } }, { onSuccess: () => { toast.success('클리닉 안내를 저장했습니다'); onClose(); } })} data-testid="clinic-notice-save">
            저장
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** The center's booking rule (admins change it). */
export function RulesDialog({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const rules = useBookingRules();
  const save = useSetBookingRules();
  if (!rules.data) return null;
  if (!canEdit) {
    return (
      <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
        <DialogTitle>예약 규칙</DialogTitle>
        <DialogContent><Typography>{bookingRulesText(rules.data)}</Typography></DialogContent>
        <DialogActions><Button onClick={onClose}>닫기</Button></DialogActions>
      </Dialog>
    );
  }
  return (
    <FormDialog
      title="예약 규칙 (센터 기본값)"
      schema={bookingRulesSchema}
      defaultValues={rules.data ?? DEFAULT_BOOKING_RULES}
      onSubmit={(body) => save.mutateAsync({ body })}
      onClose={onClose}
      testId="rules-dialog"
      footnote={<Typography variant="body2" color="textSecondary">시간마다, 날짜마다 따로 정할 수도 있습니다. 따로 정하지 않은 시간은 이 규칙을 따릅니다.</Typography>}
    >
      {(form) => (
        <>
          <Stack direction="row" spacing={1.5}>
            <Controller
              control={form.control}
              name="opensWeekday"
              render={({ field }) => (
                <TextField select label="예약 시작 요일 (지난주)" {...field} onChange={(e) => field.onChange(Number(e.target.value))} sx={{ flex: 1 }}>
                  {[1, 2, 3, 4, 5, 6, 7].map((d) => <MenuItem key={d} value={d}>{DAY_LABELS[d]}요일</MenuItem>)}
                </TextField>
              )}
            />
            <FormTimeInput name="opensTime" label="예약 시작 시각" sx={{ flex: 1 }} />
          </Stack>
          <Stack direction="row" spacing={1.5}>
            {(['closeBeforeMinutes', 'cancelBeforeMinutes'] as const).map((name) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field, fieldState }) => (
                  <TextField
                    type="number"
                    label={name === 'closeBeforeMinutes' ? '예약 마감 (시작 몇 분 전)' : '취소 마감 (시작 몇 분 전)'}
                    value={field.value}
                    onChange={(e) => field.onChange(Number(e.target.value))}
                    error={!!fieldState.error}
                    helperText={fieldState.error?.message}
                    sx={{ flex: 1 }}
                  />
                )}
              />
            ))}
          </Stack>
        </>
      )}
    </FormDialog>
  );
}
