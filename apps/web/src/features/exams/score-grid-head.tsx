import type { ScoreGrid } from '@academy/contracts/exams';
import { useMemo } from 'react';
import { columnAverage, type GridColumn } from './score-grid-model.ts';

/** Read by screen readers, not shown: the column an average belongs to. */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The score sheet's sticky top: one header per column (title, max, cutline; a click opens its statistics) and the class averages. */
export function ScoreGridHead({ grid, columns, activeCol, onOpenExam }: { grid: ScoreGrid; columns: readonly GridColumn[]; activeCol: number; onOpenExam?: (examId: number) => void }) {
  const averages = useMemo(() => columns.map((c) => columnAverage(grid, c)), [grid, columns]);
  return (
    <>
      <div role="row" aria-rowindex={1} className="sheet-head sg-head">
        <div role="columnheader" className="sheet-first sg-head-name">학생 ({grid.students.length}명)</div>
        {columns.map((c, k) => {
          const exam = grid.exams[c.exam]!;
          return (
            <div
              key={k}
              role="columnheader"
              aria-colindex={k + 2}
              data-testid="score-col"
              data-exam-id={exam.id}
              title={`${exam.title} · 만점 ${exam.maxScore}점${exam.cutline !== null ? ` · 커트라인 ${exam.cutline}점` : ''}${exam.readyToShow ? ' · 공개됨' : ''} (눌러서 통계)`}
              className={`sg-col${c.attempt === 'retake' ? ' sg-col-retake' : c.exam % 2 ? ' sg-col-odd' : ''}${k === activeCol ? ' sg-col-current' : ''}`}
              onClick={() => onOpenExam?.(exam.id)}
            >
              <b>{c.attempt === 'first' ? exam.title : '재시험'}</b>
              <span>{c.attempt === 'first' ? `/${exam.maxScore}${exam.cutline !== null ? ` · 컷${exam.cutline}` : ''}` : exam.title}</span>
            </div>
          );
        })}
      </div>
      <div role="row" aria-rowindex={2} className="sheet-head sg-avg" data-testid="score-average-row">
        <div role="rowheader" className="sheet-first sg-avg-name">반 평균</div>
        {averages.map((a, k) => (
          <div key={k} role="gridcell" aria-colindex={k + 2} className="sheet-cell sg-avg-cell" data-testid="score-average" title={`${a.count}명 평균${a.below ? ` · 커트라인 미만 ${a.below}명` : ''}`}>
            <span style={VISUALLY_HIDDEN}>{`${grid.exams[columns[k]!.exam]!.title} ${columns[k]!.attempt === 'first' ? '1차' : '재시험'} 평균 (${a.count}명) `}</span>
            {a.below > 0 && <small>미달 {a.below} </small>}
            {a.average ?? '–'}
          </div>
        ))}
      </div>
    </>
  );
}
