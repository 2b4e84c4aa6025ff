import type { OmrField } from '@academy/contracts/omr';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { encodeJpeg, renderPdfPages } from './decode.ts';
import { apply, homography, type Homography } from './homography.ts';
import { type Gray, sample } from './image.ts';
import { A4, type ExamLayout } from './layout.ts';
import { renderSheetsPdf, type SheetHeading, type SheetPage } from './sheet-pdf.ts';

/**
 * Realistic filled sheets made from our own printed PDF, for the accuracy tests and the bench
 * (never for production). The sheet is rendered by pdf.js at 200 dpi, students' marks are drawn
 * on it (pen or pencil of varying darkness, light marks, partial fills, erasures, stray marks),
 * then it goes through a scanner (200 dpi, skew up to 1.2°, shift up to 2 mm, noise, grey paper, sometimes upside down)
 * or a phone camera (perspective up to 20°, any rotation, a background around the page, uneven
 * light and shadow, blur, JPEG quality 60). Every sheet comes with the truth it was made from.
 */
export type SheetTruth = {
  /** Per field id, the values the student meant to mark (erasures and stray marks are not marks). */
  fields: Record<string, string[]>;
  userId: number | null;
  candidateNumber: string | null;
  prefilled: boolean;
  blank: boolean;
  /** What was drawn, for looking into a miss. */
  events: string[];
};
export type GeneratedSheet = { truth: SheetTruth; image: Uint8Array };
export type Student = { userId: number; name: string; candidateNumber: string };
/** A sheet made for a given student (never blank), pre-filled with a QR or marked with the 수험번호. */
type Pin = { student?: Student; prefilled?: boolean };

const DPI = 200;
const PX_PER_MM = DPI / 25.4;

export function rng(seed: number) {
  let a = Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T,>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
    gauss: () => {
      const u = Math.max(1e-9, next());
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
  };
}
type Rng = ReturnType<typeof rng>;

