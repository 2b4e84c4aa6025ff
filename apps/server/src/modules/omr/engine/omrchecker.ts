import type { OmrAnchor, OmrField, OmrLayout } from '@academy/contracts/omr';
import { z } from 'zod';

/**
 * OMRChecker's `template.json` as a layout (the mapping is documented in the module's README):
 *
 * - `pageDimensions` [w, h] is the page in the template's pixels: our page, unit `px`.
 * - `bubbleDimensions` [w, h] (per block overridable) is each bubble's box; `origin` is the top-left
 *   corner of a block's first bubble, so a bubble's centre is its corner plus half the box.
 * - `fieldType` gives the values and the direction: QTYPE_MCQ4/5 → A–D/A–E, horizontal; QTYPE_INT →
 *   0–9, vertical; QTYPE_INT_FROM_1 → 1–9, 0. Custom blocks give `bubbleValues` and `direction`.
 * - Along `direction`, bubbles are `bubblesGap` apart; each next field label is `labelsGap` further
 *   across. `fieldLabels` entries like "q1..4" expand to q1, q2, q3, q4.
 * - `CropOnMarkers` → the marker image in the four quarters (the match centres span the page);
 *   `CropPage` → the paper's edges; neither → the image is the page. Other pre-processors (blur,
 *   levels) are not needed: the reader measures against the page's own levels.
 * - Fields named q<N> are question N (a choice row for MCQ types); every other field is read and
 *   reported but graded by nothing.
 */
const pair = z.tuple([z.number().positive(), z.number().positive()]);
const block = z.object({
  fieldType: z.string().optional(),
  bubbleValues: z.array(z.string()).optional(),
  direction: z.enum(['horizontal', 'vertical']).optional(),
  fieldLabels: z.array(z.string()).min(1),
  origin: z.tuple([z.number(), z.number()]),
  bubblesGap: z.number(),
  labelsGap: z.number(),
  bubbleDimensions: pair.optional(),
});
export const omrCheckerTemplate = z.object({
  pageDimensions: pair,
  bubbleDimensions: pair,
  fieldBlocks: z.record(z.string(), block),
  preProcessors: z.array(z.object({ name: z.string(), options: z.record(z.string(), z.unknown()).optional() })).optional(),
  customLabels: z.record(z.string(), z.array(z.string())).optional(),
});
export type OmrCheckerTemplate = z.infer<typeof omrCheckerTemplate>;

const FIELD_TYPES: Record<string, { values: string[]; direction: 'horizontal' | 'vertical'; kind: OmrField['kind'] }> = {
  QTYPE_INT: { values: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], direction: 'vertical', kind: 'digit' },
  QTYPE_INT_FROM_1: { values: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'], direction: 'vertical', kind: 'digit' },
  QTYPE_MCQ4: { values: ['A', 'B', 'C', 'D'], direction: 'horizontal', kind: 'choice' },
  QTYPE_MCQ5: { values: ['A', 'B', 'C', 'D', 'E'], direction: 'horizontal', kind: 'choice' },
};

export class TemplateError extends Error {}

/** "q1..4" → q1 q2 q3 q4; "roll1..9" → roll1 … roll9; anything else stays as it is. */
export function expandLabels(labels: readonly string[]): string[] {
  return labels.flatMap((l) => {
    const m = /^(.*?)(\d+)\.\.(\d+)$/.exec(l);
    if (!m) return [l];
    const [, prefix, from, to] = m;
    const a = Number(from);
    const b = Number(to);
    if (b < a || b - a > 500) throw new TemplateError(`필드 이름 범위가 잘못되었습니다: ${l}`);
    return Array.from({ length: b - a + 1 }, (_, i) => `${prefix}${a + i}`);
  });
}

export function importOmrChecker(raw: unknown): { layout: OmrLayout; markerPath: string | null } {
  const parsed = omrCheckerTemplate.safeParse(raw);
  if (!parsed.success) throw new TemplateError(`template.json을 읽지 못했습니다: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const t = parsed.data;
  const pre = t.preProcessors ?? [];
  const markers = pre.find((p) => p.name === 'CropOnMarkers');
  const cropPage = pre.some((p) => p.name === 'CropPage');
  let anchor: OmrAnchor = { kind: 'none' };
  if (markers) anchor = { kind: 'markerImage', widthRatio: Number(markers.options?.sheetToMarkerWidthRatio ?? 17), alsoCropPage: cropPage };
  else if (cropPage) anchor = { kind: 'page' };

  const fields: OmrField[] = [];
  const seen = new Set<string>();
  for (const [name, b] of Object.entries(t.fieldBlocks)) {
    const type = b.fieldType ? FIELD_TYPES[b.fieldType] : undefined;
    if (b.fieldType && !type) throw new TemplateError(`지원하지 않는 fieldType입니다: ${b.fieldType} (${name})`);
    const values = b.bubbleValues ?? type?.values;
    if (!values?.length) throw new TemplateError(`${name}: bubbleValues나 fieldType이 필요합니다`);
    const direction = b.direction ?? type?.direction ?? 'horizontal';
    const [bw, bh] = b.bubbleDimensions ?? t.bubbleDimensions;
    const labels = expandLabels(b.fieldLabels);
    labels.forEach((label, li) => {
      if (seen.has(label)) throw new TemplateError(`필드 이름이 두 번 나옵니다: ${label}`);
      seen.add(label);
      const lead = direction === 'vertical' ? { x: b.origin[0] + li * b.labelsGap, y: b.origin[1] } : { x: b.origin[0], y: b.origin[1] + li * b.labelsGap };
      const bubbles = values.map((_, vi) => (direction === 'vertical' ? { x: lead.x + bw / 2, y: lead.y + vi * b.bubblesGap + bh / 2 } : { x: lead.x + vi * b.bubblesGap + bw / 2, y: lead.y + bh / 2 }));
      const q = /^q(\d+)$/i.exec(label);
      const kind = type?.kind ?? 'other';
      fields.push({
        id: label,
        kind,
        role: q && kind === 'choice' ? { type: 'question', no: Number(q[1]) } : { type: 'other' },
        values: [...values],
        bubbles,
      });
    });
  }
  const [bw, bh] = t.bubbleDimensions;
  const layout: OmrLayout = { version: 1, unit: 'px', page: { width: t.pageDimensions[0], height: t.pageDimensions[1] }, anchor, bubble: { width: bw, height: bh, shape: 'ellipse' }, fields, qr: null };
  return { layout, markerPath: markers ? String(markers.options?.relativePath ?? 'omr_marker.jpg') : null };
}
