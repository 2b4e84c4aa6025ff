import { type Exam } from '@academy/contracts/exams';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useExamDetail } from './api/exam-detail.ts';
import { useExamStatistics } from './api/exam-statistics.ts';
import { Histogram, QuestionBars } from './charts.tsx';

const fmt = (v: number | null, digits = 1) => (v === null ? '–' : String(Math.round(v * 10 ** digits) / 10 ** digits));

/** Only the statistics print: the app and the dialog frame are hidden, the content flows on paper. */
const printCss = (
  <GlobalStyles
    styles={{
      '@media print': {
        '#root': { display: 'none !important' },
        '.MuiBackdrop-root': { display: 'none !important' },
        '.exam-stats-dialog .MuiDialog-container': { display: 'block !important', height: 'auto !important' },
        '.exam-stats-dialog': { position: 'static !important' },
        '.exam-stats-dialog .MuiDialog-paper': { boxShadow: 'none !important', margin: '0 !important', maxWidth: 'none !important', width: '100% !important', maxHeight: 'none !important', overflow: 'visible !important' },
        '.exam-stats-dialog .MuiDialogContent-root': { overflow: 'visible !important' },
        '.no-print': { display: 'none !important' },
        '.print-avoid-break': { breakInside: 'avoid' },
        body: { background: '#fff !important' },
      },
    }}
  />
);

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'bad' }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minWidth: 96 }}>
      <Typography variant="caption" color="textSecondary" component="div">{label}</Typography>
      <Typography variant="h6" component="div" sx={{ color: tone === 'bad' ? '#b71c1c' : 'text.primary' }}>{value}</Typography>
    </Box>
  );
}

/**
 * Statistics of an exam (or of its link group): the figures, the distribution, the per-question
 * correct and choice rates, the classes side by side, and the ranking. "인쇄" prints just this.
 */