export async function createSheetGenerator(opts: { layout: ExamLayout; heading: SheetHeading; students: Student[]; prefilledShare?: number }) {
  const { layout, heading, students } = opts;
  const pages: SheetPage[] = [{ kind: 'blank' }, ...students.map((s) => ({ kind: 'student' as const, ...s }))];
  const pdf = await renderSheetsPdf({ layout, heading, pages });
  const rasters = await renderPdfPages(pdf, { dpi: DPI });
  const prefilledShare = opts.prefilledShare ?? 0.5;

  /** The printed sheet with one student's marks on it, at 200 dpi, and what they meant. */
  function filled(r: Rng, pin: Pin = {}): { img: Gray; truth: SheetTruth } {
    const prefilled = pin.prefilled ?? (students.length > 0 && r.chance(prefilledShare));
    const student = pin.student ?? (students.length ? r.pick(students) : null);
    const base = rasters[prefilled ? 1 + students.indexOf(student!) : 0]!;
    const img: Gray = { width: base.width, height: base.height, data: new Uint8Array(base.data) };
    const truth: SheetTruth = { fields: {}, userId: student?.userId ?? null, candidateNumber: prefilled ? null : (student?.candidateNumber ?? null), prefilled, blank: false, events: [] };
    const blank = r.chance(0.01) && !pin.student;
    truth.blank = blank;
    const pen = r.chance(0.35);
    const sheetInk = pen ? r.between(0.82, 0.95) : r.between(0.6, 0.85);
    const grain = makeGrain(r, img.width, img.height);
    const bw = layout.layout.bubble.width;
    const bh = layout.layout.bubble.height;

    const markBubble = (f: OmrField, i: number, kind: 'mark' | 'light' | 'partial' | 'erased') => {
      const b = f.bubbles[i]!;
      const jitter = () => r.between(-0.3, 0.3);
      const cx = b.x + jitter();
      const cy = b.y + jitter();
      if (kind === 'erased') {
        drawEllipse(img, { cx, cy, rx: (bw / 2) * r.between(0.9, 1.25), ry: (bh / 2) * r.between(0.9, 1.25), a: r.between(0.05, 0.2), grain, blotch: 0.6 });
        return;
      }
      const a = kind === 'light' ? r.between(0.32, 0.48) : Math.min(0.97, sheetInk + (pen ? r.between(-0.03, 0.03) : r.between(-0.08, 0.08)));
      if (kind === 'partial') {
        if (r.chance(0.5)) drawEllipse(img, { cx, cy, rx: (bw / 2) * r.between(0.6, 0.78), ry: (bh / 2) * r.between(0.6, 0.78), a, grain: pen ? null : grain, blotch: 0 });
        else drawEllipse(img, { cx, cy, rx: (bw / 2) * 0.95, ry: (bh / 2) * 0.95, a, grain: pen ? null : grain, blotch: 0, cut: r.between(0.25, 0.45) * (r.chance(0.5) ? 1 : -1) });
        return;
      }
      drawEllipse(img, { cx, cy, rx: (bw / 2) * r.between(0.85, 1.15), ry: (bh / 2) * r.between(0.85, 1.2), a, grain: pen ? null : grain, blotch: 0 });
    };

    const questionFields = new Map<number, OmrField[]>();
    for (const f of layout.layout.fields) {
      if (f.role.type === 'question' && f.kind === 'digit') {
        const list = questionFields.get(f.role.no) ?? [];
        list.push(f);
        questionFields.set(f.role.no, list);
      }
    }

    for (const f of layout.layout.fields) {
      truth.fields[f.id] = [];
      if (blank) continue;
      if (f.role.type === 'id') {
        if (prefilled || !student) continue;
        const digit = student.candidateNumber[f.role.index]!;
        truth.fields[f.id] = [digit];
        markBubble(f, f.values.indexOf(digit), r.chance(0.02) && !pen ? 'light' : 'mark');
        continue;
      }
      if (f.kind !== 'choice') continue;
      if (r.chance(0.04)) continue;
      const first = r.int(0, 4);
      const chosen = [first];
      if (r.chance(0.015)) chosen.push((first + r.int(1, 4)) % 5);
      for (const i of chosen) {
        const kind = !pen && r.chance(0.06) ? 'light' : r.chance(0.04) ? 'partial' : 'mark';
        if (kind !== 'mark') truth.events.push(`${f.id}:${kind}`);
        markBubble(f, i, kind);
      }
      truth.fields[f.id] = chosen.sort().map((i) => f.values[i]!);
      if (!pen && chosen.length === 1 && r.chance(0.03)) {
        const other = (first + r.int(1, 4)) % 5;
        markBubble(f, other, 'erased');
        truth.events.push(`${f.id}:erased`);
      }
      if (r.chance(0.02)) {
        stray(img, r, f, bw, bh);
        truth.events.push(`${f.id}:stray`);
      }
    }
    if (!blank) {
      for (const [no, digits] of questionFields) {
        if (r.chance(0.05)) continue;
        const value = String(r.int(0, 999));
        const left = r.chance(0.3);
        const start = left ? 0 : digits.length - value.length;
        for (let k = 0; k < value.length; k++) {
          const f = digits[start + k]!;
          truth.fields[f.id] = [value[k]!];
          markBubble(f, f.values.indexOf(value[k]!), !pen && r.chance(0.04) ? 'light' : 'mark');
        }
        truth.events.push(`q${no}=${value}${left ? ' (left)' : ''}`);
      }
    }
    return { img, truth };
  }

  return {
    pdf,
    /** A sheet as a 200 dpi scanner delivers it (JPEG bytes, as inside a scanned PDF). */
    async scanned(seed: number, pin?: Pin): Promise<GeneratedSheet> {
      const r = rng(seed);
      const { img, truth } = filled(r, pin);
      const out = scan(img, r);
      return { truth, image: await encodeJpeg(out, r.int(70, 90)) };
    },
    /** A phone photo of a sheet: the page somewhere in the frame, tilted, turned, in uneven light. */
    async photographed(seed: number, pin?: Pin): Promise<GeneratedSheet> {
      const r = rng(seed);
      const { img, truth } = filled(r, pin);
      const frame = await photo(img, r);
      return { truth, image: frame };
    },
  };
}

