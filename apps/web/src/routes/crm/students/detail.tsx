import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import type { ActualExamScore, ConsultInput } from '@academy/contracts/student-records';
import { ACTUAL_EXAM_TYPES, CONSULT_TYPES, STUDENT_GRADES, type Student } from '@academy/contracts/students';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PushPin from '@mui/icons-material/PushPin';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  ButtonBase,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { ProfilePhotoPicker } from '../../../components/profile-photo-picker.tsx';
import { Section } from '../../../components/section.tsx';
import { useConsults } from '../../../features/students/api/consults.ts';
import { useCreateConsult } from '../../../features/students/api/create-consult.ts';
import { useCreateMemo } from '../../../features/students/api/create-memo.ts';
import { useCreateScore } from '../../../features/students/api/create-score.ts';
import { useDeleteConsult } from '../../../features/students/api/delete-consult.ts';
import { useDeleteMemo } from '../../../features/students/api/delete-memo.ts';
import { useDeleteScore } from '../../../features/students/api/delete-score.ts';
import { useMemos } from '../../../features/students/api/memos.ts';
import { usePinMemo } from '../../../features/students/api/pin-memo.ts';
import { useScores } from '../../../features/students/api/scores.ts';
import { studentQuery, useStudent } from '../../../features/students/api/student-detail.ts';
import { useUpdateConsult } from '../../../features/students/api/update-consult.ts';
import { useUpdateMemo } from '../../../features/students/api/update-memo.ts';
import { useUpdateScore } from '../../../features/students/api/update-score.ts';
import { useUpdateStudent } from '../../../features/students/api/update-student.ts';
import { GradeChart } from '../../../features/students/grade-chart.tsx';
import { RepresentativeLectures } from '../../../features/students/representative-lectures.tsx';
import { useTagList } from '../../../features/tags/api/tag-list.ts';
import { TagChip } from '../../../features/tags/tag-chip.tsx';
import { StudentVideos } from '../../../features/videos/student-videos.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { DateInput, DateTimeInput } from '../../../components/date-field.tsx';

/** Enter saves (Shift+Enter is a new line in long text), Esc cancels. */
function keys(handlers: { save: () => void; cancel: () => void; multiline?: boolean }) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !(handlers.multiline && e.shiftKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      handlers.save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      handlers.cancel();
    }
  };
}

type ProfileForm = { name: string; loginId: string; phone: string; parentPhone: string; school: string; grade: string; gender: string; birthDate: string; memo: string; isActive: boolean };
const toForm = (s: Student): ProfileForm => ({
  name: s.name,
  loginId: s.loginId,
  phone: formatPhone(s.phone),
  parentPhone: formatPhone(s.parentPhone),
  school: s.school ?? '',
  grade: s.grade ?? '',
  gender: s.gender ?? '',
  birthDate: s.birthDate ?? '',
  memo: s.memo,
  isActive: s.isActive,
});

