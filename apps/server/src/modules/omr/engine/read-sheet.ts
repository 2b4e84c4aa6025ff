import type { OmrField, OmrLayout } from '@academy/contracts/omr';
import jsQR from 'jsqr';
import { decideField, type FieldDecision, type PageLevels, pageLevels } from './decide.ts';
import { apply, homography, scaled, warp } from './homography.ts';
import { type Darkness, darkness, type Gray, sample, scratch } from './image.ts';
import { locatePage } from './locate.ts';

/** The straightened page's long side in pixels (about 4 px per mm on A4: 18 px across a bubble). */
export const STRAIGHT_LONG_SIDE = 1200;

export type FieldRead = FieldDecision & { id: string; dx: number; dy: number };

export type PageRead =
  | {
      ok: true;
      /** The page straightened: upright, perspective removed, `scale` pixels per layout unit. */
      straightened: Gray;
      scale: number;
      fields: FieldRead[];
      levels: PageLevels;
      /** The text of the QR code, when the layout has one and it could be read. */
      qr: string | null;
      rotation: number;
    }
  | { ok: false; reason: string };

type Offsets = { inner: Int32Array; ring: Int32Array; outer: Int32Array };

/**
 * How clearly the printed bubble outlines stand out where the layout puts them (median over the
 * fields, darkness units). A wrong page, a wrong layout or a background mistaken for markers has
 * none; our printed outlines read about 0.1–0.3.
 */
const MIN_OUTLINE_CONTRAST = 0.07;
/** Even the faintest tenth of the fields must show their outlines: a page read half off its grid is not read. */
const MIN_OUTLINE_CONTRAST_LOW = 0.035;

/** Mean darkness of the QR box below which nothing is printed there (a printed code is about 0.4). */
const QR_MIN_DARKNESS = 0.05;

/** Reads one page image against a layout. Pure: the same image always reads the same. */
export function readPage(img: Gray, layout: OmrLayout, opts: { markerImage?: Gray } = {}): PageRead {
  let failure: PageRead = { ok: false, reason: '답안지를 찾지 못했습니다' };
  for (const loc of locatePage(img, layout, opts.markerImage)) {
    if (!loc.ok) {
      if (failure.ok === false && failure.reason === '답안지를 찾지 못했습니다') failure = loc;
      continue;
    }
    if (layout.anchor.kind === 'squares' && !outlinesVisible(img, layout, loc.toImage)) {
      failure = { ok: false, reason: '답안지의 칸이 있어야 할 곳에 없습니다 (다른 답안지이거나 사진이 너무 흐립니다)' };
      continue;
    }
    const read = readLocated(img, layout, loc.toImage, loc.rotation);
    if (read.ok) return read;
    failure = read;
  }
  return failure;
}

function readLocated(img: Gray, layout: OmrLayout, toImage: Float64Array, rotation: number): PageRead {
  const scale = STRAIGHT_LONG_SIDE / Math.max(layout.page.width, layout.page.height);
  const width = Math.round(layout.page.width * scale);
  const height = Math.round(layout.page.height * scale);
  const straightened = warp(img, scaled(toImage, scale), width, height);
  const bw = layout.bubble.width * scale;
  const bh = layout.bubble.height * scale;
  const dark = darkness(straightened, Math.max(10, Math.round(Math.max(bw, bh) * 1.2)), scratch('read.dark', Float32Array, width * height));

  const pattern = offsets({ bw, bh, shape: layout.bubble.shape, stride: width });
  const search = Math.max(2, Math.round(Math.min(bw, bh) * 0.45));
  const measured = layout.fields.map((f) => measureField({ dark, field: f, scale, pattern, search }));
  const contrasts = measured.map((m) => m.contrast).sort((a, b) => a - b);
  const outline = contrasts[Math.floor(contrasts.length / 2)] ?? 0;
  // Our own sheets are checked strictly; a foreign card's bubbles may be boxes or letters, not outlines.
  const own = layout.anchor.kind === 'squares';
  if (own && (outline < MIN_OUTLINE_CONTRAST || (contrasts[Math.floor(contrasts.length * 0.1)] ?? 0) < MIN_OUTLINE_CONTRAST_LOW || !markersInPlace(dark, layout, scale))) return { ok: false, reason: '답안지의 칸이 있어야 할 곳에 없습니다 (다른 답안지이거나 사진이 너무 흐립니다)' };
  const all = measured.flatMap((m) => m.darkness);
  const levels = pageLevels(all, inkLevel(dark, layout, scale, all));
  const fields: FieldRead[] = layout.fields.map((f, i) => ({
    id: f.id,
    dx: measured[i]!.dx,
    dy: measured[i]!.dy,
    ...decideField({ values: f.values, darkness: measured[i]!.darkness, levels, kind: f.kind }),
  }));
  const qr = layout.qr && qrPrinted(dark, layout.qr, scale) ? readQr(img, toImage, layout.qr, layout.unit) : null;
  return { ok: true, straightened, scale, fields, levels, qr, rotation };
}

