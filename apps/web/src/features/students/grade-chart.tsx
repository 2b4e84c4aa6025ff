import { Box, Stack, Typography } from '@mui/material';
import { formatKoreanShortDate } from '@academy/contracts/format';
import type { ActualExamScore } from '@academy/contracts/student-records';

const PALETTE = ['#2e7d32', '#1565c0', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#6d4c41'];
const W = 720;
const H = 240;
const PAD = { left: 44, right: 16, top: 16, bottom: 40 };

/**
 * 등급 over time, one line per subject: 1등급 at the top (better is higher), exams in date order.
 * Plain SVG: a dozen points do not need a chart library.
 */
export function GradeChart({ scores }: { scores: ActualExamScore[] }) {
  const graded = scores.filter((s) => s.grade != null);
  if (graded.length === 0) {
    return <Typography color="textSecondary">등급이 있는 성적이 없어 그래프를 그릴 수 없습니다.</Typography>;
  }
  const exams = [...new Map(graded.map((s) => [`${s.examDate}|${s.examName}`, { key: `${s.examDate}|${s.examName}`, date: s.examDate, name: s.examName }])).values()].sort((a, b) =>
    a.key.localeCompare(b.key),
  );
  const subjects = [...new Set(graded.map((s) => s.subject))];
  const x = (i: number) => PAD.left + (exams.length === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (exams.length - 1));
  const y = (grade: number) => PAD.top + ((grade - 1) * (H - PAD.top - PAD.bottom)) / 8;

  return (
    <Box data-testid="grade-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="시험별 등급 변화 그래프">
        {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((g) => (
          <g key={g}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(g)} y2={y(g)} stroke="#e0e0e0" />
            <text x={PAD.left - 8} y={y(g) + 4} textAnchor="end" fontSize="11" fill="#757575">{g}등급</text>
          </g>
        ))}
        {exams.map((e, i) => (
          // The outer labels lean inwards: centred on the last point, the last date ran past the chart's edge.
          <text key={e.key} x={x(i)} y={H - PAD.bottom + 18} textAnchor={exams.length > 1 && i === exams.length - 1 ? 'end' : exams.length > 1 && i === 0 ? 'start' : 'middle'} fontSize="11" fill="#616161">
            {formatKoreanShortDate(e.date)}
          </text>
        ))}
        {subjects.map((subject, si) => {
          const color = PALETTE[si % PALETTE.length]!;
          const points = exams
            .map((e, i) => {
              const s = graded.find((g) => g.subject === subject && `${g.examDate}|${g.examName}` === e.key);
              return s ? { cx: x(i), cy: y(s.grade!), label: `${e.name} ${subject} ${s.grade}등급` } : null;
            })
            .filter((p) => p !== null);
          return (
            <g key={subject}>
              <polyline fill="none" stroke={color} strokeWidth={2} points={points.map((p) => `${p.cx},${p.cy}`).join(' ')} />
              {points.map((p) => (
                <circle key={p.label} cx={p.cx} cy={p.cy} r={4} fill={color}>
                  <title>{p.label}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        {subjects.map((s, i) => (
          <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 3, bgcolor: PALETTE[i % PALETTE.length] }} />
            <Typography variant="caption">{s}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