function ProfileSection({ student }: { student: Student }) {
  const client = useQueryClient();
  const [form, setForm] = useState(() => toForm(student));
  useEffect(() => setForm(toForm(student)), [student]);
  const dirty = JSON.stringify(form) !== JSON.stringify(toForm(student));
  // The card shows the server's refusal above the fields itself.
  const update = useUpdateStudent({ errorToast: false });
  const save = {
    isPending: update.isPending,
    error: update.error,
    mutate: () =>
      update.mutate({
        params: { id: student.id },
        body: {
          name: form.name,
          loginId: form.loginId,
          phone: form.phone || null,
          parentPhone: form.parentPhone || null,
          school: form.school || null,
          grade: form.grade || null,
          gender: form.gender || null,
          birthDate: form.birthDate || null,
          memo: form.memo,
          ...(form.isActive === student.isActive ? {} : { isActive: form.isActive }),
        },
      }, {
        onSuccess: (s) => {
          client.setQueryData(studentQuery(student.id).queryKey, s);
          toast.success('학생 정보를 저장했습니다');
        },
      }),
  };
  const onKey = keys({ save: () => dirty && save.mutate(), cancel: () => setForm(toForm(student)) });
  const f = (key: keyof Omit<ProfileForm, 'isActive'>) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((x) => ({ ...x, [key]: e.target.value })),
    onKeyDown: onKey,
    size: 'small' as const,
    fullWidth: true,
  });

  return (
    <Section title="기본 정보" testId="student-profile">
      <Stack spacing={2}>
        {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
        <Stack direction="row" spacing={2}>
          <TextField label="이름" {...f('name')} />
          <TextField label="아이디" {...f('loginId')} />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField label="학생 전화번호" {...f('phone')} />
          <TextField label="학부모 전화번호" {...f('parentPhone')} />
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField label="학교" {...f('school')} />
          <TextField label="학년" select {...f('grade')}>
            <MenuItem value="">선택 안 함</MenuItem>
            {STUDENT_GRADES.map((g) => <MenuItem key={g} value={g}>{g}</MenuItem>)}
          </TextField>
        </Stack>
        <Stack direction="row" spacing={2}>
          <TextField label="성별" select {...f('gender')}>
            <MenuItem value="">선택 안 함</MenuItem>
            <MenuItem value="M">남</MenuItem>
            <MenuItem value="F">여</MenuItem>
          </TextField>
          <DateInput size="small" label="생년월일" value={form.birthDate} onChange={(birthDate) => setForm((x) => ({ ...x, birthDate }))} fullWidth />
        </Stack>
        <TextField label="메모" multiline minRows={2} {...f('memo')} onKeyDown={keys({ save: () => dirty && save.mutate(), cancel: () => setForm(toForm(student)), multiline: true })} />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <FormControlLabel control={<Switch checked={form.isActive} onChange={(e) => setForm((x) => ({ ...x, isActive: e.target.checked }))} />} label={form.isActive ? '재원 (활성)' : '비활성'} />
          <Stack direction="row" spacing={1}>
            <Button disabled={!dirty} onClick={() => setForm(toForm(student))}>취소</Button>
            <Button variant="contained" disabled={!dirty || save.isPending} onClick={() => save.mutate()}>저장</Button>
          </Stack>
        </Stack>
      </Stack>
    </Section>
  );
}

function TagsSection({ student }: { student: Student }) {
  const client = useQueryClient();
  const tags = useTagList();
  const update = useUpdateStudent();
  const save = (tagIds: number[]) =>
    update.mutate({ params: { id: student.id }, body: { tagIds } }, { onSuccess: (s) => client.setQueryData(studentQuery(student.id).queryKey, s) });
  const selected = (tags.data ?? []).filter((t) => student.tags.some((x) => x.id === t.id));
  return (
    <Section title="태그">
      <Autocomplete
        multiple
        size="small"
        options={tags.data ?? []}
        value={selected}
        getOptionLabel={(t) => t.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, v) => save(v.map((t) => t.id))}
        renderValue={(value, getItemProps) => value.map((t, index) => <TagChip {...getItemProps({ index })} key={t.id} name={t.name} color={t.color} />)}
        renderInput={(p) => <TextField {...p} label="태그 추가" />}
        noOptionsText="태그가 없습니다"
      />
    </Section>
  );
}

function MemosSection({ studentId }: { studentId: number }) {
  const memos = useMemos(studentId);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; content: string } | null>(null);
  const create = useCreateMemo();
  const update = useUpdateMemo();
  const pinMemo = usePinMemo();
  const remove = useDeleteMemo();
  const add = { isPending: create.isPending, mutate: () => create.mutate({ params: { id: studentId }, body: { content: draft } }, { onSuccess: () => setDraft('') }) };
  const edit = { mutate: (m: { id: number; content: string }) => update.mutate({ params: { id: studentId, memoId: m.id }, body: { content: m.content } }, { onSuccess: () => setEditing(null) }) };
  const pin = { mutate: (m: { id: number; pinned: boolean }) => pinMemo.mutate({ studentId, memoId: m.id, pinned: m.pinned }) };
  const removeMemo = (id: number) => remove.mutate({ params: { id: studentId, memoId: id } });

  return (
    <Section title="메모" testId="student-memos">
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <TextField
          size="small"
          fullWidth
          multiline
          placeholder="메모 입력 후 Enter (줄바꿈은 Shift+Enter)"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={keys({ save: () => draft.trim() && add.mutate(), cancel: () => setDraft(''), multiline: true })}
          slotProps={{ htmlInput: { 'data-testid': 'memo-input', 'aria-label': '새 메모' } }}
        />
        <Button variant="contained" disabled={!draft.trim() || add.isPending} onClick={() => add.mutate()}>추가</Button>
      </Stack>
      <Stack spacing={1} data-testid="memo-list">
        {(memos.data ?? []).map((m) => (
          <Box key={m.id} data-testid="memo-item" data-pinned={m.isPinned} sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: m.isPinned ? 'primary.main' : 'divider', bgcolor: m.isPinned ? 'primary.50' : undefined }}>
            {editing?.id === m.id ? (
              <TextField
                size="small"
                fullWidth
                multiline
                autoFocus
                value={editing.content}
                onChange={(e) => setEditing({ id: m.id, content: e.target.value })}
                onKeyDown={keys({ save: () => edit.mutate(editing), cancel: () => setEditing(null), multiline: true })}
                slotProps={{ htmlInput: { 'aria-label': '메모 수정' } }}
              />
            ) : (
              <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1 }}>
                  <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="memo-content">{m.content}</Typography>
                  <Typography variant="caption" color="textSecondary">
                    {m.createdByName ?? '직원'} · {formatKoreanDate(m.createdAt)} {dayjs(m.createdAt).format('HH:mm')}
                  </Typography>
                </Box>
                <Tooltip title={m.isPinned ? '고정 해제' : '맨 위에 고정'}>
                  <IconButton size="small" aria-label={m.isPinned ? '고정 해제' : '고정'} onClick={() => pin.mutate({ id: m.id, pinned: !m.isPinned })} color={m.isPinned ? 'primary' : 'default'}>
                    {m.isPinned ? <PushPin fontSize="small" /> : <PushPinOutlined fontSize="small" />}
                  </IconButton>
                </Tooltip>
                <IconButton size="small" aria-label="수정" onClick={() => setEditing({ id: m.id, content: m.content })}><EditOutlined fontSize="small" /></IconButton>
                <IconButton size="small" aria-label="삭제" onClick={() => removeMemo(m.id)}><DeleteOutlined fontSize="small" /></IconButton>
              </Stack>
            )}
          </Box>
        ))}
        {memos.data?.length === 0 && <Typography color="textSecondary">메모가 없습니다.</Typography>}
      </Stack>
    </Section>
  );
}