/**
 * A quick look before straightening: are bubble outlines where this guess of the page puts them?
 * A dozen fields are probed straight in the image (a small search absorbs lens distortion), so a
 * wrong guess costs a millisecond, not a whole reading.
 */
function outlinesVisible(img: Gray, layout: OmrLayout, toImage: Float64Array): boolean {
  const step = Math.max(1, Math.floor(layout.fields.length / 14));
  const probe = layout.fields.filter((_, i) => i % step === 0).slice(0, 14);
  const { width: bw, height: bh } = layout.bubble;
  const unit = Math.min(bw, bh);
  const ring = Array.from({ length: 16 }, (_, i) => ({ c: Math.cos((i / 16) * Math.PI * 2), s: Math.sin((i / 16) * Math.PI * 2) }));
  const h = toImage;
  // The image at a page point (as `apply` then `sample`, without an object per point).
  const at = (x: number, y: number) => {
    const w = h[6]! * x + h[7]! * y + h[8]!;
    return sample(img, (h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w, 255);
  };
  const contrasts: number[] = [];
  for (const f of probe) {
    let best = -Infinity;
    for (let oy = -0.3; oy <= 0.31; oy += 0.15) for (let ox = -0.3; ox <= 0.31; ox += 0.15) {
      let edge = 0;
      let outside = 0;
      for (const b of f.bubbles) {
        for (const r of ring) {
          edge += at(b.x + ox * unit + (r.c * bw) / 2, b.y + oy * unit + (r.s * bh) / 2);
          outside += at(b.x + ox * unit + (r.c * bw * 1.32) / 2, b.y + oy * unit + (r.s * bh * 1.32) / 2);
        }
      }
      const c = (outside - edge) / Math.max(1, outside);
      if (c > best) best = c;
    }
    contrasts.push(best);
  }
  contrasts.sort((a, b) => a - b);
  return (contrasts[Math.floor(contrasts.length / 2)] ?? 0) > 0.12;
}

/** Pixel offsets (in the straightened page) of a bubble's inside, its printed outline and the paper just outside it. */
function offsets(o: { bw: number; bh: number; shape: 'ellipse' | 'rect'; stride: number }): Offsets {
  const inner: number[] = [];
  const rx = o.bw * 0.36;
  const ry = o.bh * 0.36;
  for (let y = -Math.ceil(ry); y <= Math.ceil(ry); y++) {
    for (let x = -Math.ceil(rx); x <= Math.ceil(rx); x++) {
      const inside = o.shape === 'ellipse' ? (x / rx) ** 2 + (y / ry) ** 2 <= 1 : Math.abs(x) <= rx && Math.abs(y) <= ry;
      if (inside) inner.push(y * o.stride + x);
    }
  }
  const around = (k: number) => {
    const pts = new Set<number>();
    for (let i = 0; i < 28; i++) {
      const t = (i / 28) * Math.PI * 2;
      let x = Math.cos(t);
      let y = Math.sin(t);
      if (o.shape === 'rect') {
        const m = Math.max(Math.abs(x), Math.abs(y));
        x /= m;
        y /= m;
      }
      pts.add(Math.round((y * o.bh * k) / 2) * o.stride + Math.round((x * o.bw * k) / 2));
    }
    return Int32Array.from(pts);
  };
  return { inner: Int32Array.from(inner), ring: around(1), outer: around(1.32) };
}

const mean = (d: Float32Array, base: number, offs: Int32Array) => {
  let s = 0;
  for (let i = 0; i < offs.length; i++) s += d[base + offs[i]!] ?? 0;
  return s / offs.length;
};

/**
 * Finds where the field's printed bubbles really are (the homography is exact at the markers;
 * paper curl and lens distortion move the middle a little) by the offset at which the outlines are
 * darkest against the paper just outside them, then measures each bubble's inside there.
 */
function measureField(o: { dark: Darkness; field: OmrField; scale: number; pattern: Offsets; search: number }): { darkness: number[]; dx: number; dy: number; contrast: number } {
  const { dark, field, scale, pattern, search } = o;
  const w = dark.width;
  const margin = search + Math.ceil(Math.sqrt(pattern.outer.length)) + 40;
  const centers = field.bubbles.map((b) => ({ x: Math.round(b.x * scale), y: Math.round(b.y * scale) }));
  const inside = centers.every((c) => c.x > margin && c.y > margin && c.x < w - margin && c.y < dark.height - margin);
  let best = { score: -Infinity, dx: 0, dy: 0 };
  if (inside) {
    const score = (dx: number, dy: number) => {
      let s = 0;
      for (const c of centers) {
        const base = (c.y + dy) * w + c.x + dx;
        s += mean(dark.data, base, pattern.ring) - mean(dark.data, base, pattern.outer);
      }
      return s;
    };
    for (let dy = -search; dy <= search; dy += 2) for (let dx = -search; dx <= search; dx += 2) {
      const s = score(dx, dy);
      if (s > best.score) best = { score: s, dx, dy };
    }
    const coarse = best;
    for (let dy = coarse.dy - 1; dy <= coarse.dy + 1; dy++) for (let dx = coarse.dx - 1; dx <= coarse.dx + 1; dx++) {
      if (Math.abs(dx) > search || Math.abs(dy) > search) continue;
      const s = score(dx, dy);
      if (s > best.score) best = { score: s, dx, dy };
    }
  } else {
    best = { score: 0, dx: 0, dy: 0 };
  }
  const values = centers.map((c) => {
    const x = c.x + best.dx;
    const y = c.y + best.dy;
    if (x < 2 || y < 2 || x >= w - 2 || y >= dark.height - 2) return 0;
    return mean(dark.data, y * w + x, pattern.inner);
  });
  return { darkness: values, dx: best.dx, dy: best.dy, contrast: best.score / centers.length };
}

/**
 * Our corner markers, seen in the straightened page: dark inside and light just outside, each one
 * where the layout puts it. A quadrilateral built from a wrong blob (a box, a filled bubble) fails.
 */
function markersInPlace(dark: Darkness, layout: OmrLayout, scale: number): boolean {
  if (layout.anchor.kind !== 'squares') return true;
  const half = (layout.anchor.size * scale) / 2;
  const at = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi < 0 || yi < 0 || xi >= dark.width || yi >= dark.height ? 0 : dark.data[yi * dark.width + xi]!;
  };
  for (const c of layout.anchor.centers) {
    const cx = c.x * scale;
    const cy = c.y * scale;
    let inside = 0;
    let outside = 0;
    for (const [ux, uy] of [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, -1], [1, 0], [0, 1], [-1, 0]] as const) {
      inside += at(cx + ux * half * 0.55, cy + uy * half * 0.55);
      outside += at(cx + ux * half * 1.5, cy + uy * half * 1.5);
    }
      if (inside / 8 < 0.45 || outside / 8 > 0.2) return false;
  }
  return true;
}

