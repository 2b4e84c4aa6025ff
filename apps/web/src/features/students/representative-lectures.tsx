import { compareKorean } from '@academy/contracts/format';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Autocomplete, Box, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import type { Student } from '@academy/contracts/students';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { type LectureListItem, scheduleText } from '@academy/contracts/lectures';
import { useLectureOptions } from './api/lecture-options.ts';
import { useSetRepresentativeLectures } from './api/set-representative-lectures.ts';
import { studentQuery } from './api/student-detail.ts';

/** The server accepts at most this many (contracts: representativeLecturesBody). */
const MAX_REPRESENTATIVE = 10;

const byName = (a: LectureListItem, b: LectureListItem) => compareKorean(a.name, b.name) || a.id - b.id;

/**
 * 대표 강좌 of one student: chips (the first is the one shown beside the name in the student list) and
 * an Autocomplete to change them. Enter saves once the option list is closed, Esc cancels.
 */
export function RepresentativeLectures({ student }: { student: Student }) {
  const client = useQueryClient();
  // Disabled lectures are fetched too so that a representative lecture closed later still shows its name.
  const lectures = useLectureOptions();
  const byId = useMemo(() => new Map((lectures.data ?? []).map((l) => [l.id, l])), [lectures.data]);
  const options = useMemo(() => (lectures.data ?? []).filter((l) => !l.disabled).sort(byName), [lectures.data]);
  const current = student.representativeLectureIds.map((id) => byId.get(id)).filter((l): l is LectureListItem => l !== undefined);

  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<LectureListItem[]>([]);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState<LectureListItem | null>(null);
  const start = () => {
    setDraft(current);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setOpen(false);
  };
  const save = useSetRepresentativeLectures();
  const submit = () => {
    if (save.isPending) return;
    save.mutate({ params: { id: student.id }, body: { lectureIds: draft.map((l) => l.id) } }, {
      onSuccess: (s) => {
        client.setQueryData(studentQuery(student.id).queryKey, s);
        setEditing(false);
        toast.success(s.representativeLectureIds.length ? '대표 강좌를 저장했습니다' : '대표 강좌를 지웠습니다');
      },
    });
  };
  const onKeyDown = (e: KeyboardEvent & { defaultMuiPrevented?: boolean }) => {
    if (e.nativeEvent.isComposing) return;
    // With an option highlighted in the open list Enter picks it; an open list closes on Esc first.
    if (e.key === 'Enter' && !(open && highlighted)) {
      e.defaultMuiPrevented = true;
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && !open) {
      e.defaultMuiPrevented = true;
      e.preventDefault();
      cancel();
    }
  };

  return (
    <Card variant="outlined" data-testid="student-representative-lectures">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>대표 강좌</Typography>
          {!editing && (
            <Tooltip title="대표 강좌 수정">
              <IconButton size="small" aria-label="대표 강좌 수정" onClick={start} disabled={lectures.isPending}>
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
        {lectures.error && <Alert severity="error" sx={{ mb: 1 }}>{errorMessage(lectures.error)}</Alert>}
        {editing ? (
          <Stack spacing={1}>
            <Autocomplete
              multiple
              size="small"
              open={open}
              onOpen={() => setOpen(true)}
              onClose={() => setOpen(false)}
              onHighlightChange={(_, l) => setHighlighted(l)}
              options={options}
              value={draft}
              onChange={(_, v) => setDraft(v.slice(0, MAX_REPRESENTATIVE))}
              getOptionLabel={(l) => l.name}
              getOptionDisabled={() => draft.length >= MAX_REPRESENTATIVE}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              filterOptions={(list, { inputValue }) => {
                const needle = inputValue.trim().toLowerCase();
                return needle ? list.filter((l) => `${l.name} ${l.teacherName} ${l.subject}`.toLowerCase().includes(needle)) : list;
              }}
              renderOption={({ key, ...props }, l) => (
                <Box component="li" key={key} {...props} data-testid="representative-lecture-option">
                  <Box>
                    <Typography variant="body2">{l.name}</Typography>
                    <Typography variant="caption" color="textSecondary">{l.teacherName} 선생님 · {scheduleText(l.schedule)}</Typography>
                  </Box>
                </Box>
              )}
              renderValue={(value, getItemProps) => value.map((l, index) => <Chip {...getItemProps({ index })} key={l.id} size="small" label={l.name} color={index === 0 ? 'primary' : 'default'} />)}
              renderInput={(p) => (
                <TextField
                  {...p}
                  autoFocus
                  placeholder={draft.length ? '' : '강좌 이름이나 선생님으로 찾기'}
                  helperText="첫 번째 강좌가 학생 목록의 이름 옆에 표시됩니다. Enter 저장, Esc 취소"
                />
              )}
              onKeyDown={onKeyDown}
              noOptionsText="맞는 강좌가 없습니다"
              loadingText="강좌를 불러오는 중…"
              loading={lectures.isPending}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={cancel}>취소</Button>
              <Button variant="contained" disabled={save.isPending} onClick={submit}>저장</Button>
            </Stack>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="representative-lecture-chips">
            {current.map((l, i) => (
              <Tooltip key={l.id} title={`${l.teacherName} 선생님 · ${scheduleText(l.schedule)}${l.disabled ? ' (비활성 강좌)' : ''}`}>
                <Chip size="small" label={l.name} color={i === 0 ? 'primary' : 'default'} variant={l.disabled ? 'outlined' : 'filled'} data-testid="representative-lecture-chip" />
              </Tooltip>
            ))}
            {student.representativeLectureIds.length === 0 && <Typography color="textSecondary">지정된 대표 강좌가 없습니다.</Typography>}
            {lectures.isPending && student.representativeLectureName && <Chip size="small" color="primary" label={student.representativeLectureName} />}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