type ConsultDraft = Pick<ConsultInput, 'consultedAt' | 'consultType' | 'content'>;
const newConsult = (): ConsultDraft => ({ consultedAt: dayjs().format('YYYY-MM-DDTHH:mm'), consultType: '학습', content: '' });

function ConsultsSection({ studentId }: { studentId: number }) {
  const consults = useConsults(studentId);
  const [draft, setDraft] = useState(newConsult);
  const [editingId, setEditingId] = useState<number | null>(null);
  const reset = () => {
    setDraft(newConsult());
    setEditingId(null);
  };
  const create = useCreateConsult();
  const update = useUpdateConsult();
  const remove = useDeleteConsult();
  const add = {
    isPending: create.isPending || update.isPending,
    mutate: () => {
      const body = { ...draft, consultedAt: dayjs(draft.consultedAt).toISOString() };
      if (editingId) update.mutate({ params: { id: studentId, consultId: editingId }, body }, { onSuccess: reset });
      else create.mutate({ params: { id: studentId }, body }, { onSuccess: reset });
    },
  };
  const removeConsult = (id: number) => remove.mutate({ params: { id: studentId, consultId: id } });
  const onKey = keys({ save: () => draft.content.trim() && add.mutate(), cancel: reset, multiline: true });

  return (
    <Section title="상담 기록">
      <Stack spacing={1} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1}>
          <DateTimeInput size="small" label="상담 일시" value={draft.consultedAt} onChange={(consultedAt) => setDraft({ ...draft, consultedAt })} width={290} />
          <TextField size="small" select label="유형" value={draft.consultType} onChange={(e) => setDraft({ ...draft, consultType: e.target.value as ConsultDraft['consultType'] })} sx={{ width: 120 }}>
            {CONSULT_TYPES.map((t) => <MenuItem key={t} value={t}>{t}</MenuItem>)}
          </TextField>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField size="small" fullWidth multiline label="내용" placeholder="Enter로 저장 (줄바꿈은 Shift+Enter)" value={draft.content} onChange={(e) => setDraft({ ...draft, content: e.target.value })} onKeyDown={onKey} />
          {editingId && <Button onClick={reset}>취소</Button>}
          <Button variant="contained" disabled={!draft.content.trim() || add.isPending} onClick={() => add.mutate()}>{editingId ? '수정' : '추가'}</Button>
        </Stack>
      </Stack>
      <Stack spacing={0} sx={{ borderLeft: 2, borderColor: 'divider', ml: 1 }}>
        {(consults.data ?? []).map((c) => (
          <Box key={c.id} sx={{ pl: 2, pb: 2, position: 'relative' }}>
            <Box sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle2">{formatKoreanDate(c.consultedAt)} {dayjs(c.consultedAt).format('HH:mm')}</Typography>
              <Chip size="small" label={c.consultType} />
              <Typography variant="body2" color="textSecondary">{c.counselorName ?? ''}</Typography>
              <IconButton size="small" aria-label="상담 기록 수정" onClick={() => { setEditingId(c.id); setDraft({ consultedAt: dayjs(c.consultedAt).format('YYYY-MM-DDTHH:mm'), consultType: c.consultType, content: c.content }); }}><EditOutlined fontSize="small" /></IconButton>
              <IconButton size="small" aria-label="상담 기록 삭제" onClick={() => removeConsult(c.id)}><DeleteOutlined fontSize="small" /></IconButton>
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.content}</Typography>
          </Box>
        ))}
        {consults.data?.length === 0 && <Typography color="textSecondary" sx={{ pl: 2 }}>상담 기록이 없습니다.</Typography>}
      </Stack>
    </Section>
  );
}