/** Packs JPEG pages into one PDF the way a scanner does (one picture per A4 page). */
export async function scannerPdf(pages: Uint8Array[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pt = 72 / 25.4;
  for (const jpeg of pages) {
    const img = await doc.embedJpg(jpeg);
    const page = doc.addPage([A4.width * pt, A4.height * pt]);
    page.drawImage(img, { x: 0, y: 0, width: A4.width * pt, height: A4.height * pt });
  }
  return doc.save();
}

type GrainField = { w: number; cell: number; values: Float32Array };

/** Pencil grain: a coarse random field (0.25 mm cells) the pencil's darkness is modulated by. */
function makeGrain(r: Rng, width: number, height: number): GrainField {
  const cell = 2;
  const w = Math.ceil(width / cell);
  const values = new Float32Array(w * Math.ceil(height / cell));
  for (let i = 0; i < values.length; i++) values[i] = r.next();
  return { w, cell, values };
}

function drawEllipse(img: Gray, o: { cx: number; cy: number; rx: number; ry: number; a: number; grain: GrainField | null; blotch: number; cut?: number }) {
  const cx = o.cx * PX_PER_MM;
  const cy = o.cy * PX_PER_MM;
  const rx = o.rx * PX_PER_MM;
  const ry = o.ry * PX_PER_MM;
  for (let y = Math.floor(cy - ry - 1); y <= Math.ceil(cy + ry + 1); y++) {
    for (let x = Math.floor(cx - rx - 1); x <= Math.ceil(cx + rx + 1); x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const nx = (x - cx) / rx;
      const ny = (y - cy) / ry;
      const d = Math.sqrt(nx * nx + ny * ny);
      if (d > 1.05) continue;
      if (o.cut !== undefined && (o.cut > 0 ? nx > 1 - 2 * o.cut : nx < -1 - 2 * o.cut)) continue;
      const edge = Math.min(1, Math.max(0, (1.05 - d) / 0.1));
      let a = o.a * edge;
      if (o.grain) {
        const g = o.grain.values[Math.floor(y / o.grain.cell) * o.grain.w + Math.floor(x / o.grain.cell)]!;
        a *= 1 - 0.3 * g;
      }
      if (o.blotch) {
        const g = o.grain ? o.grain.values[(Math.floor(y / 6) * 997 + Math.floor(x / 6) * 31) % o.grain.values.length]! : 0.5;
        a *= 1 - o.blotch * g;
      }
      const i = y * img.width + x;
      img.data[i] = Math.round(img.data[i]! * (1 - a));
    }
  }
}

/** A stray pencil stroke or dot near the row: a student's slip, not an answer. */
function stray(img: Gray, r: Rng, f: OmrField, bw: number, bh: number) {
  const i = r.int(0, f.bubbles.length - 2);
  const a = f.bubbles[i]!;
  const b = f.bubbles[i + 1]!;
  const mx = (a.x + b.x) / 2 + r.between(-0.3, 0.3);
  const my = (a.y + b.y) / 2 + r.between(-bh / 2, bh / 2);
  if (r.chance(0.5)) {
    drawEllipse(img, { cx: mx, cy: my, rx: 0.45, ry: 0.45, a: r.between(0.5, 0.8), grain: null, blotch: 0 });
    return;
  }
  const angle = r.between(0, Math.PI);
  const len = r.between(1.5, Math.min(3.5, bw));
  for (let t = -len / 2; t <= len / 2; t += 0.08) {
    drawEllipse(img, { cx: mx + Math.cos(angle) * t, cy: my + Math.sin(angle) * t, rx: 0.22, ry: 0.22, a: 0.55, grain: null, blotch: 0 });
  }
}

/** Through a sheet-fed scanner: grey paper and ink levels, slight skew and shift, noise; now and then upside down. */
function scan(img: Gray, r: Rng): Gray {
  const angle = (r.between(-1.2, 1.2) * Math.PI) / 180 + (r.chance(0.05) ? Math.PI : 0);
  const scale = r.between(0.99, 1.01);
  const tx = r.between(-2, 2) * PX_PER_MM;
  const ty = r.between(-2, 2) * PX_PER_MM;
  const cx = img.width / 2;
  const cy = img.height / 2;
  const cos = Math.cos(angle) / scale;
  const sin = Math.sin(angle) / scale;
  const paper = r.between(222, 250);
  const black = r.between(15, 45);
  const noise = r.between(2, 6);
  const out = new Uint8Array(img.width * img.height);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const dx = x - cx - tx;
      const dy = y - cy - ty;
      const v = sample(img, cx + cos * dx + sin * dy, cy - sin * dx + cos * dy, 255);
      const level = black + ((paper - black) * v) / 255 + noise * r.gauss();
      out[y * img.width + x] = level < 0 ? 0 : level > 255 ? 255 : level;
    }
  }
  return { width: img.width, height: img.height, data: out };
}

/**
 * Through a phone camera: the page placed in a 2250 × 3000 frame at any rotation, tilted up to
 * 20° under a pinhole camera, on a background; light falling off across the page and a shadow;
 * lens blur, sensor noise, JPEG quality 60.
 */
