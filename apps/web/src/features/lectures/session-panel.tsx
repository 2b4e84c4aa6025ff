import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, IconButton, MenuItem, Skeleton, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography,
} from '@mui/material';
import { sessionLabel, type Announcement, type LectureDetail } from '@academy/contracts/lectures';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { Section } from '../../components/section.tsx';
import { StudentPicker, type StudentOption } from '../../components/student-picker.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useAddParticipants } from './api/add-participants.ts';
import { useAttendanceTypes } from './api/attendance-types.ts';
import { downloadCandidateExcel } from './api/candidate-excel.ts';
import { useCreateAnnouncement } from './api/create-announcement.ts';
import { useDeleteAnnouncement } from './api/delete-announcement.ts';
import { useLectureList } from './api/lecture-list.ts';
import { useRemoveParticipants } from './api/remove-participants.ts';
import { useRenameSession } from './api/rename-session.ts';
import { setAttendance } from './api/set-attendance.ts';
import { setAttendanceLock } from './api/set-attendance-lock.ts';
import { LECTURE_AREA } from './api/tags.ts';
import { useUpdateAnnouncement } from './api/update-announcement.ts';
import { useWeeklyLecture } from './api/weekly-lecture.ts';

function AnnouncementsEditor({ lectureId, wlId, items }: { lectureId: number; wlId: number; items: Announcement[] }) {
  const empty = { id: null, title: '', content: '', pinned: false };
  const [draft, setDraft] = useState<{ id: number | null; title: string; content: string; pinned: boolean }>(empty);
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();
  const confirm = useConfirm();
  const save = draft.id ? update : create;
  const params = { id: lectureId, wlId };
  const submit = () => {
    const body = { title: draft.title, content: draft.content, pinned: draft.pinned };
    const onSuccess = () => {
      toast.success('공지를 저장했습니다. 학생 포털에 표시됩니다');
      setDraft(empty);
    };
    if (draft.id) update.mutate({ params: { ...params, announcementId: draft.id }, body }, { onSuccess });
    else create.mutate({ params, body }, { onSuccess });
  };
  const ask = async (a: Announcement) => {
    if (await confirm({ title: '공지 삭제', message: `'${a.title}' 공지를 삭제할까요? 학생 포털에서도 사라집니다.`, confirmLabel: '삭제', danger: true })) {
      remove.mutate({ params: { ...params, announcementId: a.id } });
    }
  };
  return (
    <Section title="회차 공지" compact>
        {items.length === 0 && <Typography variant="body2" color="textSecondary">이 회차에 등록된 공지가 없습니다</Typography>}
        <Stack spacing={1} sx={{ mb: 2 }}>
          {items.map((a) => (
            <Box key={a.id} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="announcement">
              <Stack direction="row" sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 700, flex: 1 }}>{a.pinned ? '[고정] ' : ''}{a.title}</Typography>
                <IconButton size="small" aria-label={`${a.title} 공지 수정`} onClick={() => setDraft({ id: a.id, title: a.title, content: a.content, pinned: a.pinned })}><EditOutlined fontSize="small" /></IconButton>
                <IconButton size="small" aria-label={`${a.title} 공지 삭제`} onClick={() => void ask(a)}><DeleteOutline fontSize="small" /></IconButton>
              </Stack>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>{a.content}</Typography>
              <Typography variant="caption" color="textSecondary">{formatKoreanDate(a.updatedAt)}</Typography>
            </Box>
          ))}
        </Stack>
        <Stack spacing={1}>
          <TextField size="small" label="제목" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'announcement-title' } }} />
          <TextField size="small" label="내용" multiline minRows={3} value={draft.content} onChange={(e) => setDraft({ ...draft, content: e.target.value })} slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'announcement-content' } }} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
            <FormControlLabel
              sx={{ mr: 'auto' }}
              control={<Checkbox size="small" checked={draft.pinned} onChange={(e) => setDraft({ ...draft, pinned: e.target.checked })} />}
              label="포털 공지 맨 위에 고정"
            />
            {draft.id && <Button onClick={() => setDraft(empty)}>취소</Button>}
            <Button variant="contained" disabled={!draft.title.trim() || save.isPending} onClick={submit} data-testid="announcement-save">
              {draft.id ? '공지 수정' : '공지 등록'}
            </Button>
          </Stack>
        </Stack>
    </Section>
  );
}

