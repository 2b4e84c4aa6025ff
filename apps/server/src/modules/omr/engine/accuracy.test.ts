import { describe, expect, it } from 'vitest';
import { ACCURACY_QUESTIONS, measureAccuracy } from './accuracy.ts';
import { renderPdfPages } from './decode.ts';
import { buildExamLayout } from './layout.ts';
import { readPage } from './read-sheet.ts';
import { renderSheetsPdf } from './sheet-pdf.ts';

/**
 * A small sample of the accuracy measurement (the bench runs 500+ sheets of each kind:
 * bench/scenarios/omr.ts). Generated sheets are made from our own printed PDF, marked and then
 * scanned or photographed; the reading is compared with what was drawn.
 */
describe('reading generated sheets', () => {
  it('reads scanner-like pages right and sends every doubtful answer to a person', async () => {
    const { figures, tally } = await measureAccuracy({ kind: 'scanned', count: 12, seed: 50_000 });
    expect(tally.silentDetails).toEqual([]);
    expect(figures['unreadable pages']).toBe(0);
    expect(figures['bubble accuracy %']).toBeGreaterThanOrEqual(99.9);
  }, 180_000);

  it('reads phone-like photos (perspective, any rotation, shadow, blur, JPEG 60) with no silent error', async () => {
    const { figures, tally } = await measureAccuracy({ kind: 'photographed', count: 8, seed: 60_000 });
    expect(tally.silentDetails).toEqual([]);
    expect(figures['unreadable pages']).toBe(0);
    expect(figures['bubble accuracy %']).toBeGreaterThanOrEqual(99.5);
  }, 240_000);
});

describe('a sheet nobody marked', () => {
  it('reads every bubble as empty and asks nothing (a blank is never "all marked")', async () => {
    const exam = buildExamLayout(ACCURACY_QUESTIONS);
    const pdf = await renderSheetsPdf({ layout: exam, heading: { title: '빈 답안지', lecture: '강좌', date: '2026. 3. 14.(토)', examId: 1 }, pages: [{ kind: 'blank' }] });
    const [page] = await renderPdfPages(pdf, { dpi: 200 });
    const read = readPage(page!, exam.layout);
    if (!read.ok) throw new Error(read.reason);
    expect(read.fields.filter((f) => f.marked.length > 0)).toEqual([]);
    expect(read.fields.filter((f) => f.flagged)).toEqual([]);
    expect(read.qr).toBeNull();
  }, 60_000);
});