/** Printed black on this page: the inside of the corner markers, or for foreign sheets the darkest bubbles. */
function inkLevel(dark: Darkness, layout: OmrLayout, scale: number, bubbleDarkness: number[]): number {
  if (layout.anchor.kind === 'squares') {
    const values: number[] = [];
    const r = Math.max(1, Math.round((layout.anchor.size * scale) / 2 * 0.55));
    for (const c of layout.anchor.centers) {
      let s = 0;
      let n = 0;
      const cx = Math.round(c.x * scale);
      const cy = Math.round(c.y * scale);
      for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) {
        if (x < 0 || y < 0 || x >= dark.width || y >= dark.height) continue;
        s += dark.data[y * dark.width + x]!;
        n++;
      }
      if (n) values.push(s / n);
    }
    values.sort((a, b) => a - b);
    return (values[1]! + values[2]!) / 2;
  }
  const sorted = [...bubbleDarkness].sort((a, b) => a - b);
  return Math.max(0.45, sorted[Math.floor(sorted.length * 0.99)] ?? 0.45);
}

/**
 * Whether anything is printed where the QR code goes: a printed code is about half black, the
 * blank sheet's box is paper. A blank box is not searched for a code.
 */
function qrPrinted(dark: Darkness, box: { x: number; y: number; size: number }, scale: number): boolean {
  const x0 = Math.max(0, Math.round(box.x * scale));
  const y0 = Math.max(0, Math.round(box.y * scale));
  const x1 = Math.min(dark.width, Math.round((box.x + box.size) * scale));
  const y1 = Math.min(dark.height, Math.round((box.y + box.size) * scale));
  let s = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
    s += dark.data[y * dark.width + x]!;
    n++;
  }
  return n > 0 && s / n > QR_MIN_DARKNESS;
}

/** The QR code re-sampled straight from the source image at ~8 px per mm, then decoded. */
function readQr(img: Gray, toImage: Float64Array, box: { x: number; y: number; size: number }, unit: 'mm' | 'px'): string | null {
  const pxPerUnit = unit === 'mm' ? 8 : 1;
  for (const pad of [0.12, 0.3]) {
    const x0 = box.x - box.size * pad;
    const y0 = box.y - box.size * pad;
    const side = box.size * (1 + 2 * pad);
    const n = Math.round(side * pxPerUnit);
    const h = homography(
      [{ x: 0, y: 0 }, { x: n, y: 0 }, { x: n, y: n }, { x: 0, y: n }],
      [apply(toImage, { x: x0, y: y0 }), apply(toImage, { x: x0 + side, y: y0 }), apply(toImage, { x: x0 + side, y: y0 + side }), apply(toImage, { x: x0, y: y0 + side })],
    );
    const view = warp(img, h, n, n);
    const rgba = new Uint8ClampedArray(n * n * 4);
    for (let i = 0; i < n * n; i++) {
      const v = view.data[i]!;
      rgba[i * 4] = v;
      rgba[i * 4 + 1] = v;
      rgba[i * 4 + 2] = v;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, n, n, { inversionAttempts: 'dontInvert' });
    if (code?.data) return code.data;
  }
  return null;
}
