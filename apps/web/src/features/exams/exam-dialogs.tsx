import { createExamBody, type Exam, examSettingsBody, GRADE_MODES, GRADE_MODE_LABEL, type GradeMode } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage, fieldIssues } from '../../lib/http.ts';
import { useCreateExam } from './api/create-exam.ts';
import { useExamDetail } from './api/exam-detail.ts';
import { useSetAnswers } from './api/set-answers.ts';
import { type TemplateOption, useTemplateOptions } from './api/template-options.ts';
import { useUpdateExam } from './api/update-exam.ts';
import { QuestionsEditor, type RowErrors, splitIssues } from './questions-editor.tsx';

type Settings = { cutline: string; gradeMode: GradeMode; cutoffs: string; onlineSubmission: boolean };
type Issues = { rows: RowErrors; other: Map<string, string> };
const NO_ISSUES: Issues = { rows: new Map(), other: new Map() };

const toNumber = (s: string): number | null => (s.trim() === '' ? null : Number(s.trim()));
const settingsBody = (s: Settings) => ({
  cutline: toNumber(s.cutline),
  gradeMode: s.gradeMode,
  gradeCutoffs: s.gradeMode === 'cutoffs' ? s.cutoffs.split(/[,\s]+/).filter(Boolean).map(Number) : [],
  onlineSubmission: s.onlineSubmission,
});

function serverIssues(err: unknown): Issues | null {
  const issues = fieldIssues(err);
  return issues.length ? splitIssues(issues.map((i) => ({ path: i.path.split('.'), message: i.message }))) : null;
}

/** Cutline, grade mode (and its cutoffs), online submission: the settings both dialogs share. */
function SettingsFields({ value, onChange, issues, disableOnline }: { value: Settings; onChange: (s: Settings) => void; issues: Issues; disableOnline?: boolean }) {
  return (
    <>
      <Stack direction="row" spacing={2}>
        <TextField
          label="커트라인"
          value={value.cutline}
          onChange={(e) => onChange({ ...value, cutline: e.target.value.replace(/[^0-9.]/g, '') })}
          helperText={issues.other.get('cutline') ?? '미만이면 클리닉 대상 (비우면 없음)'}
          error={issues.other.has('cutline')}
          sx={{ width: 230 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'exam-cutline' } }}
        />
        <TextField select label="등급" value={value.gradeMode} onChange={(e) => onChange({ ...value, gradeMode: e.target.value as GradeMode })} sx={{ width: 200 }} slotProps={{ htmlInput: { 'data-testid': 'exam-grade-mode' } }}>
          {GRADE_MODES.map((m) => (
            <MenuItem key={m} value={m}>{GRADE_MODE_LABEL[m]}</MenuItem>
          ))}
        </TextField>
        {value.gradeMode === 'cutoffs' && (
          <TextField
            label="등급 경계 점수"
            placeholder="90, 80, 70"
            value={value.cutoffs}
            onChange={(e) => onChange({ ...value, cutoffs: e.target.value })}
            error={issues.other.has('gradeCutoffs')}
            helperText={issues.other.get('gradeCutoffs') ?? '높은 점수부터 쉼표로 (90↑ 1등급 …)'}
            sx={{ flex: 1 }}
          />
        )}
      </Stack>
      <FormControlLabel
        control={<Switch checked={value.onlineSubmission} onChange={(e) => onChange({ ...value, onlineSubmission: e.target.checked })} disabled={disableOnline} />}
        label="학생이 포털에서 답안 제출 (공개 전까지, 정답이 있는 시험만)"
      />
    </>
  );
}

type Source = 'template' | 'key' | 'score';

/**
 * A new exam in the session: from a template (its questions and key), from a pasted answer key, or
 * with just a max score (scores typed directly). Checked by the same schema as the server.
 */
