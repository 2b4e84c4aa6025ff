import { CHOICE_LABELS } from '@academy/contracts/grading';

/**
 * Plain SVG charts for the statistics and the student's trend (no chart library): they scale with
 * their box, print as vectors, and carry an accessible name and a text summary.
 */

const INK = '#1f2a1f';
const MUTED = '#4f5b4f';
const GRID = '#d7ddd7';
const BAR = '#2e7d32';
const BELOW = '#c62828';

/** The score distribution in bins (the server's 10 bins of the max score), with the cutline marked. */
export function Histogram({ bins, cutline, maxScore, label }: { bins: { from: number; to: number; count: number }[]; cutline: number | null; maxScore: number; label: string }) {
  const W = 960;
  const H = 240;
  const pad = { l: 36, r: 12, t: 18, b: 34 };
  const top = Math.max(1, ...bins.map((b) => b.count));
  const bw = (W - pad.l - pad.r) / Math.max(1, bins.length);
  const y = (n: number) => pad.t + (H - pad.t - pad.b) * (1 - n / top);
  const ticks = [0, Math.ceil(top / 2), top];
  const cx = cutline === null ? null : pad.l + ((W - pad.l - pad.r) * cutline) / Math.max(1, maxScore);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} style={{ width: '100%', maxWidth: W, display: 'block' }}>
      <title>{label}</title>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} stroke={GRID} />
          <text x={pad.l - 6} y={y(t) + 4} fontSize="11" textAnchor="end" fill={MUTED}>{t}</text>
        </g>
      ))}
      {bins.map((b, i) => {
        const h = H - pad.b - y(b.count);
        const under = cutline !== null && b.to <= cutline;
        return (
          <g key={i}>
            <rect x={pad.l + i * bw + 2} y={y(b.count)} width={bw - 4} height={Math.max(0, h)} fill={under ? BELOW : BAR} rx="2">
              <title>{`${b.from}~${b.to}점: ${b.count}명`}</title>
            </rect>
            {b.count > 0 && <text x={pad.l + i * bw + bw / 2} y={y(b.count) - 3} fontSize="11" textAnchor="middle" fill={INK}>{b.count}</text>}
            <text x={pad.l + i * bw + bw / 2} y={H - pad.b + 14} fontSize="10" textAnchor="middle" fill={MUTED}>{b.from}</text>
          </g>
        );
      })}
      <text x={W - pad.r} y={H - 4} fontSize="10" textAnchor="end" fill={MUTED}>점수 (만점 {maxScore})</text>
      {cx !== null && (
        <g>
          <line x1={cx} x2={cx} y1={pad.t - 4} y2={H - pad.b} stroke={BELOW} strokeDasharray="4 3" strokeWidth="1.5" />
          <text x={cx + 4} y={pad.t + 6} fontSize="11" fill={BELOW}>커트라인 {cutline}</text>
        </g>
      )}
    </svg>
  );
}

