import { CHOICE_LABELS, maxScoreOf, parseAnswerKey, type Question } from '@academy/contracts/grading';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';

export type EditorQuestion = Question;

/** The rows the zod check found wrong, by question index, with their messages. */
export type RowErrors = Map<number, string>;

const choiceLabel = (n: number) => CHOICE_LABELS[n] ?? String(n);

/** Answers of a short question, typed "12, 12.0" (kept as typed while editing). */
function ShortAnswers({ value, onChange, label, error }: { value: string[]; onChange: (v: string[]) => void; label: string; error: boolean }) {
  const [text, setText] = useState(value.join(', '));
  const split = (t: string) => t.split(',').map((s) => s.trim()).filter(Boolean);
  // Follow a change from outside (a row deleted above, a new key read in); keep the typing otherwise.
  if (split(text).join('\u0000') !== value.join('\u0000')) setText(value.join(', '));
  return (
    <TextField
      size="small"
      value={text}
      error={error}
      placeholder="정답 (여러 개는 쉼표로)"
      onChange={(e) => {
        setText(e.target.value);
        onChange(split(e.target.value));
      }}
      slotProps={{ htmlInput: { 'aria-label': label, maxLength: 200 } }}
      sx={{ minWidth: 200 }}
    />
  );
}

/**
 * An answer key: paste it as text ("13524 21435…", "1,3,5,2,4", "①③⑤", "2/4" for two accepted
 * choices) and read it into rows, then adjust each question — kind (5지선다 / 주관식), accepted
 * answers (several allowed), points, tag. The total is the exam's max score.
 */
