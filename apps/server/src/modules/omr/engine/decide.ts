/**
 * From bubble darkness to answers. Nothing here is a fixed threshold: every bubble is measured
 * against this page's own levels — `empty` (what an unmarked bubble reads on this page: its
 * printed outline and digit, the paper's grain) and `mark` (what this student's marks read: a soft
 * pencil is lighter than a pen, and a photo in shade is flatter than a scan). A bubble's *fill* is
 * where it sits between the two: 0 reads as empty, 1 as a typical mark of this page.
 */
export type PageLevels = {
  /** Darkness of an empty bubble on this page. */
  empty: number;
  /** Darkness of printed black (the corner markers), the upper bound of a mark. */
  ink: number;
  /** Darkness of a typical mark on this page (between empty and ink). */
  mark: number;
};

export type FieldStatus = 'ok' | 'blank' | 'multiple' | 'doubtful';
export type FieldNote = 'light' | 'erased' | 'partial' | 'gap';

export type FieldDecision = {
  /** The values read as marked, in bubble order. */
  marked: string[];
  /** Each bubble's fill against the page's levels (0 empty … 1 a typical mark). */
  fills: number[];
  status: FieldStatus;
  /** 0–1: how far the closest bubble sits from the line between marked and empty. */
  confidence: number;
  notes: FieldNote[];
  /** Below the confidence bar, or an answer the reader should not decide alone. */
  flagged: boolean;
};

/**
 * Fill at which a bubble reads as marked. Measured on generated sheets: full marks read 0.8–1.2,
 * light pencil 0.4–0.8, erasure residue up to ~0.25, empty bubbles around 0.
 */
export const MARK_AT = 0.36;
/** Bubbles this close to MARK_AT (in fill) are doubtful and go to a person: 0.23–0.49. */
export const DOUBT_BAND = 0.13;
/** The confidence bar: a field whose closest bubble is nearer than the band is confirmed by a person. */
export const CONFIDENCE_BAR = DOUBT_BAND / 0.35;
/** The smallest contrast a mark must have against an empty bubble, as a share of printed black. */
const MIN_MARK_CONTRAST = 0.22;

/**
 * The page's levels from the darkness of all its bubbles and of its printed black. Most bubbles
 * of any answer sheet are empty, so a low percentile is the empty level whatever the student did;
 * the marks are the bubbles clearly above it. A page without marks keeps the mark level near
 * printed black, so nothing on a blank page reads as marked (a blank is never "all marked").
 */
export function pageLevels(darknesses: readonly number[], ink: number): PageLevels {
  const sorted = [...darknesses].sort((a, b) => a - b);
  const empty = sorted.length ? sorted[Math.floor(sorted.length * 0.2)]! : 0;
  const inkTop = Math.max(ink, empty + 0.25);
  const floor = empty + MIN_MARK_CONTRAST * (inkTop - empty);
  const clear = sorted.filter((d) => d > empty + 0.3 * (inkTop - empty));
  let mark = clear.length >= 3 ? clear[Math.floor(clear.length / 2)]! : inkTop * 0.85 + empty * 0.15;
  // A mark level under the contrast floor would make paper grain read as marks.
  mark = Math.min(inkTop, Math.max(mark, empty + 2 * (floor - empty)));
  return { empty, ink: inkTop, mark };
}

export function fillOf(d: number, levels: PageLevels): number {
  return (d - levels.empty) / (levels.mark - levels.empty);
}

/**
 * Decides one field. `kind` matters for multiple marks: two marks in a choice row are an answer
 * (wrong, but a real answer) when both are full; in a digit column they make no number, so they
 * always go to a person.
 */
export function decideField(opts: { values: readonly string[]; darkness: readonly number[]; levels: PageLevels; kind: 'choice' | 'digit' | 'other' }): FieldDecision {
  const fills = opts.darkness.map((d) => round3(fillOf(d, opts.levels)));
  const marked: string[] = [];
  let closest = Infinity;
  let strongest = 0;
  for (let i = 0; i < fills.length; i++) {
    const f = fills[i]!;
    if (f >= MARK_AT) marked.push(opts.values[i]!);
    closest = Math.min(closest, Math.abs(f - MARK_AT));
    strongest = Math.max(strongest, f);
  }
  const confidence = round3(Math.min(1, closest / 0.35));
  const notes: FieldNote[] = [];
  const markedFills = fills.filter((f) => f >= MARK_AT);
  const weakestMark = markedFills.length ? Math.min(...markedFills) : 0;
  if (markedFills.length && weakestMark < 0.75) notes.push('light');
  if (markedFills.length && fills.some((f) => f < MARK_AT && f > 0.12)) notes.push('erased');

  let status: FieldStatus = marked.length === 0 ? 'blank' : marked.length === 1 ? 'ok' : 'multiple';
  let flagged = confidence < CONFIDENCE_BAR;
  if (status === 'multiple') {
    // Two marks of different strength are most often an answer changed without erasing well.
    if (opts.kind !== 'choice' || weakestMark < 0.72 * strongest) flagged = true;
  }
  if (flagged && status !== 'multiple') status = 'doubtful';
  return { marked, fills, status, confidence, notes, flagged };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