/** One bar per question: the correct rate, and the choice rates of ①–⑤ (the right one green). */
export function QuestionBars({ questions }: { questions: { no: number; kind: 'choice' | 'short'; correctRate: number | null; choiceRates: number[] | null; topWrongChoice: number | null; topWrongRate: number | null; answerChoices?: number[] }[] }) {
  const rowH = 26;
  const W = 960;
  const labelW = 52;
  const barW = 380;
  const H = questions.length * rowH + 24;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="문항별 정답률과 선지 선택률" style={{ width: '100%', maxWidth: W, display: 'block' }}>
      <title>문항별 정답률과 선지 선택률</title>
      <text x={labelW} y={14} fontSize="13" fill={MUTED}>정답률</text>
      <text x={labelW + barW + 24} y={14} fontSize="13" fill={MUTED}>선지 선택률 ①–⑤ · 가장 많이 고른 오답</text>
      {questions.map((q, i) => {
        const y0 = 22 + i * rowH;
        const rate = q.correctRate ?? 0;
        const low = q.correctRate !== null && q.correctRate < 0.5;
        return (
          <g key={q.no}>
            <text x={labelW - 8} y={y0 + 15} fontSize="13" textAnchor="end" fill={INK} fontWeight="700">{q.no}번</text>
            <rect x={labelW} y={y0 + 4} width={barW} height={14} fill="#eef2ee" rx="2" />
            <rect x={labelW} y={y0 + 4} width={barW * rate} height={14} fill={low ? BELOW : BAR} rx="2">
              <title>{`${q.no}번 정답률 ${q.correctRate === null ? '없음' : `${Math.round(rate * 100)}%`}`}</title>
            </rect>
            <text x={labelW + barW + 4} y={y0 + 15} fontSize="13" fill={INK}>{q.correctRate === null ? '–' : `${Math.round(rate * 100)}%`}</text>
            {q.choiceRates && (
              <g>
                {q.choiceRates.map((r, k) => {
                  const right = q.answerChoices?.includes(k + 1);
                  return (
                    <text key={k} x={labelW + barW + 48 + k * 70} y={y0 + 15} fontSize="13" fill={right ? '#1b5e20' : q.topWrongChoice === k + 1 ? BELOW : MUTED} fontWeight={right || q.topWrongChoice === k + 1 ? 700 : 400}>
                      {CHOICE_LABELS[k + 1]} {Math.round(r * 100)}%
                    </text>
                  );
                })}
              </g>
            )}
            {!q.choiceRates && <text x={labelW + barW + 48} y={y0 + 15} fontSize="13" fill={MUTED}>{q.kind === 'short' ? '주관식' : '답안 없음'}</text>}
          </g>
        );
      })}
    </svg>
  );
}

/** The student's recent scores (as a share of each max) against the class average. */
export function TrendChart({ points, label }: { points: { title: string; date: string; score: number | null; average: number | null; maxScore: number }[]; label: string }) {
  const W = 360;
  const H = 180;
  const pad = { l: 30, r: 22, t: 22, b: 28 };
  const n = points.length;
  const x = (i: number) => pad.l + (n <= 1 ? (W - pad.l - pad.r) / 2 : ((W - pad.l - pad.r) * i) / (n - 1));
  const y = (pct: number) => pad.t + (H - pad.t - pad.b) * (1 - pct / 100);
  const pct = (v: number | null, max: number) => (v === null || max <= 0 ? null : Math.round((v / max) * 1000) / 10);
  const line = (vals: (number | null)[]) =>
    vals
      .map((v, i) => (v === null ? null : `${x(i)},${y(v)}`))
      .filter(Boolean)
      .join(' ');
  const mine = points.map((p) => pct(p.score, p.maxScore));
  const avg = points.map((p) => pct(p.average, p.maxScore));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={label} style={{ display: 'block' }}>
      <title>{label}</title>
      {[0, 50, 100].map((t) => (
        <g key={t}>
          <line x1={pad.l} x2={W - pad.r} y1={y(t)} y2={y(t)} stroke={GRID} />
          <text x={pad.l - 4} y={y(t) + 4} fontSize="10" textAnchor="end" fill={MUTED}>{t}</text>
        </g>
      ))}
      <polyline points={line(avg)} fill="none" stroke="#757575" strokeWidth="2" strokeDasharray="5 4" />
      <polyline points={line(mine)} fill="none" stroke={BAR} strokeWidth="2.5" />
      {mine.map((v, i) => (v === null ? null : <circle key={i} cx={x(i)} cy={y(v)} r="4" fill={BAR}><title>{`${points[i]!.title}: ${points[i]!.score}점 / ${points[i]!.maxScore}`}</title></circle>))}
      {points.map((p, i) => (
        <text key={i} x={x(i)} y={H - 10} fontSize="10" textAnchor="middle" fill={MUTED}>{p.date.slice(5).replace('-', '/')}</text>
      ))}
      <g>
        <line x1={W - 150} x2={W - 132} y1={8} y2={8} stroke={BAR} strokeWidth="2.5" />
        <text x={W - 128} y={12} fontSize="10" fill={INK}>내 점수(%)</text>
        <line x1={W - 74} x2={W - 56} y1={8} y2={8} stroke="#757575" strokeWidth="2" strokeDasharray="5 4" />
        <text x={W - 52} y={12} fontSize="10" fill={INK}>반 평균(%)</text>
      </g>
    </svg>
  );
}