export function QuestionsEditor({ value, onChange, errors, testId = 'questions-editor' }: { value: EditorQuestion[]; onChange: (q: EditorQuestion[]) => void; errors?: RowErrors; testId?: string }) {
  const [keyText, setKeyText] = useState('');
  const [points, setPoints] = useState('5');
  const [issues, setIssues] = useState<string[]>([]);
  const [version, setVersion] = useState(0);

  const read = () => {
    const p = Number(points);
    const parsed = parseAnswerKey(keyText, { points: Number.isFinite(p) && p > 0 ? p : 1 });
    setIssues(parsed.issues.map((i) => i.message));
    if (parsed.questions.length) {
      onChange(parsed.questions);
      setVersion((v) => v + 1);
    }
  };
  const update = (i: number, q: EditorQuestion) => onChange(value.map((x, k) => (k === i ? q : x)));
  const renumber = (list: EditorQuestion[]) => list.map((q, i) => ({ ...q, no: i + 1 }));
  const total = maxScoreOf(value);

  return (
    <Box data-testid={testId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="정답 붙여넣기"
          placeholder={'13524 21435 …  또는  1,3,5,2,4  또는  ①③⑤  (2/4: 복수 정답, 숫자·글자: 주관식)'}
          value={keyText}
          onChange={(e) => setKeyText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey || !e.shiftKey)) {
              e.preventDefault();
              read();
            }
          }}
          multiline
          minRows={1}
          maxRows={4}
          fullWidth
          helperText="Enter를 누르면 아래 문항으로 나눕니다 (지금 문항을 바꿉니다). 줄바꿈은 Shift+Enter."
          slotProps={{ htmlInput: { 'data-testid': 'answer-key-text' } }}
        />
        <TextField label="문항당 배점" value={points} onChange={(e) => setPoints(e.target.value)} sx={{ width: 120, flex: '0 0 auto' }} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'answer-key-points' } }} />
        <Button variant="outlined" onClick={read} sx={{ flex: '0 0 auto', mt: { sm: 0.25 } }} data-testid="answer-key-read">
          문항으로 나누기
        </Button>
      </Stack>
      {issues.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {issues.join(' · ')}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1.5, mb: 0.5, alignItems: 'center' }}>
        <Typography variant="subtitle2" data-testid="questions-summary">
          {value.length}문항 · 만점 {total}점
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => onChange(renumber([...value, { no: value.length + 1, kind: 'choice', answer: [1], points: value.at(-1)?.points ?? (Number(points) || 1) }]))}
        >
          문항 추가
        </Button>
      </Stack>
      {value.length > 0 && (
        <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label="문항과 정답">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 48 }}>번호</TableCell>
                <TableCell sx={{ width: 120 }}>유형</TableCell>
                <TableCell>정답 (여러 개 가능)</TableCell>
                <TableCell sx={{ width: 90 }}>배점</TableCell>
                <TableCell sx={{ width: 130 }}>단원·유형</TableCell>
                <TableCell sx={{ width: 48 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {value.map((q, i) => {
                const err = errors?.get(i);
                return (
                  <TableRow key={`${version}-${i}`} data-testid="question-row" sx={err ? { bgcolor: '#fff4f4' } : undefined}>
                    <TableCell>
                      <b>{q.no}</b>
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={q.kind}
                        onChange={(e) => update(i, e.target.value === 'choice' ? { no: q.no, kind: 'choice', answer: [1], points: q.points, tag: q.tag } : { no: q.no, kind: 'short', answer: [], points: q.points, tag: q.tag })}
                        slotProps={{ htmlInput: { 'aria-label': `${q.no}번 유형` } }}
                        fullWidth
                      >
                        <MenuItem value="choice">5지선다</MenuItem>
                        <MenuItem value="short">주관식</MenuItem>
                      </TextField>
                    </TableCell>
                    <TableCell>
                      {q.kind === 'choice' ? (
                        <ToggleButtonGroup
                          size="small"
                          value={q.answer}
                          onChange={(_e, v: number[]) => update(i, { ...q, answer: [...v].sort((a, b) => a - b) })}
                          aria-label={`${q.no}번 정답`}
                        >
                          {[1, 2, 3, 4, 5].map((n) => (
                            <ToggleButton key={n} value={n} aria-label={`${q.no}번 ${n}번 선지`} sx={{ px: 1.25, py: 0.25, fontSize: 18, color: 'text.primary', '&.Mui-selected': { bgcolor: 'primary.main', color: '#fff', '&:hover': { bgcolor: 'primary.dark' } } }}>
                              {choiceLabel(n)}
                            </ToggleButton>
                          ))}
                        </ToggleButtonGroup>
                      ) : (
                        <ShortAnswers value={q.answer} onChange={(answer) => update(i, { ...q, answer })} label={`${q.no}번 정답`} error={!!err} />
                      )}
                      {err && (
                        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                          {err}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={String(q.points)}
                        onChange={(e) => {
                          const n = Number(e.target.value);
                          update(i, { ...q, points: Number.isFinite(n) ? n : 0 });
                        }}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${q.no}번 배점` } }}
                      />
                    </TableCell>
                    <TableCell>
                      <TextField size="small" value={q.tag ?? ''} onChange={(e) => update(i, { ...q, tag: e.target.value || null })} slotProps={{ htmlInput: { maxLength: 30, 'aria-label': `${q.no}번 단원·유형` } }} />
                    </TableCell>
                    <TableCell>
                      <IconButton size="small" aria-label={`${q.no}번 문항 삭제`} onClick={() => onChange(renumber(value.filter((_, k) => k !== i)))}>
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** Zod issues under `questions` as row messages (for the editor), and the rest as plain messages. */
export function splitIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = 'questions'): { rows: RowErrors; other: Map<string, string> } {
  const rows: RowErrors = new Map();
  const other = new Map<string, string>();
  for (const i of issues) {
    const path = i.path.map(String);
    if (path[0] === prefix && path.length > 1 && /^\d+$/.test(path[1]!)) {
      if (!rows.has(Number(path[1]))) rows.set(Number(path[1]), i.message);
    } else {
      const key = path.join('.') || prefix;
      if (!other.has(key)) other.set(key, i.message);
    }
  }
  return { rows, other };
}
