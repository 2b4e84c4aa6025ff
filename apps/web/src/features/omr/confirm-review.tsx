import { CHOICE_LABELS } from '@academy/contracts/grading';
import type { OmrBatchDetail, OmrExamSheet, OmrSheet } from '@academy/contracts/omr';
import { Alert, Autocomplete, Box, Button, Chip, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useConfirmSheet } from './api/confirm-sheet.ts';
import { omrSheetQuery, useOmrSheet } from './api/sheet.ts';
import { RowCrop } from './sheet-image.tsx';

type Item = { sheetId: number; kind: 'student' } | { sheetId: number; kind: 'question'; no: number };

/** The items a person must look at, sheet by sheet: first who the sheet is, then each doubtful question. */
function itemsOf(batch: OmrBatchDetail): Item[] {
  const out: Item[] = [];
  for (const s of batch.sheetList) {
    if (s.status !== 'review') continue;
    if (s.userId === null || (s.reason ?? '').includes('여러 장')) out.push({ sheetId: s.id, kind: 'student' });
    for (const no of s.flagged) out.push({ sheetId: s.id, kind: 'question', no });
  }
  return out;
}

const show = (answer: string | null, numeric: boolean) =>
  answer === null ? '빈칸' : numeric ? answer : answer.split(',').map((a) => CHOICE_LABELS[Number(a)] ?? a).join(' ');

/**
 * The confirm screen: one doubtful item at a time, the crop of its row beside what was read.
 * Keys 1–5 set a choice, 0 (or Backspace) leaves it blank, Enter accepts what is shown; numeric
 * answers are typed as digits then Enter; ← goes back. Each answer is saved as it is given, so a
 * whole batch is confirmed by keyboard in minutes. Scores change only when the batch is applied.
 */