function SessionDetail({ lecture, wlId }: { lecture: LectureDetail; wlId: number }) {
  const client = useQueryClient();
  const session = useWeeklyLecture(lecture.id, wlId);
  const types = useAttendanceTypes();
  const lectures = useLectureList(false);
  const [picked, setPicked] = useState<StudentOption[]>([]);
  const [presetType, setPresetType] = useState<number | ''>('');
  const [fromLecture, setFromLecture] = useState<number | ''>('');
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [name, setName] = useState<string | null>(null);
  const params = { id: lecture.id, wlId };
  const refresh = () => Promise.all(LECTURE_AREA.map((tag) => client.invalidateQueries({ queryKey: [tag] })));

  const add = useAddParticipants();
  const remove = useRemoveParticipants();
  const rename = useRenameSession();
  // Marks and locks go through the sheet's own calls (no overlay); the panel refetches after each.
  const mark = useMutation({ mutationFn: (a: { userId: number; attTypeId: number | null }) => setAttendance({ lectureId: lecture.id, wlId, userIds: [a.userId], attTypeId: a.attTypeId }), onSuccess: refresh });
  const lock = useMutation({ mutationFn: (a: { userId: number; locked: boolean }) => setAttendanceLock({ lectureId: lecture.id, wlId, userIds: [a.userId], locked: a.locked }), onSuccess: refresh });
  const addPicked = () =>
    add.mutate({ params, body: { userIds: picked.map((p) => p.id), ...(fromLecture ? { fromLectureId: fromLecture } : {}), ...(presetType ? { attTypeId: presetType } : {}) } }, {
      onSuccess: (r) => {
        toast.success(`${r.added}명을 추가했습니다${r.skipped ? ` (이미 참여 중 ${r.skipped}명 제외)` : ''}`);
        setPicked([]);
        setFromLecture('');
      },
    });
  const removeChecked = () =>
    remove.mutate({ params, body: { userIds: [...checked] } }, {
      onSuccess: (r) => {
        toast.success(`${r.removed}명을 이 회차에서 뺐습니다`);
        setChecked(new Set());
      },
    });

  if (session.isPending) return <Skeleton variant="rounded" height={400} />;
  if (session.isError) return <Alert severity="error">{errorMessage(session.error)}</Alert>;
  const s = session.data;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 380px', gap: 2, alignItems: 'start' }}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            {name === null ? (
              <>
                <Typography variant="h6" sx={{ fontWeight: 700 }}>{s.title}</Typography>
                <Typography color="textSecondary">{formatKoreanDate(s.date)} {s.startTime}–{s.endTime}</Typography>
                <Button size="small" onClick={() => setName(sessionLabel(s))}>이름 변경</Button>
              </>
            ) : (
              <>
                <TextField size="small" value={name} onChange={(e) => setName(e.target.value)} label="회차 이름 (보강, 특강 …)" slotProps={{ htmlInput: { maxLength: 40 } }} />
                <Button size="small" variant="contained" disabled={!name.trim()} onClick={() => rename.mutate({ params, body: { specialName: name.trim() } }, { onSuccess: () => setName(null) })}>저장</Button>
                <Button size="small" onClick={() => setName(null)}>취소</Button>
              </>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => downloadCandidateExcel(lecture.id, wlId).catch((e: unknown) => toast.error(errorMessage(e)))}>
              추가 가능 학생 엑셀
            </Button>
          </Stack>
          <Table size="small" data-testid="participants-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>이름</TableCell>
                <TableCell>전화번호</TableCell>
                <TableCell>출결</TableCell>
                <TableCell align="center">잠금</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {s.participants.map((p) => (
                <TableRow key={p.userId} hover>
                  <TableCell padding="checkbox">
                    <Checkbox size="small" checked={checked.has(p.userId)} onChange={(e) => setChecked((set) => {
                      const next = new Set(set);
                      if (e.target.checked) next.add(p.userId);
                      else next.delete(p.userId);
                      return next;
                    })} />
                  </TableCell>
                  <TableCell>{p.name} <Typography component="span" variant="caption" color="textSecondary">{p.loginId}</Typography></TableCell>
                  <TableCell>{formatPhone(p.phone)}</TableCell>
                  <TableCell>
                    <TextField select size="small" value={p.attTypeId ?? ''} disabled={p.attLocked} slotProps={{ select: { displayEmpty: true } }} onChange={(e) => mark.mutate({ userId: p.userId, attTypeId: e.target.value === '' ? null : Number(e.target.value) })} sx={{ minWidth: 140 }}>
                      <MenuItem value="">미입력</MenuItem>
                      {(types.data ?? []).map((t) => <MenuItem key={t.id} value={t.id} sx={{ color: t.color }}>{t.name}</MenuItem>)}
                    </TextField>
                  </TableCell>
                  <TableCell align="center">
                    <IconButton size="small" aria-label={p.attLocked ? '잠금 해제' : '잠금'} onClick={() => lock.mutate({ userId: p.userId, locked: !p.attLocked })}>
                      {p.attLocked ? <LockOutlined fontSize="small" color="warning" /> : <LockOpenOutlined fontSize="small" />}
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
              {s.participants.length === 0 && (
                <TableRow><TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>참여자가 없습니다</TableCell></TableRow>
              )}
            </TableBody>
          </Table>
          <Button color="error" size="small" sx={{ mt: 1 }} disabled={checked.size === 0 || remove.isPending} onClick={removeChecked}>
            선택한 {checked.size}명 빼기
          </Button>
        </CardContent>
      </Card>
      <Stack spacing={2}>
        <Section title="참여자 추가" compact>
            <Stack spacing={1.5}>
              <StudentPicker value={picked} onChange={setPicked} exclude={new Set(s.participants.map((p) => p.userId))} />
              <TextField select size="small" label="다른 강좌 수강생 전체 가져오기" value={fromLecture} onChange={(e) => setFromLecture(e.target.value === '' ? '' : Number(e.target.value))}>
                <MenuItem value="">선택 안 함</MenuItem>
                {(lectures.data ?? []).filter((l) => l.id !== lecture.id).map((l) => <MenuItem key={l.id} value={l.id}>{l.name} ({l.studentCount}명)</MenuItem>)}
              </TextField>
              <TextField select size="small" label="출결 미리 지정" value={presetType} onChange={(e) => setPresetType(e.target.value === '' ? '' : Number(e.target.value))}>
                <MenuItem value="">지정 안 함</MenuItem>
                {(types.data ?? []).map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
              </TextField>
              <Button variant="contained" disabled={(picked.length === 0 && fromLecture === '') || add.isPending} onClick={addPicked}>추가</Button>
            </Stack>
        </Section>
        <AnnouncementsEditor lectureId={lecture.id} wlId={wlId} items={s.announcements} />
      </Stack>
    </Box>
  );
}

/** One tab per weekly lecture; the chosen session's participants and announcements below. */
export function SessionTabs({ lecture, initialId }: { lecture: LectureDetail; initialId: number | null }) {
  const [wlId, setWlId] = useState<number | null>(initialId ?? lecture.weeklyLectures[0]?.id ?? null);
  if (lecture.weeklyLectures.length === 0) return <Alert severity="info">회차가 없습니다. 강좌의 시간표와 기간을 확인해 주세요.</Alert>;
  return (
    <Box>
      <Tabs value={wlId} onChange={(_, v: number) => setWlId(v)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {lecture.weeklyLectures.map((w) => (
          <Tab key={w.id} value={w.id} label={<Box sx={{ lineHeight: 1.2 }}><Box sx={{ fontWeight: 700 }}>{w.title}</Box><Box sx={{ fontSize: 11 }}>{w.date.slice(5).replace('-', '/')}</Box></Box>} />
        ))}
      </Tabs>
      {wlId && <SessionDetail key={wlId} lecture={lecture} wlId={wlId} />}
    </Box>
  );
}
