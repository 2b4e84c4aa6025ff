import type { Exam, ScoreGrid as Grid } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import AddOutlined from '@mui/icons-material/AddOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, FormControlLabel, MenuItem, Skeleton, Stack, Switch, TextField } from '@mui/material';
import { replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useExamList } from './api/exam-list.ts';
import { downloadGridExcel } from './api/grid-excel.ts';
import { scoreGridQuery } from './api/score-grid.ts';
import { scoreGridRangeQuery } from './api/score-grid-range.ts';
import { AnswerKeyDialog, CreateExamDialog, ExamSettingsDialog } from './exam-dialogs.tsx';
import { type ExamAction, ExamList } from './exam-list.tsx';
import { CopyExamDialog, LinkExamDialog, RetakesDialog, ScoreLinksDialog } from './exam-share-dialogs.tsx';
import { ScoreGrid } from './score-grid.tsx';
import { mergeFreshGrid } from './score-grid-model.ts';
import { StatisticsDialog } from './statistics-dialog.tsx';
import { DateInput } from '../../components/date-field.tsx';

export type SessionOption = { id: number; title: string; date: string };

type Open = { kind: 'create' } | { kind: 'links' } | { kind: ExamAction; exam: Exam } | null;

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00`);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The lecture page's 시험·성적 tab: pick a session (today's or the next by default), manage its
 * exams, and enter scores in the grid below — or look at a range of weeks at once.
 */
export function ExamsTab({ lectureId, sessions, initialWlId, myUserId, disabled }: { lectureId: number; sessions: SessionOption[]; initialWlId: number | null; myUserId: number | null; disabled: boolean }) {
  const [wlId, setWlId] = useState<number | null>(initialWlId ?? sessions[0]?.id ?? null);
  const session = sessions.find((s) => s.id === wlId) ?? null;
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [activeExamId, setActiveExamId] = useState<number | null>(null);
  const exams = useExamList(lectureId, wlId);

  const q = range && wlId ? scoreGridRangeQuery(lectureId, wlId, range.from, range.to) : scoreGridQuery(lectureId, wlId ?? 0);
  const grid = useQuery({
    ...q,
    enabled: wlId !== null,
    structuralSharing: (old, fresh) => replaceEqualDeep(old, mergeFreshGrid(old as Grid | undefined, fresh as Grid)),
  });
  const onActiveExamChange = useCallback((id: number | null) => setActiveExamId(id), []);
  // Takers counted from the live grid, so the list follows the scores as they are typed.
  const takers = useMemo(() => {
    const g = grid.data;
    if (!g) return undefined;
    return new Map(g.exams.map((e, i) => [e.id, g.students.filter((s) => s.status[i] === 'taken' && s.first[i] !== null).length]));
  }, [grid.data]);

  if (sessions.length === 0 || !session) return <Alert severity="info">이 강좌에는 아직 회차가 없습니다.</Alert>;
  const gridExams = grid.data?.exams ?? [];
  const selectedStudents = (grid.data?.students ?? []).filter((s) => selected.has(s.userId)).map((s) => ({ userId: s.userId, name: s.name }));
  const examOf = (id: number | null) => gridExams.find((e) => e.id === id) ?? exams.data?.find((e) => e.id === id) ?? null;

  return (
    <Box data-testid="exams-tab">
      <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          label="회차"
          value={wlId ?? ''}
          onChange={(e) => {
            setWlId(Number(e.target.value));
            setSelected(new Set());
          }}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'exam-session' } }}
        >
          {sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>{s.title} · {formatKoreanDate(s.date)}</MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={!!range} onChange={(e) => setRange(e.target.checked ? { from: addDays(session.date, -28), to: session.date } : null)} />}
          label="기간 성적표"
        />
        {range && (
          <>
            <DateInput label="시작일" value={range.from} onChange={(from) => from && setRange({ ...range, from })} />
            <DateInput label="종료일" value={range.to} onChange={(to) => to && setRange({ ...range, to })} />
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setOpen({ kind: 'create' })} disabled={disabled || !!range} data-testid="exam-add">
          시험 추가
        </Button>
      </Stack>
      {!range && exams.isError && <Alert severity="error" sx={{ mb: 2 }}>{errorMessage(exams.error)}</Alert>}
      {!range && exams.data && <ExamList exams={exams.data} takers={takers} onAction={(kind, exam) => setOpen({ kind, exam })} />}
      {grid.isError && <Alert severity="error">{errorMessage(grid.error)}</Alert>}
      {grid.isPending && <Skeleton variant="rounded" height={420} />}
      {grid.data && (
        <ScoreGrid
          key={`${wlId}-${range ? `${range.from}~${range.to}` : 'one'}`}
          lectureId={lectureId}
          grid={grid.data}
          queryKey={q.queryKey}
          myUserId={myUserId}
          selectedStudents={selected}
          onSelectedStudentsChange={setSelected}
          onActiveExamChange={onActiveExamChange}
          onOpenExam={(id) => {
            const exam = examOf(id);
            if (exam) setOpen({ kind: 'statistics', exam });
          }}
          toolbar={
            <>
              <Button
                size="small"
                startIcon={<SendOutlined />}
                disabled={selected.size === 0 || gridExams.length === 0}
                onClick={() => setOpen({ kind: 'links' })}
                data-testid="send-score-links"
              >
                학부모 링크 보내기{selected.size ? ` (${selected.size}명)` : ''}
              </Button>
              <Button
                size="small"
                startIcon={<BarChartOutlined />}
                disabled={activeExamId === null}
                onClick={() => {
                  const exam = examOf(activeExamId);
                  if (exam) setOpen({ kind: 'statistics', exam });
                }}
              >
                통계
              </Button>
              <Button
                size="small"
                startIcon={<DownloadOutlined />}
                onClick={() => downloadGridExcel(lectureId, session.id, range ?? undefined).catch((err: unknown) => toast.error(errorMessage(err)))}
                data-testid="score-excel"
              >
                엑셀
              </Button>
            </>
          }
        />
      )}
      {open?.kind === 'create' && (
        <CreateExamDialog
          lectureId={lectureId}
          wlId={session.id}
          sessionTitle={`${session.title} · ${formatKoreanDate(session.date)}`}
          onClose={() => setOpen(null)}
          onCreated={(e) => {
            toast.success(`"${e.title}" 시험을 만들었습니다`);
            setOpen(null);
          }}
        />
      )}
      {open?.kind === 'settings' && <ExamSettingsDialog exam={open.exam} onClose={() => setOpen(null)} />}
      {open?.kind === 'answers' && <AnswerKeyDialog exam={open.exam} onClose={() => setOpen(null)} />}
      {open?.kind === 'copy' && <CopyExamDialog exam={open.exam} onClose={() => setOpen(null)} />}
      {open?.kind === 'link' && <LinkExamDialog exam={open.exam} onClose={() => setOpen(null)} />}
      {open?.kind === 'retakes' && <RetakesDialog exam={open.exam} onClose={() => setOpen(null)} />}
      {open?.kind === 'statistics' && <StatisticsDialog exam={open.exam} onClose={() => setOpen(null)} />}
      {open?.kind === 'links' && <ScoreLinksDialog exams={gridExams} defaultExamId={activeExamId} students={selectedStudents} onClose={() => setOpen(null)} />}
    </Box>
  );
}
