import { parseQrPayload, type OmrLayout } from '@academy/contracts/omr';
import { candidateNumber } from './answers.ts';
import type { SheetTruth } from './generator.ts';
import type { PageRead } from './read-sheet.ts';

/**
 * How a reading compares with the truth a generated sheet was made from (tests and bench only).
 *
 * - bubble accuracy: bubbles whose marked / not marked state was read right, before any person
 *   confirmed anything (a flagged bubble counts by what was read, so flags never inflate it);
 * - sheet accuracy: sheets whose every field and the student's identity were read right;
 * - silent errors: fields (or identities) read wrong and NOT sent to the confirm screen. The
 *   product promises none.
 */
export type Tally = {
  sheets: number;
  unreadable: number;
  bubbles: number;
  bubblesWrong: number;
  fields: number;
  fieldsWrong: number;
  fieldsFlagged: number;
  sheetsRight: number;
  identityWrong: number;
  silent: number;
  silentDetails: string[];
};

export const emptyTally = (): Tally => ({ sheets: 0, unreadable: 0, bubbles: 0, bubblesWrong: 0, fields: 0, fieldsWrong: 0, fieldsFlagged: 0, sheetsRight: 0, identityWrong: 0, silent: 0, silentDetails: [] });

export function tallySheet(t: Tally, o: { layout: OmrLayout; truth: SheetTruth; read: PageRead; label: string }): void {
  const { layout, truth, read } = o;
  t.sheets++;
  if (!read.ok) {
    // An unreadable page goes whole to a person: every bubble counts as not read right.
    t.unreadable++;
    for (const f of layout.fields) {
      t.bubbles += f.values.length;
      t.bubblesWrong += f.values.length;
      t.fields++;
      t.fieldsWrong++;
      t.fieldsFlagged++;
    }
    return;
  }
  let allRight = true;
  const byId = new Map(read.fields.map((f) => [f.id, f]));
  for (const f of layout.fields) {
    const r = byId.get(f.id)!;
    const want = new Set(truth.fields[f.id] ?? []);
    const got = new Set(r.marked);
    t.fields++;
    t.bubbles += f.values.length;
    for (const v of f.values) if (want.has(v) !== got.has(v)) t.bubblesWrong++;
    if (r.flagged) t.fieldsFlagged++;
    const right = want.size === got.size && [...want].every((v) => got.has(v));
    if (!right) {
      t.fieldsWrong++;
      allRight = false;
      if (!r.flagged) {
        t.silent++;
        t.silentDetails.push(`${o.label} ${f.id}: truth ${[...want].join('') || '-'} read ${r.marked.join('') || '-'} fills ${r.fills.join(' ')}`);
      }
    }
  }
  // Identity: the QR of a pre-filled sheet, else the 수험번호 columns.
  const fromQr = read.qr ? parseQrPayload(read.qr) : null;
  if (truth.prefilled) {
    if (fromQr?.userId !== truth.userId) {
      allRight = false;
      t.identityWrong++;
      if (fromQr) {
        t.silent++;
        t.silentDetails.push(`${o.label} QR read as user ${fromQr.userId}, truth ${truth.userId}`);
      }
    }
  } else {
    const id = candidateNumber(layout, read.fields);
    const want = truth.blank ? null : truth.candidateNumber;
    if (fromQr || id.number !== want) {
      allRight = false;
      t.identityWrong++;
      if (fromQr || (id.number !== null && !id.flagged && id.number !== want)) {
        t.silent++;
        t.silentDetails.push(`${o.label} 수험번호 read ${id.number ?? '-'}${fromQr ? ' (QR!)' : ''}, truth ${want ?? '-'}`);
      }
    }
  }
  if (allRight) t.sheetsRight++;
}

export function summary(t: Tally) {
  const pct = (a: number, b: number) => (b ? (100 * a) / b : 100);
  return {
    sheets: t.sheets,
    'bubble accuracy %': Number(pct(t.bubbles - t.bubblesWrong, t.bubbles).toFixed(3)),
    'field accuracy %': Number(pct(t.fields - t.fieldsWrong, t.fields).toFixed(3)),
    'sheet accuracy %': Number(pct(t.sheetsRight, t.sheets).toFixed(2)),
    'fields flagged %': Number(pct(t.fieldsFlagged, t.fields).toFixed(2)),
    'unreadable pages': t.unreadable,
    'identity misses (flagged)': t.identityWrong,
    'silent errors': t.silent,
  };
}