export function StatisticsDialog({ exam, onClose }: { exam: Exam; onClose: () => void }) {
  const [scope, setScope] = useState<'exam' | 'group'>(exam.linkGroupId !== null ? 'group' : 'exam');
  const stats = useExamStatistics(exam.id, scope);
  const detail = useExamDetail(exam.id);
  const key = new Map((detail.data?.questions ?? []).map((q) => [q.no, q.kind === 'choice' ? (q.answer as number[]) : undefined]));
  const s = stats.data;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth className="exam-stats-dialog" data-testid="statistics-dialog">
      {printCss}
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>통계 · {exam.title}</Box>
        {exam.linkGroupId !== null && (
          <ToggleButtonGroup size="small" exclusive value={scope} onChange={(_e, v: 'exam' | 'group' | null) => v && setScope(v)} aria-label="통계 범위" className="no-print">
            <ToggleButton value="exam">이 반</ToggleButton>
            <ToggleButton value="group">묶인 반 전체</ToggleButton>
          </ToggleButtonGroup>
        )}
      </DialogTitle>
      <DialogContent>
        {stats.isPending && <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}><CircularProgress aria-label="통계를 불러오는 중" /></Box>}
        {stats.isError && <Alert severity="error">{errorMessage(stats.error)}</Alert>}
        {s && (
          <Box>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
              {scope === 'group' ? `묶인 시험 ${s.examIds.length}개` : '이 시험'} · 만점 {s.maxScore}점{s.cutline !== null ? ` · 커트라인 ${s.cutline}점` : ''}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-testid="statistics-figures">
              <Figure label="응시자" value={`${s.takers}명`} />
              <Figure label="평균" value={fmt(s.average)} />
              <Figure label="최고" value={fmt(s.max)} />
              <Figure label="최저" value={fmt(s.min)} />
              <Figure label="표준편차" value={fmt(s.stddev, 2)} />
              <Figure label="중앙값" value={fmt(s.median)} />
              <Figure label="커트라인 미만" value={`${s.belowCutline}명`} tone={s.belowCutline ? 'bad' : undefined} />
            </Box>
            {s.takers === 0 ? (
              <Alert severity="info">아직 응시한 학생이 없습니다. 점수를 입력하면 통계가 나옵니다.</Alert>
            ) : (
              <>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>점수 분포</Typography>
                <Box className="print-avoid-break" sx={{ mb: 2 }}>
                  <Histogram bins={s.distribution} cutline={s.cutline} maxScore={s.maxScore} label={`점수 분포: ${s.distribution.map((b) => `${b.from}~${b.to}점 ${b.count}명`).join(', ')}`} />
                </Box>
                {s.questions.length > 0 && s.questions.every((q) => q.answered === 0) && (
                  <Alert severity="info" sx={{ mb: 2 }}>문항별 답안이 입력된 학생이 없어 문항 분석은 없습니다. 문항별 답을 입력하거나(성적표에서 Q) 온라인 제출을 받으면 정답률이 나옵니다.</Alert>
                )}
                {s.questions.length > 0 && s.questions.some((q) => q.answered > 0) && (
                  <>
                    <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>문항별 정답률</Typography>
                    <Box className="print-avoid-break" sx={{ mb: 2 }}>
                      <QuestionBars questions={s.questions.map((q) => ({ ...q, answerChoices: key.get(q.no) }))} />
                    </Box>
                    <Table size="small" aria-label="문항별 정답률 표" sx={{ mb: 2 }}>
                      <TableHead>
                        <TableRow>
                          <TableCell>번호</TableCell>
                          <TableCell>단원·유형</TableCell>
                          <TableCell align="right">답안 수</TableCell>
                          <TableCell align="right">정답률</TableCell>
                          <TableCell>가장 많이 고른 오답</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {s.questions.map((q) => (
                          <TableRow key={q.no}>
                            <TableCell>{q.no}번</TableCell>
                            <TableCell>{q.tag ?? ''}</TableCell>
                            <TableCell align="right">{q.answered}</TableCell>
                            <TableCell align="right">{q.correctRate === null ? '–' : `${Math.round(q.correctRate * 100)}%`}</TableCell>
                            <TableCell>{q.topWrongChoice ? `${q.topWrongChoice}번 (${Math.round((q.topWrongRate ?? 0) * 100)}%)` : '–'}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </>
                )}
                {s.byClass.length > 1 && (
                  <Box className="print-avoid-break" sx={{ mb: 2 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>반별</Typography>
                    <Table size="small" aria-label="반별 통계">
                      <TableHead>
                        <TableRow>
                          <TableCell>강좌</TableCell>
                          <TableCell>회차</TableCell>
                          <TableCell align="right">응시</TableCell>
                          <TableCell align="right">평균</TableCell>
                          <TableCell align="right">최고</TableCell>
                          <TableCell align="right">최저</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {s.byClass.map((c) => (
                          <TableRow key={c.examId}>
                            <TableCell>{c.lectureName}</TableCell>
                            <TableCell>{c.weeklyLectureTitle}</TableCell>
                            <TableCell align="right">{c.takers}명</TableCell>
                            <TableCell align="right">{fmt(c.average)}</TableCell>
                            <TableCell align="right">{fmt(c.max)}</TableCell>
                            <TableCell align="right">{fmt(c.min)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                )}
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>순위</Typography>
                <Table size="small" aria-label="순위" data-testid="statistics-ranking">
                  <TableHead>
                    <TableRow>
                      <TableCell align="right">순위</TableCell>
                      <TableCell>이름</TableCell>
                      {s.byClass.length > 1 && <TableCell>반</TableCell>}
                      <TableCell align="right">점수</TableCell>
                      <TableCell align="right">백분위</TableCell>
                      <TableCell align="right">등급</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {s.ranking.map((r) => (
                      <TableRow key={`${r.examId}:${r.userId}`} sx={s.cutline !== null && r.score < s.cutline ? { '& td': { color: '#b71c1c' } } : undefined}>
                        <TableCell align="right">{r.rank}</TableCell>
                        <TableCell>{r.name}</TableCell>
                        {s.byClass.length > 1 && <TableCell>{s.byClass.find((c) => c.examId === r.examId)?.lectureName ?? ''}</TableCell>}
                        <TableCell align="right">{r.score}</TableCell>
                        <TableCell align="right">{fmt(r.percentile)}</TableCell>
                        <TableCell align="right">{r.grade ?? '–'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions className="no-print" sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<PrintOutlined />} onClick={() => window.print()} disabled={!s}>인쇄</Button>
        <Button variant="contained" onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}
