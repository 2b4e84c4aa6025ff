import { type Exam, retakeBody, type scoreLinkResult } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import { PUBLIC_LINK_MAX_DAYS } from '@academy/contracts/links';
import type { Question } from '@academy/contracts/grading';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useCopyExam } from './api/copy-exam.ts';
import { useCreateRetake } from './api/create-retake.ts';
import { useDeleteRetake } from './api/delete-retake.ts';
import { useExamList } from './api/exam-list.ts';
import { useLectureOptions } from './api/lecture-options.ts';
import { useLectureSessions } from './api/lecture-sessions.ts';
import { useLinkExams } from './api/link-exams.ts';
import { useMapRetake } from './api/map-retake.ts';
import { useRetakeList } from './api/retake-list.ts';
import { useScoreLinks } from './api/score-links.ts';
import { QuestionsEditor, type RowErrors, splitIssues } from './questions-editor.tsx';
import { DateInput } from '../../components/date-field.tsx';

/** Lecture and session pickers used by the copy and link dialogs. */
function LecturePicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const lectures = useLectureOptions();
  return (
    <TextField select label="강좌" value={lectures.data ? value : ''} onChange={(e) => onChange(Number(e.target.value))} fullWidth slotProps={{ htmlInput: { 'data-testid': 'pick-lecture' } }}>
      {(lectures.data ?? []).map((l) => (
        <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>
      ))}
    </TextField>
  );
}

