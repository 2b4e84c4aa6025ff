import type { Question } from '@academy/contracts/grading';
import { candidateCheckDigit } from '@academy/contracts/omr';
import { decodeImage } from './decode.ts';
import { emptyTally, summary, type Tally, tallySheet } from './evaluate.ts';
import { createSheetGenerator, type Student } from './generator.ts';
import { buildExamLayout } from './layout.ts';
import { readPage } from './read-sheet.ts';

/**
 * The accuracy measurement shared by the CI test (a small sample) and the bench (500+ sheets of
 * each kind): a 48-question exam (40 choice rows, 8 numeric answers), half the sheets pre-filled
 * with a QR code and half blank with a marked 수험번호.
 */
export const ACCURACY_QUESTIONS: Question[] = [
  ...Array.from({ length: 40 }, (_, i): Question => ({ no: i + 1, kind: 'choice', answer: [1 + ((i * 3) % 5)], points: 2 })),
  ...Array.from({ length: 8 }, (_, i): Question => ({ no: 41 + i, kind: 'short', answer: [String((i * 137) % 1000)], points: 2.5 })),
];

const NAMES = ['김민준', '이서연', '박지호', '최수아', '정예준', '강하은'];
export const ACCURACY_STUDENTS: Student[] = NAMES.map((name, i) => {
  const first7 = String(3141592 + i * 271828).padStart(7, '0').slice(-7);
  return { userId: 100 + i, name, candidateNumber: first7 + candidateCheckDigit(first7) };
});

export async function measureAccuracy(opts: { kind: 'scanned' | 'photographed'; count: number; seed?: number; onSheet?: (done: number) => void }): Promise<{ tally: Tally; figures: ReturnType<typeof summary>; readMs: number[] }> {
  const exam = buildExamLayout(ACCURACY_QUESTIONS);
  const gen = await createSheetGenerator({ layout: exam, heading: { title: '정확도 측정 주간테스트', lecture: '고2 수학 심화반', date: '2026. 3. 14.(토)', examId: 9001 }, students: ACCURACY_STUDENTS });
  const tally = emptyTally();
  const readMs: number[] = [];
  const base = opts.seed ?? (opts.kind === 'scanned' ? 10_000 : 20_000);
  for (let i = 0; i < opts.count; i++) {
    const seed = base + i;
    const sheet = opts.kind === 'scanned' ? await gen.scanned(seed) : await gen.photographed(seed);
    const t0 = performance.now();
    const read = readPage(await decodeImage(sheet.image), exam.layout);
    readMs.push(performance.now() - t0);
    tallySheet(tally, { layout: exam.layout, truth: sheet.truth, read, label: `${opts.kind} #${seed}` });
    opts.onSheet?.(i + 1);
  }
  return { tally, figures: summary(tally), readMs };
}
