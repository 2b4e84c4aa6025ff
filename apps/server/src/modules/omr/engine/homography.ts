import type { Gray } from './image.ts';

/** A plane-to-plane projective map (row-major 3×3, h[8] = 1). */
export type Homography = Float64Array;
type P = { x: number; y: number };

/** The homography taking each `from[i]` to `to[i]` (four pairs exactly, or more by least squares). */
export function homography(from: readonly P[], to: readonly P[]): Homography {
  const n = from.length;
  // Normal equations of the DLT with h[8] = 1: 8 unknowns.
  const ata = Array.from({ length: 8 }, () => new Float64Array(8));
  const atb = new Float64Array(8);
  for (let i = 0; i < n; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    const rows: [number[], number][] = [
      [[x, y, 1, 0, 0, 0, -u * x, -u * y], u],
      [[0, 0, 0, x, y, 1, -v * x, -v * y], v],
    ];
    for (const [r, b] of rows) {
      for (let a = 0; a < 8; a++) {
        atb[a]! += r[a]! * b;
        for (let c = 0; c < 8; c++) ata[a]![c]! += r[a]! * r[c]!;
      }
    }
  }
  const h = solve(ata, atb);
  return Float64Array.from([...h, 1]);
}

function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row, i) => Float64Array.from([...row, b[i]!]));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) throw new Error('degenerate homography');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return Float64Array.from(m.map((row, i) => row[n]! / row[i]!));
}

export function apply(h: Homography, p: P): P {
  const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
  return { x: (h[0]! * p.x + h[1]! * p.y + h[2]!) / w, y: (h[3]! * p.x + h[4]! * p.y + h[5]!) / w };
}

/** `h` followed by a scale: from page units to page pixels at `scale` px per unit, inverted direction-agnostic. */
export function scaled(h: Homography, scale: number): Homography {
  const s = 1 / scale;
  return Float64Array.from([h[0]! * s, h[1]! * s, h[2]!, h[3]! * s, h[4]! * s, h[5]!, h[6]! * s, h[7]! * s, h[8]!]);
}

/**
 * Resamples the source through `h` (output pixel → source pixel) into a `width` × `height` image.
 * Outside the source reads as white paper.
 */
export function warp(src: Gray, h: Homography, width: number, height: number): Gray {
  const out = new Uint8Array(width * height);
  const a = h[0]!;
  const b = h[1]!;
  const c = h[2]!;
  const d = h[3]!;
  const e = h[4]!;
  const f = h[5]!;
  const g = h[6]!;
  const k = h[7]!;
  const l = h[8]!;
  const sw = src.width;
  const sh = src.height;
  const px = src.data;
  // `sample` (bilinear, white outside) written out: this loop runs for every pixel of every page.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const w = g * x + k * y + l;
      const sx = (a * x + b * y + c) / w;
      const sy = (d * x + e * y + f) / w;
      if (!(sx >= 0 && sy >= 0 && sx < sw - 1 && sy < sh - 1)) {
        out[row + x] = 255;
        continue;
      }
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * sw + x0;
      const top = px[i]! + (px[i + 1]! - px[i]!) * fx;
      const bottom = px[i + sw]! + (px[i + sw + 1]! - px[i + sw]!) * fx;
      out[row + x] = top + (bottom - top) * fy;
    }
  }
  return { width, height, data: out };
}