/**
 * The record's scores as one row per exam (newest first) with the subjects as columns, the most
 * common subjects first, so three subjects of one 모의고사 read as one line, not three.
 */
/** Read by screen readers, not shown. */
const visuallyHidden = { position: 'absolute', left: 0, top: 0, width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function groupByExam(scores: ActualExamScore[]) {
  const exams = new Map<string, { key: string; examName: string; examType: string; examDate: string; bySubject: Map<string, ActualExamScore> }>();
  const subjectCount = new Map<string, number>();
  for (const s of scores) {
    const key = `${s.examType}|${s.examName}|${s.examDate}`;
    let exam = exams.get(key);
    if (!exam) exams.set(key, (exam = { key, examName: s.examName, examType: s.examType, examDate: s.examDate, bySubject: new Map() }));
    exam.bySubject.set(s.subject, s);
    subjectCount.set(s.subject, (subjectCount.get(s.subject) ?? 0) + 1);
  }
  return {
    exams: [...exams.values()].sort((a, b) => b.examDate.localeCompare(a.examDate) || a.examName.localeCompare(b.examName, 'ko')),
    subjects: [...subjectCount.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'ko')).map(([subject]) => subject),
  };
}

const newScore = () => ({ examType: '모의고사' as (typeof ACTUAL_EXAM_TYPES)[number], examName: '', examDate: dayjs().format('YYYY-MM-DD'), subject: '', rawScore: '', grade: '', percentile: '' });