/** Copies the exam (key, cutline, grades) into sessions of this or other lectures, optionally linked. */
export function CopyExamDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const [lectureId, setLectureId] = useState(exam.lectureId);
  const sessions = useLectureSessions(lectureId);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const [link, setLink] = useState(true);
  const copy = useCopyExam();
  const toggle = (id: number, label: string) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(id)) next.delete(id);
      else next.set(id, label);
      return next;
    });
  const submit = async () => {
    const made = await copy.mutateAsync({ params: { examId: exam.id }, body: { weeklyLectureIds: [...picked.keys()], link } });
    toast.success(`${made.length}개 회차에 "${exam.title}"을(를) 복사했습니다${link ? ' (묶음)' : ''}`);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="copy-exam-dialog">
      <DialogTitle>다른 회차로 복사 · {exam.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <LecturePicker value={lectureId} onChange={setLectureId} />
          <Box sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <List dense disablePadding aria-label="복사할 회차">
              {(sessions.data ?? [])
                .filter((w) => w.id !== exam.weeklyLectureId)
                .map((w) => {
                  const label = `${w.title} · ${formatKoreanDate(w.date)}`;
                  return (
                    <ListItemButton key={w.id} onClick={() => toggle(w.id, label)} role="checkbox" aria-checked={picked.has(w.id)}>
                      <ListItemIcon><Checkbox edge="start" checked={picked.has(w.id)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': label } }} /></ListItemIcon>
                      <ListItemText primary={label} />
                    </ListItemButton>
                  );
                })}
            </List>
          </Box>
          {picked.size > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {[...picked].map(([id, label]) => <Chip key={id} size="small" label={label} onDelete={() => toggle(id, label)} />)}
            </Box>
          )}
          <FormControlLabel control={<Switch checked={link} onChange={(e) => setLink(e.target.checked)} />} label="복사한 시험을 이 시험과 묶기 (통합 통계·등급)" />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" disabled={picked.size === 0 || copy.isPending} onClick={() => void submit()}>{picked.size}개 회차에 복사</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Links exams of other classes that sat the same test (same number of questions and max score). */
export function LinkExamDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const [lectureId, setLectureId] = useState(exam.lectureId);
  const sessions = useLectureSessions(lectureId);
  const [wlId, setWlId] = useState<number | null>(null);
  const exams = useExamList(lectureId, wlId);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const link = useLinkExams();
  const submit = async () => {
    await link.mutateAsync({ params: { examId: exam.id }, body: { examIds: [...picked] } });
    toast.success(`${picked.size}개 시험과 묶었습니다`);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="link-exam-dialog">
      <DialogTitle>다른 반 시험과 묶기 · {exam.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          같은 시험을 본 반끼리 묶으면 순위·등급·통계를 함께 냅니다. 문항 수({exam.questionCount})와 만점({exam.maxScore}점)이 같은 시험만 묶을 수 있습니다.
        </Typography>
        <Stack spacing={2}>
          <LecturePicker
            value={lectureId}
            onChange={(id) => {
              setLectureId(id);
              setWlId(null);
            }}
          />
          <TextField select label="회차" value={wlId ?? ''} onChange={(e) => setWlId(Number(e.target.value))} fullWidth>
            {(sessions.data ?? []).map((w) => (
              <MenuItem key={w.id} value={w.id}>{w.title} · {formatKoreanDate(w.date)}</MenuItem>
            ))}
          </TextField>
          {wlId !== null && (
            <List dense aria-label="묶을 시험" sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {exams.data?.length === 0 && <ListItem><ListItemText primary="이 회차에는 시험이 없습니다" /></ListItem>}
              {(exams.data ?? []).map((e) => {
                const same = e.id === exam.id;
                const fits = e.questionCount === exam.questionCount && e.maxScore === exam.maxScore;
                const checked = picked.has(e.id) || exam.linkedExamIds.includes(e.id);
                return (
                  <ListItemButton
                    key={e.id}
                    disabled={same || !fits || exam.linkedExamIds.includes(e.id)}
                    onClick={() => setPicked((s) => {
                      const next = new Set(s);
                      if (next.has(e.id)) next.delete(e.id);
                      else next.add(e.id);
                      return next;
                    })}
                  >
                    <ListItemIcon><Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-label': e.title } }} /></ListItemIcon>
                    <ListItemText primary={e.title} secondary={same ? '이 시험' : !fits ? `${e.questionCount}문항 · ${e.maxScore}점 (묶을 수 없음)` : exam.linkedExamIds.includes(e.id) ? '이미 묶임' : `${e.questionCount}문항 · ${e.maxScore}점`} />
                  </ListItemButton>
                );
              })}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" disabled={picked.size === 0 || link.isPending} onClick={() => void submit()}>묶기</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The exam's retakes: list, add (own key or the exam's), delete, and map a retake made without an exam. */
export function RetakesDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const confirm = useConfirm();
  const mine = useRetakeList(exam.id);
  const all = useRetakeList();
  const create = useCreateRetake();
  const remove = useDeleteRetake();
  const map = useMapRetake();
  const [title, setTitle] = useState(`${exam.title} 재시험`);
  const [date, setDate] = useState('');
  const [ownKey, setOwnKey] = useState(false);
  const [questions, setQuestions] = useState<Question[]>([]);
  const [issues, setIssues] = useState<{ rows: RowErrors; other: Map<string, string> }>({ rows: new Map(), other: new Map() });
  const [formError, setFormError] = useState<string | null>(null);
  const unmapped = (all.data ?? []).filter((r) => r.examId === null);

  const add = async () => {
    setFormError(null);
    const parsed = retakeBody.safeParse({ examId: exam.id, title, date: date || null, ...(ownKey ? { questions } : {}) });
    if (!parsed.success) {
      setIssues(splitIssues(parsed.error.issues));
      return;
    }
    setIssues({ rows: new Map(), other: new Map() });
    try {
      await create.mutateAsync({ body: parsed.data });
      toast.success('재시험을 만들었습니다');
      setQuestions([]);
      setOwnKey(false);
    } catch (err) {
      setFormError(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="retakes-dialog">
      <DialogTitle>재시험 · {exam.title}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>이 시험의 재시험</Typography>
        {mine.data?.length === 0 && <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>아직 재시험이 없습니다.</Typography>}
        <List dense sx={{ mb: 2 }}>
          {(mine.data ?? []).map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`${r.title} 삭제`}
                  onClick={async () => {
                    if (await confirm({ title: '재시험 삭제', message: `"${r.title}"을(를) 삭제할까요? 이미 입력한 재시험 점수는 남습니다.`, confirmLabel: '삭제', danger: true })) {
                      await remove.mutateAsync({ params: { retakeId: r.id } });
                      toast.success('재시험을 삭제했습니다');
                    }
                  }}
                >
                  <DeleteOutlined />
                </IconButton>
              }
            >
              <ListItemText primary={r.title} secondary={`${r.date ? formatKoreanDate(r.date) : '날짜 미정'} · ${r.questions.length ? `${r.questions.length}문항 · ` : ''}만점 ${r.maxScore}점`} />
            </ListItem>
          ))}
        </List>
        {unmapped.length > 0 && (
          <Box sx={{ mb: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>시험에 연결되지 않은 재시험</Typography>
            <Stack spacing={1}>
              {unmapped.map((r) => (
                <Stack key={r.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ flexGrow: 1 }}>{r.title}{r.date ? ` · ${formatKoreanDate(r.date)}` : ''}</Typography>
                  <Button size="small" variant="outlined" onClick={() => void map.mutateAsync({ params: { retakeId: r.id, examId: exam.id } }).then(() => toast.success(`"${r.title}"을(를) 이 시험에 연결했습니다`))}>
                    이 시험에 연결
                  </Button>
                </Stack>
              ))}
            </Stack>
          </Box>
        )}
        <Typography variant="subtitle2" sx={{ mb: 1 }}>재시험 추가</Typography>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            <TextField label="재시험 이름" value={title} onChange={(e) => setTitle(e.target.value)} error={issues.other.has('title')} helperText={issues.other.get('title')} fullWidth slotProps={{ htmlInput: { maxLength: 100 } }} />
            <DateInput label="날짜" value={date} onChange={setDate} width={220} />
          </Stack>
          <FormControlLabel control={<Switch checked={ownKey} onChange={(e) => setOwnKey(e.target.checked)} />} label="재시험 문항·정답이 다름 (끄면 원래 시험과 같음)" />
          {ownKey && <QuestionsEditor value={questions} onChange={setQuestions} errors={issues.rows} testId="retake-questions" />}
          {formError && <Alert severity="error">{formError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>닫기</Button>
        <Button variant="contained" onClick={() => void add()} disabled={create.isPending}>재시험 추가</Button>
      </DialogActions>
    </Dialog>
  );
}

type LinkResult = z.infer<typeof scoreLinkResult>;

/** Parent score links for the selected students: made (and texted) in one call, then listed. */
export function ScoreLinksDialog({ exams, defaultExamId, students, onClose }: { exams: Exam[]; defaultExamId: number | null; students: { userId: number; name: string }[]; onClose: () => void }) {
  const [examId, setExamId] = useState<number | ''>(defaultExamId ?? exams[0]?.id ?? '');
  const [sendSms, setSendSms] = useState(true);
  const [days, setDays] = useState('14');
  const [result, setResult] = useState<LinkResult[] | null>(null);
  const links = useScoreLinks();
  const exam = exams.find((e) => e.id === examId);
  const submit = async () => {
    if (!exam) return;
    const n = Math.min(PUBLIC_LINK_MAX_DAYS, Math.max(1, Number(days) || 14));
    const made = await links.mutateAsync({ params: { examId: exam.id }, body: { userIds: students.map((s) => s.userId), sendSms, expiresInDays: n } });
    setResult(made);
    const texted = made.filter((m) => m.smsQueued).length;
    toast.success(sendSms ? `링크 ${made.length}개를 만들고 ${texted}명에게 문자를 보냈습니다` : `링크 ${made.length}개를 만들었습니다`);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="score-links-dialog">
      <DialogTitle>학부모 링크 보내기</DialogTitle>
      <DialogContent>
        {!result && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField select label="시험" value={examId} onChange={(e) => setExamId(Number(e.target.value))} fullWidth slotProps={{ htmlInput: { 'data-testid': 'links-exam' } }}>
              {exams.map((e) => (
                <MenuItem key={e.id} value={e.id}>{e.title}{e.readyToShow ? '' : ' (공개 전)'}</MenuItem>
              ))}
            </TextField>
            {exam && !exam.readyToShow && <Alert severity="warning">아직 공개하지 않은 시험입니다. 링크는 지금 보내도 되지만, 학부모님은 공개한 뒤에 성적을 볼 수 있습니다.</Alert>}
            <Typography variant="body2">받는 학생 {students.length}명: {students.slice(0, 8).map((s) => s.name).join(', ')}{students.length > 8 ? ` 외 ${students.length - 8}명` : ''}</Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <FormControlLabel control={<Switch checked={sendSms} onChange={(e) => setSendSms(e.target.checked)} />} label="학부모 전화로 문자 보내기" />
              <TextField label="열 수 있는 기간 (일)" value={days} onChange={(e) => setDays(e.target.value.replace(/\D/g, ''))} sx={{ width: 160 }} helperText={`최대 ${PUBLIC_LINK_MAX_DAYS}일`} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            </Stack>
          </Stack>
        )}
        {result && (
          <Table size="small" aria-label="만든 링크" data-testid="score-links-result">
            <TableHead>
              <TableRow>
                <TableCell>학생</TableCell>
                <TableCell>링크</TableCell>
                <TableCell>기한</TableCell>
                <TableCell>문자</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.map((r) => (
                <TableRow key={r.userId} data-testid="score-link-row">
                  <TableCell>{r.name}</TableCell>
                  <TableCell sx={{ maxWidth: 380 }}>
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" component="a" href={r.url} target="_blank" rel="noreferrer" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'primary.dark' }} data-testid="score-link-url">
                        {r.url}
                      </Typography>
                      <IconButton size="small" aria-label={`${r.name} 링크 복사`} onClick={() => void navigator.clipboard?.writeText(r.url).then(() => toast.success('링크를 복사했습니다'), () => toast.error('복사하지 못했습니다'))}>
                        <ContentCopyOutlined fontSize="small" />
                      </IconButton>
                    </Stack>
                  </TableCell>
                  <TableCell>{formatKoreanDate(r.expiresAt)}</TableCell>
                  <TableCell>{r.smsQueued ? <Chip size="small" color="success" label="보냄" /> : <Chip size="small" variant="outlined" label={sendSms ? '학부모 전화 없음' : '보내지 않음'} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{result ? '닫기' : '취소'}</Button>
        {!result && <Button variant="contained" onClick={() => void submit()} disabled={!exam || students.length === 0 || links.isPending} data-testid="score-links-submit">링크 만들기</Button>}
      </DialogActions>
    </Dialog>
  );
}