export function ConfirmReview({ batch, exam }: { batch: OmrBatchDetail; exam: OmrExamSheet }) {
  // The list is taken once: confirmed sheets leave the batch's review count, not this session's list.
  const [items] = useState(() => itemsOf(batch));
  const [index, setIndex] = useState(0);
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<Set<string>>(new Set());
  const item = items[Math.min(index, items.length - 1)];
  const sheet = useOmrSheet(item?.sheetId ?? null);
  const client = useQueryClient();
  const confirm = useConfirmSheet();
  const box = useRef<HTMLDivElement>(null);
  const next = items[index + 1];

  useEffect(() => {
    if (next) void client.prefetchQuery(omrSheetQuery(next.sheetId));
  }, [client, next]);
  useEffect(() => {
    box.current?.focus();
  }, [index, sheet.data?.id]);

  if (!items.length) return <Alert severity="success" data-testid="omr-review-empty">확인할 답안이 없습니다. 점수로 반영할 수 있습니다.</Alert>;
  if (!item) return null;
  const keyOf = (it: Item) => (it.kind === 'student' ? `${it.sheetId}:student` : `${it.sheetId}:${it.no}`);
  const finished = items.every((it) => done.has(keyOf(it)));
  const data = sheet.data;
  const question = item.kind === 'question' && data ? data.questions.find((q) => q.no === item.no) ?? null : null;
  const numeric = !!question && (question.fields.length > 1 || /_\d+$/.test(question.fields[0] ?? ''));

  const save = (body: { answers?: { no: number; answer: string | null }[]; userId?: number }) => {
    const it = item;
    // Each answer's own promise (a mutate callback would only fire for the latest of quick presses).
    confirm
      .mutateAsync({ params: { sheetId: it.sheetId }, body: { answers: body.answers ?? [], userId: body.userId } })
      .then(() => {
        setDone((d) => new Set(d).add(keyOf(it)));
        void client.invalidateQueries({ queryKey: ['omr'] });
      })
      // The app-wide handler has shown the error; the item stays unconfirmed.
      .catch(() => {});
    setTyped('');
    setIndex((i) => Math.min(i + 1, items.length - 1));
  };

  const onKey = (e: React.KeyboardEvent) => {
    if (item.kind !== 'question' || !question) return;
    if (e.key === 'ArrowLeft') {
      setIndex((i) => Math.max(0, i - 1));
      setTyped('');
      e.preventDefault();
      return;
    }
    if (e.key === 'ArrowRight') {
      setIndex((i) => Math.min(items.length - 1, i + 1));
      setTyped('');
      e.preventDefault();
      return;
    }
    if (numeric) {
      if (/^\d$/.test(e.key) && typed.length < 3) setTyped((t) => t + e.key);
      else if (e.key === 'Backspace') setTyped((t) => t.slice(0, -1));
      else if (e.key === 'Escape') setTyped('');
      else if (e.key === 'Enter') save({ answers: [{ no: question.no, answer: typed === '' ? question.answer : String(Number(typed)) }] });
      else if (e.key === 'Delete') save({ answers: [{ no: question.no, answer: null }] });
      else return;
      e.preventDefault();
      return;
    }
    if (/^[1-5]$/.test(e.key)) save({ answers: [{ no: question.no, answer: e.key }] });
    else if (e.key === '0' || e.key === 'Backspace' || e.key === 'Delete') save({ answers: [{ no: question.no, answer: null }] });
    else if (e.key === 'Enter') save({ answers: [{ no: question.no, answer: question.answer }] });
    else return;
    e.preventDefault();
  };

  return (
    <Box data-testid="omr-review">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>확인 {Math.min(index + 1, items.length)} / {items.length}</Typography>
        <LinearProgress variant="determinate" value={(100 * done.size) / items.length} sx={{ flexGrow: 1, height: 8, borderRadius: 4 }} aria-label="확인 진행률" />
        <Typography variant="body2" color="textSecondary">{done.size}개 확인함</Typography>
      </Stack>
      <Box
        ref={box}
        tabIndex={0}
        onKeyDown={onKey}
        data-testid="omr-review-item"
        data-item={keyOf(item)}
        aria-label={item.kind === 'question' ? `${item.no}번 문항 확인. 1부터 5로 고치고 Enter로 그대로 인정합니다` : '학생 확인'}
        sx={{ p: 2, border: 2, borderColor: 'primary.main', borderRadius: 2, outline: 'none', '&:focus-visible': { boxShadow: 4 } }}
      >
        {!data && <LinearProgress aria-label="답안지 불러오는 중" />}
        {data && item.kind === 'student' && <StudentStep sheet={data} exam={exam} onPick={(userId) => save({ userId })} />}
        {data && item.kind === 'question' && question && (
          <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
            <RowCrop sheet={data} fieldIds={question.fields} height={numeric ? 260 : 84} label={`${data.studentName ?? '학생 미확인'} ${question.no}번 답안 부분`} />
            <Box sx={{ minWidth: 220 }}>
              <Typography variant="body2" color="textSecondary">{data.studentName ?? '학생 미확인'} · {data.fileName} {data.page}쪽</Typography>
              <Typography variant="h6" component="p">{question.no}번</Typography>
              <Typography variant="body1">
                읽은 답: <b data-testid="omr-read-value">{show(question.answer, numeric)}</b>
              </Typography>
              {numeric && <Typography variant="body1">입력: <b>{typed || '—'}</b></Typography>}
              <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap' }}>
                {question.fields.map((id) => {
                  const f = data.fields.find((x) => x.id === id);
                  return f?.notes.map((n) => <Chip key={`${id}-${n}`} size="small" label={n === 'light' ? '흐린 표기' : n === 'erased' ? '지운 자국' : n === 'gap' ? '빈 자리' : '일부만 칠함'} />);
                })}
              </Stack>
              <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 1 }}>
                {numeric ? '숫자를 입력하고 Enter · Enter만 누르면 그대로 · Delete: 빈칸 · ←/→ 이동' : '1–5: 고치기 · 0: 빈칸 · Enter: 그대로 · ←/→ 이동'}
              </Typography>
            </Box>
          </Stack>
        )}
      </Box>
      {finished && <Alert severity="success" sx={{ mt: 1 }} data-testid="omr-review-finished">모든 확인을 마쳤습니다. 아래에서 점수로 반영하세요.</Alert>}
    </Box>
  );
}

function StudentStep({ sheet, exam, onPick }: { sheet: OmrSheet; exam: OmrExamSheet; onPick: (userId: number) => void }) {
  const idFields = sheet.layout.fields.filter((f) => f.role.type === 'id').map((f) => f.id);
  const options = exam.candidates;
  const [value, setValue] = useState<(typeof options)[number] | null>(options.find((c) => c.userId === sheet.userId) ?? null);
  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'center' }}>
      <RowCrop sheet={sheet} fieldIds={idFields} height={220} label="수험번호 표기 부분" />
      <Box sx={{ minWidth: 320 }}>
        <Typography variant="body2" color="textSecondary">{sheet.fileName} {sheet.page}쪽 · 읽은 수험번호 {sheet.candidateNumber ?? '없음'}</Typography>
        <Typography variant="body1" sx={{ mb: 1 }}>{sheet.reason ?? '학생을 확인해 주세요'}</Typography>
        <Autocomplete
          autoHighlight
          openOnFocus
          options={options}
          value={value}
          onChange={(_, v) => {
            setValue(v);
            if (v) onPick(v.userId);
          }}
          getOptionLabel={(o) => `${o.name} (${o.candidateNumber})`}
          isOptionEqualToValue={(a, b) => a.userId === b.userId}
          renderInput={(params) => <TextField {...params} label="학생 (이름이나 수험번호)" autoFocus slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'omr-student-input' } }} />}
        />
        {value && (
          <Button sx={{ mt: 1 }} onClick={() => onPick(value.userId)}>
            {value.name} 학생으로 확인
          </Button>
        )}
      </Box>
    </Stack>
  );
}
