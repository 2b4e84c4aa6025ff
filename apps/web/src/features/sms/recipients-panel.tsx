import { formatPhone, normalizePhone } from '@academy/contracts/format';
import type { SmsRecipient } from '@academy/contracts/sms';
import {
  Alert, Box, Button, Checkbox, Chip, MenuItem, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { StudentPicker, type StudentOption } from '../../components/student-picker.tsx';
import { useSmsRecipients } from './api/sms-recipients.ts';

export type Selection = { students: SmsRecipient[]; lectureId: number | null; phones: string[] };

/** Typed numbers: one per line or separated by commas; returns the valid ones (digits) and the rest as typed. */
export function parsePhones(text: string): { valid: string[]; invalid: string[] } {
  const parts = text.split(/[\n,;]+/).map((p) => p.trim()).filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    const n = normalizePhone(p);
    if (n) valid.push(n);
    else invalid.push(p);
  }
  return { valid: [...new Set(valid)], invalid };
}

const phoneCell = (p: string | null) => (p ? formatPhone(p) : <Typography component="span" variant="body2" color="textSecondary">없음</Typography>);

/**
 * Who gets the text: a lecture's students (all ticked, untick some), students found by name, or
 * typed numbers. Each student shows both phones, so a missing parent phone is seen before sending.
 */
export function RecipientsPanel(props: {
  lectures: { id: number; name: string }[];
  value: Selection;
  onChange: (v: Selection) => void;
  /** Students chosen on another screen (the students grid), by id. */
  presetIds?: string | null;
  presetLectureId?: number | null;
}) {
  const { value, onChange } = props;
  const [tab, setTab] = useState<'lecture' | 'search' | 'typed'>(props.presetIds ? 'search' : 'lecture');
  const [lectureId, setLectureId] = useState<number | null>(props.presetLectureId ?? null);
  const [typed, setTyped] = useState(value.phones.join('\n'));
  const roster = useSmsRecipients(lectureId ? { lectureId } : null);
  const preset = useSmsRecipients(props.presetIds ? { ids: props.presetIds } : null);

  useEffect(() => {
    if (roster.data && lectureId) onChange({ ...value, lectureId, students: roster.data });
    // Only when a roster arrives: the choice of students starts as the whole class.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roster.data]);
  useEffect(() => {
    if (preset.data) onChange({ ...value, students: preset.data });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [preset.data]);

  const chosen = new Set(value.students.map((s) => s.id));
  const toggle = (s: SmsRecipient) => onChange({ ...value, students: chosen.has(s.id) ? value.students.filter((x) => x.id !== s.id) : [...value.students, s] });
  const rosterList = roster.data ?? [];
  const allTicked = rosterList.length > 0 && rosterList.every((s) => chosen.has(s.id));
  const parsed = parsePhones(typed);

  const searchValue: StudentOption[] = value.students.map((s) => ({ id: s.id, name: s.name, loginId: s.loginId }));
  const fromSearch = (picked: StudentOption[]) => {
    const keep = value.students.filter((s) => picked.some((p) => p.id === s.id));
    const added = picked.filter((p) => !chosen.has(p.id)).map((p) => ({ id: p.id, name: p.name, loginId: p.loginId, phone: null, parentPhone: null }));
    onChange({ ...value, students: [...keep, ...added] });
  };

  return (
    <Box data-testid="sms-recipients">
      <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} aria-label="받는 사람 고르는 방법" sx={{ mb: 1.5 }}>
        <Tab value="lecture" label="강좌 수강생" data-testid="recipients-tab-lecture" />
        <Tab value="search" label="학생 검색" data-testid="recipients-tab-search" />
        <Tab value="typed" label="번호 직접 입력" data-testid="recipients-tab-typed" />
      </Tabs>

      {tab === 'lecture' && (
        <Stack spacing={1.5}>
          <TextField
            select
            size="small"
            label="강좌"
            value={lectureId ?? ''}
            onChange={(e) => setLectureId(Number(e.target.value) || null)}
            slotProps={{ htmlInput: { 'data-testid': 'recipients-lecture' } }}
          >
            {props.lectures.map((l) => (
              <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>
            ))}
          </TextField>
          {lectureId && rosterList.length > 0 && (
            <Box sx={{ maxHeight: 340, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader aria-label="강좌 수강생">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allTicked}
                        indeterminate={!allTicked && rosterList.some((s) => chosen.has(s.id))}
                        onChange={() => onChange({ ...value, students: allTicked ? value.students.filter((s) => !rosterList.some((r) => r.id === s.id)) : [...value.students.filter((s) => !rosterList.some((r) => r.id === s.id)), ...rosterList] })}
                        slotProps={{ input: { 'aria-label': '수강생 모두 고르기' } }}
                      />
                    </TableCell>
                    <TableCell>이름</TableCell>
                    <TableCell>학생 번호</TableCell>
                    <TableCell>학부모 번호</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rosterList.map((s) => (
                    <TableRow key={s.id} hover onClick={() => toggle(s)} sx={{ cursor: 'pointer' }} data-testid="recipient-row">
                      <TableCell padding="checkbox">
                        <Checkbox checked={chosen.has(s.id)} slotProps={{ input: { 'aria-label': `${s.name} 고르기` } }} />
                      </TableCell>
                      <TableCell>{s.name}</TableCell>
                      <TableCell>{phoneCell(s.phone)}</TableCell>
                      <TableCell>{phoneCell(s.parentPhone)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          {lectureId && roster.data?.length === 0 && <Alert severity="info">이 강좌에는 수강생이 없습니다.</Alert>}
        </Stack>
      )}

      {tab === 'search' && <StudentPicker value={searchValue} onChange={fromSearch} label="학생 검색해서 더하기" />}

      {tab === 'typed' && (
        <Stack spacing={1}>
          <TextField
            multiline
            minRows={4}
            label="받을 번호"
            placeholder={'010-1234-5678\n01098765432'}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              onChange({ ...value, phones: parsePhones(e.target.value).valid });
            }}
            helperText={`번호 ${parsed.valid.length}개${parsed.invalid.length ? ` · 알 수 없는 번호: ${parsed.invalid.join(', ')}` : ''} (줄바꿈이나 쉼표로 구분)`}
            error={parsed.invalid.length > 0}
            slotProps={{ htmlInput: { 'data-testid': 'recipients-typed' } }}
          />
        </Stack>
      )}

      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }} data-testid="recipients-summary">
        <Chip color="primary" label={`학생 ${value.students.length}명`} />
        {value.phones.length > 0 && <Chip label={`직접 입력 ${value.phones.length}개`} />}
        {value.students.length > 0 && (
          <Button size="small" onClick={() => onChange({ ...value, students: [] })}>학생 모두 빼기</Button>
        )}
      </Stack>
    </Box>
  );
}