function ScoresSection({ studentId }: { studentId: number }) {
  const scores = useScores(studentId);
  const [draft, setDraft] = useState(newScore);
  const [editingId, setEditingId] = useState<number | null>(null);
  const num = (v: string) => (v.trim() === '' ? null : Number(v));
  const reset = () => {
    setDraft(newScore());
    setEditingId(null);
  };
  const create = useCreateScore();
  const update = useUpdateScore();
  const remove = useDeleteScore();
  const add = {
    isPending: create.isPending || update.isPending,
    mutate: () => {
      const body = { ...draft, rawScore: num(draft.rawScore), grade: num(draft.grade), percentile: num(draft.percentile) };
      if (editingId) update.mutate({ params: { id: studentId, scoreId: editingId }, body }, { onSuccess: reset });
      else create.mutate({ params: { id: studentId }, body }, { onSuccess: reset });
    },
  };
  const removeScore = (id: number) => remove.mutate({ params: { id: studentId, scoreId: id } });
  const onKey = keys({ save: () => add.mutate(), cancel: reset });
  const str = (v: number | null) => (v == null ? '' : String(v));
  const field = (key: keyof ReturnType<typeof newScore>, label: string, width: number, extra: object = {}) => (
    <TextField size="small" label={label} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} onKeyDown={onKey} sx={{ width }} {...extra} />
  );
  const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', borderRight: 1, borderRightColor: 'divider' } as const;
  const byExam = groupByExam(scores.data ?? []);

  // The entry form sits above the table with a label on every field, and the table is narrow
  // (the exam in one sticky first column), so the record's half-width card shows every column.
  return (
    <Section title="모의고사·내신 성적" testId="student-scores">
      <GradeChart scores={scores.data ?? []} />
      <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }} data-testid="score-form">
        <TextField size="small" select label="구분" value={draft.examType} onChange={(e) => setDraft({ ...draft, examType: e.target.value as (typeof ACTUAL_EXAM_TYPES)[number] })} sx={{ width: 110 }}>
          {ACTUAL_EXAM_TYPES.map((t) => <MenuItem key={t} value={t}>{t}</MenuItem>)}
        </TextField>
        {field('examName', '시험', 180, { placeholder: '예: 6월 모의평가' })}
        <DateInput size="small" label="시험일" value={draft.examDate} onChange={(examDate) => setDraft({ ...draft, examDate })} width={224} />
        {field('subject', '과목', 90, { placeholder: '수학' })}
        {field('rawScore', '원점수', 80, { type: 'number' })}
        {field('grade', '등급', 70, { type: 'number', slotProps: { htmlInput: { min: 1, max: 9 } } })}
        {field('percentile', '백분위', 80, { type: 'number' })}
        <Button variant="contained" size="small" disabled={add.isPending} onClick={() => add.mutate()}>{editingId ? '수정' : '추가'}</Button>
        {editingId && <Button size="small" onClick={reset}>취소</Button>}
        {editingId && (
          <Button
            size="small"
            color="error"
            onClick={() => {
              removeScore(editingId);
              reset();
            }}
          >
            삭제
          </Button>
        )}
      </Box>
      {scores.data?.length === 0 && <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>아직 입력한 성적이 없습니다.</Typography>}
      {!!scores.data?.length && (
        <Box sx={{ mt: 2, overflowX: 'auto' }}>
          <Table size="small" data-testid="score-table">
            <TableHead>
              <TableRow>
                <TableCell sx={sticky}>시험</TableCell>
                {byExam.subjects.map((subject) => <TableCell key={subject} align="center">{subject}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {byExam.exams.map((exam) => (
                <TableRow key={exam.key} data-testid="score-row">
                  <TableCell sx={{ ...sticky, minWidth: 140 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>{exam.examName}</Typography>
                    <Typography variant="caption" color="textSecondary">{exam.examType} · {formatKoreanDate(exam.examDate)}</Typography>
                  </TableCell>
                  {byExam.subjects.map((subject) => {
                    const score = exam.bySubject.get(subject);
                    if (!score) return <TableCell key={subject} align="center" sx={{ color: 'text.secondary' }}>–</TableCell>;
                    return (
                      <TableCell key={subject} align="center" sx={{ p: 0.5, bgcolor: editingId === score.id ? 'action.selected' : undefined }}>
                        <ButtonBase
                          onClick={() => {
                            setEditingId(score.id);
                            setDraft({ examType: score.examType, examName: score.examName, examDate: score.examDate, subject: score.subject, rawScore: str(score.rawScore), grade: str(score.grade), percentile: str(score.percentile) });
                          }}
                          sx={{ flexDirection: 'column', borderRadius: 1, px: 1, py: 0.25, width: '100%', position: 'relative' }}
                        >
                          <Box component="span" sx={visuallyHidden}>{exam.examName} {subject} 수정: </Box>
                          <Typography variant="body2" sx={{ fontWeight: 700 }}>{score.rawScore ?? '-'}</Typography>
                          <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
                            {score.grade == null ? '-' : `${score.grade}등급`} · {score.percentile ?? '-'}%
                          </Typography>
                        </ButtonBase>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 1 }}>칸마다 원점수, 등급 · 백분위. 칸을 누르면 위에서 고치거나 지울 수 있습니다.</Typography>
        </Box>
      )}
    </Section>
  );
}

/** One student's record: profile, representative lectures, tags, memos (pinned first), consult timeline, 모의고사/내신 scores, lecture videos watched. */
export default function CrmStudentDetailPage() {
  const id = Number(useParams().id);
  const student = useStudent(id);
  if (student.isPending) return <Skeleton variant="rounded" height={400} />;
  if (student.error) return <Alert severity="error">{errorMessage(student.error)}</Alert>;
  const s = student.data;
  return (
    <Box>
      <PageHeader
        title={`${s.name} 학생`}
        description={`${s.loginId} · ${[s.school, s.grade].filter(Boolean).join(' ')} · ${formatPhone(s.phone) || '전화번호 없음'}`}
        actions={<Button component={RouterLink} to="/crm/students" startIcon={<ArrowBackOutlined />}>학생 목록</Button>}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
        <Stack spacing={2}>
          <Section title="사진">
            <ProfilePhotoPicker userId={s.id} name={s.name} self={false} />
          </Section>
          <ProfileSection student={s} />
          <RepresentativeLectures student={s} />
          <TagsSection student={s} />
          <ConsultsSection studentId={id} />
        </Stack>
        <Stack spacing={2}>
          <MemosSection studentId={id} />
          <ScoresSection studentId={id} />
        </Stack>
      </Box>
      <Box sx={{ mt: 2 }}>
        <StudentVideos studentId={id} />
      </Box>
    </Box>
  );
}