export function CreateExamDialog({ lectureId, wlId, sessionTitle, onClose, onCreated }: { lectureId: number; wlId: number; sessionTitle: string; onClose: () => void; onCreated: (e: Exam) => void }) {
  const [source, setSource] = useState<Source>('template');
  const [search, setSearch] = useState('');
  const templates = useTemplateOptions(search);
  const [template, setTemplate] = useState<TemplateOption | null>(null);
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<Question[]>([]);
  const [maxScore, setMaxScore] = useState('100');
  const [settings, setSettings] = useState<Settings>({ cutline: '', gradeMode: 'none', cutoffs: '', onlineSubmission: false });
  const [issues, setIssues] = useState<Issues>(NO_ISSUES);
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateExam();

  const submit = async () => {
    setFormError(null);
    const body = {
      ...settingsBody(settings),
      ...(source === 'template' ? { templateId: template ? Number(template.id) : undefined, title: title.trim() || undefined } : { title: title.trim() || undefined }),
      ...(source === 'key' ? { questions } : {}),
      ...(source === 'score' ? { maxScore: toNumber(maxScore) ?? undefined } : {}),
    };
    if (source === 'template' && !template) {
      setIssues({ rows: new Map(), other: new Map([['templateId', '템플릿을 골라 주세요']]) });
      return;
    }
    const parsed = createExamBody.safeParse(body);
    if (!parsed.success) {
      setIssues(splitIssues(parsed.error.issues));
      return;
    }
    setIssues(NO_ISSUES);
    try {
      const exam = await create.mutateAsync({ params: { id: lectureId, wlId }, body: parsed.data });
      onCreated(exam);
    } catch (err) {
      const s = serverIssues(err);
      if (s) setIssues(s);
      else setFormError(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="create-exam-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>시험 추가 · {sessionTitle}</DialogTitle>
        <DialogContent>
          <Tabs value={source} onChange={(_e, v: Source) => setSource(v)} sx={{ mb: 2 }} aria-label="시험 만드는 방법">
            <Tab value="template" label="템플릿에서" data-testid="exam-source-template" />
            <Tab value="key" label="정답 붙여넣기" data-testid="exam-source-key" />
            <Tab value="score" label="점수만 입력" data-testid="exam-source-score" />
          </Tabs>
          <Stack spacing={2}>
            {source === 'template' && (
              <Autocomplete
                options={templates.data?.data ?? []}
                value={template}
                onChange={(_e, v) => setTemplate(v)}
                onInputChange={(_e, v, reason) => reason === 'input' && setSearch(v)}
                filterOptions={(x) => x}
                getOptionLabel={(o) => o.title}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                loading={templates.isFetching}
                noOptionsText="템플릿이 없습니다 (시험 템플릿 메뉴에서 만들 수 있어요)"
                loadingText="찾는 중…"
                openOnFocus
                autoHighlight
                renderOption={(props, o) => (
                  <li {...props} key={o.id}>
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>{o.title}</Typography>
                      <Typography variant="caption" color="textSecondary">{[o.subject, `${o.questionCount}문항`, `만점 ${o.maxScore}점`].filter(Boolean).join(' · ')}</Typography>
                    </Box>
                  </li>
                )}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    autoFocus
                    label="시험 템플릿"
                    error={issues.other.has('templateId')}
                    helperText={issues.other.get('templateId') ?? (template ? `${template.questionCount}문항 · 만점 ${template.maxScore}점` : '이름으로 찾기')}
                    slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'exam-template' } }}
                  />
                )}
              />
            )}
            <TextField
              label={source === 'template' ? '시험 이름 (비우면 템플릿 이름)' : '시험 이름'}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={issues.other.has('title')}
              helperText={issues.other.get('title')}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'exam-title' } }}
            />
            {source === 'key' && <QuestionsEditor value={questions} onChange={setQuestions} errors={issues.rows} />}
            {source === 'key' && issues.other.get('questions') && <Alert severity="error">{issues.other.get('questions')}</Alert>}
            {source === 'score' && (
              <TextField
                label="만점"
                value={maxScore}
                onChange={(e) => setMaxScore(e.target.value.replace(/[^0-9.]/g, ''))}
                error={issues.other.has('maxScore') || issues.other.has('questions')}
                helperText={issues.other.get('maxScore') ?? issues.other.get('questions') ?? '정답 없이 점수만 입력하는 시험 (단어 시험, 서술형 …)'}
                sx={{ width: 200 }}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'exam-max-score' } }}
              />
            )}
            <SettingsFields value={settings} onChange={setSettings} issues={issues} disableOnline={source === 'score'} />
            {formError && <Alert severity="error" data-testid="form-error">{formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>취소</Button>
          <Button type="submit" variant="contained" disabled={create.isPending} data-testid="create-exam-submit">
            시험 만들기
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** An exam's settings: title, cutline, grades, online submission. */
export function ExamSettingsDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const [title, setTitle] = useState(exam.title);
  const [settings, setSettings] = useState<Settings>({ cutline: exam.cutline === null ? '' : String(exam.cutline), gradeMode: exam.gradeMode, cutoffs: exam.gradeCutoffs.join(', '), onlineSubmission: exam.onlineSubmission });
  const [issues, setIssues] = useState<Issues>(NO_ISSUES);
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateExam();
  const submit = async () => {
    setFormError(null);
    const parsed = examSettingsBody.safeParse({ title, ...settingsBody(settings) });
    if (!parsed.success) {
      setIssues(splitIssues(parsed.error.issues));
      return;
    }
    const cut = parsed.data.cutline;
    if (cut !== null && cut !== undefined && cut > exam.maxScore) {
      setIssues({ rows: new Map(), other: new Map([['cutline', `커트라인은 만점(${exam.maxScore}점)을 넘을 수 없습니다`]]) });
      return;
    }
    try {
      await update.mutateAsync({ params: { id: exam.lectureId, wlId: exam.weeklyLectureId, examId: exam.id }, body: parsed.data });
      onClose();
    } catch (err) {
      const s = serverIssues(err);
      if (s) setIssues(s);
      else setFormError(errorMessage(err));
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="exam-settings-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>시험 설정 · {exam.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="시험 이름" value={title} onChange={(e) => setTitle(e.target.value)} error={issues.other.has('title')} helperText={issues.other.get('title')} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <Typography variant="body2" color="textSecondary">{exam.questionCount ? `${exam.questionCount}문항 · ` : ''}만점 {exam.maxScore}점</Typography>
            <SettingsFields value={settings} onChange={setSettings} issues={issues} disableOnline={exam.questionCount === 0} />
            {formError && <Alert severity="error">{formError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>취소</Button>
          <Button type="submit" variant="contained" disabled={update.isPending} data-testid="exam-settings-save">저장</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** A new answer key for an exam: every sheet with answers is graded again. */
export function AnswerKeyDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const detail = useExamDetail(exam.id);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="answer-key-dialog">
      <DialogTitle>정답 · {exam.title}</DialogTitle>
      {detail.isPending && <DialogContent><Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}><CircularProgress aria-label="불러오는 중" /></Box></DialogContent>}
      {detail.isError && <DialogContent><Alert severity="error">{errorMessage(detail.error)}</Alert></DialogContent>}
      {detail.data && <AnswerKeyForm exam={exam} initial={detail.data.questions as Question[]} onClose={onClose} />}
    </Dialog>
  );
}

function AnswerKeyForm({ exam, initial, onClose }: { exam: Exam; initial: Question[]; onClose: () => void }) {
  const [questions, setQuestions] = useState(initial);
  const [issues, setIssues] = useState<Issues>(NO_ISSUES);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSetAnswers();
  const submit = async () => {
    const parsed = createExamBody.safeParse({ title: exam.title, questions });
    if (!parsed.success || !parsed.data.questions) {
      setIssues(parsed.success ? NO_ISSUES : splitIssues(parsed.error.issues));
      return;
    }
    try {
      await save.mutateAsync({ params: { examId: exam.id }, body: { questions: parsed.data.questions } });
      onClose();
    } catch (err) {
      const s = serverIssues(err);
      if (s) setIssues(s);
      else setFormError(errorMessage(err));
    }
  };
  return (
    <>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>정답을 바꾸면 답안이 있는 모든 학생을 다시 채점합니다. 이전 점수는 변경 이력에 남습니다.</Alert>
        <QuestionsEditor value={questions} onChange={setQuestions} errors={issues.rows} />
        {issues.other.get('questions') && <Alert severity="error" sx={{ mt: 1 }}>{issues.other.get('questions')}</Alert>}
        {formError && <Alert severity="error" sx={{ mt: 1 }}>{formError}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>저장하고 다시 채점</Button>
      </DialogActions>
    </>
  );
}