async function photo(img: Gray, r: Rng): Promise<Uint8Array> {
  const landscape = r.chance(0.3);
  const W = landscape ? 3000 : 2250;
  const H = landscape ? 2250 : 3000;
  let toPage: Homography | null = null;
  for (let attempt = 0; attempt < 40 && !toPage; attempt++) {
    const corners = projectPage(r, W, H);
    if (corners.every((c) => c.x > 10 && c.y > 10 && c.x < W - 10 && c.y < H - 10)) {
      toPage = homography(corners, [{ x: 0, y: 0 }, { x: img.width, y: 0 }, { x: img.width, y: img.height }, { x: 0, y: img.height }]);
    }
  }
  if (!toPage) throw new Error('could not place the page in the frame');
  const bgBase = r.between(20, 170);
  const bgTexture = r.between(5, 25);
  const lightAngle = r.between(0, Math.PI * 2);
  const lightLow = r.between(0.55, 0.9);
  const shadow = r.chance(0.5) ? { nx: Math.cos(r.between(0, Math.PI * 2)), ny: 0, off: 0, depth: r.between(0.5, 0.8), soft: r.between(15, 60) } : null;
  if (shadow) {
    const t = Math.acos(shadow.nx) * (r.chance(0.5) ? 1 : -1);
    shadow.ny = Math.sin(t);
    shadow.off = r.between(-0.3, 0.3) * Math.min(W, H);
  }
  const noise = r.between(2, 5);
  const lx = Math.cos(lightAngle);
  const ly = Math.sin(lightAngle);
  const diag = Math.hypot(W, H) / 2;
  const data = new Uint8Array(W * H);
  const bgCell = 40;
  const bgW = Math.ceil(W / bgCell) + 1;
  const bg = Float32Array.from({ length: bgW * (Math.ceil(H / bgCell) + 1) }, () => r.gauss());
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = apply(toPage, { x, y });
      let v: number;
      if (p.x >= 0 && p.y >= 0 && p.x < img.width - 1 && p.y < img.height - 1) v = sample(img, p.x, p.y) * 0.96;
      else v = bgBase + bgTexture * bg[Math.floor(y / bgCell) * bgW + Math.floor(x / bgCell)]!;
      const along = ((x - W / 2) * lx + (y - H / 2) * ly) / diag;
      let light = lightLow + ((1 - lightLow) * (along + 1)) / 2;
      if (shadow) {
        const s = (x - W / 2) * shadow.nx + (y - H / 2) * shadow.ny - shadow.off;
        light *= 1 - (1 - shadow.depth) / (1 + Math.exp(-s / shadow.soft));
      }
      const out = v * light + noise * r.gauss();
      data[y * W + x] = out < 0 ? 0 : out > 255 ? 255 : out;
    }
  }
  const buf = await sharp(data, { raw: { width: W, height: H, channels: 1 } }).blur(r.between(0.5, 1.6)).jpeg({ quality: 60 }).toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** The page's corners in the frame: turned any angle, tilted up to 20° about a random axis, seen through a pinhole. */
function projectPage(r: Rng, W: number, H: number) {
  const long = Math.max(W, H) * r.between(0.5, 0.85);
  const pw = (long * A4.width) / A4.height;
  const ph = long;
  const spin = r.between(0, Math.PI * 2);
  const tilt = (r.between(0, 20) * Math.PI) / 180;
  const axis = r.between(0, Math.PI * 2);
  const f = Math.max(W, H) * r.between(0.9, 1.3);
  const ux = Math.cos(axis);
  const uy = Math.sin(axis);
  const c = Math.cos(tilt);
  const s = Math.sin(tilt);
  const cx = W / 2 + r.between(-0.08, 0.08) * W;
  const cy = H / 2 + r.between(-0.08, 0.08) * H;
  return [
    { x: -pw / 2, y: -ph / 2 },
    { x: pw / 2, y: -ph / 2 },
    { x: pw / 2, y: ph / 2 },
    { x: -pw / 2, y: ph / 2 },
  ].map((p) => {
    const x0 = p.x * Math.cos(spin) - p.y * Math.sin(spin);
    const y0 = p.x * Math.sin(spin) + p.y * Math.cos(spin);
    // Rodrigues rotation about the in-plane axis (ux, uy, 0).
    const dot = x0 * ux + y0 * uy;
    const x1 = x0 * c + ux * dot * (1 - c);
    const y1 = y0 * c + uy * dot * (1 - c);
    const z1 = (ux * y0 - uy * x0) * s;
    const depth = f + z1;
    return { x: cx + (x1 * f) / depth, y: cy + (y1 * f) / depth };
  });
}
