import type { OmrAnchor, OmrLayout } from '@academy/contracts/omr';
import { apply, homography, type Homography } from './homography.ts';
import { type Component, components, darkness, downsample, type Gray, otsu, scratch } from './image.ts';

type P = { x: number; y: number };

/** Where the page is in the photo or scan: the map from page units to image pixels, or why it was not found. */
export type Located = { ok: true; toImage: Homography; corners: P[]; rotation: number } | { ok: false; reason: string };

/** Detection runs on a copy whose long side is about this many pixels. */
const DETECT_SIDE = 800;

/**
 * Where the page of `layout` may be in `img`, best guess first: by our corner markers, the paper's
 * edges, or the whole image. The reader takes the first guess whose bubbles are where the layout
 * says (read-sheet.ts), so a background that happens to look like markers is never read. Guesses
 * are worked out as they are asked for: a page read at the first guess costs only that one.
 */
export function locatePage(img: Gray, layout: OmrLayout, markerImage?: Gray): Iterable<Located> {
  const a = layout.anchor;
  if (a.kind === 'squares') return locateSquares(img, layout, a);
  if (a.kind === 'page') return [locatePaper(img, layout.page)];
  if (a.kind === 'markerImage') return [locateByMarkerImage({ img, page: layout.page, anchor: a, marker: markerImage })];
  return [{ ok: true, toImage: pageToQuad(layout.page, imageCorners(img)), corners: imageCorners(img), rotation: 0 }];
}

const imageCorners = (img: Gray): P[] => [{ x: 0, y: 0 }, { x: img.width, y: 0 }, { x: img.width, y: img.height }, { x: 0, y: img.height }];
const pageCorners = (page: { width: number; height: number }): P[] => [{ x: 0, y: 0 }, { x: page.width, y: 0 }, { x: page.width, y: page.height }, { x: 0, y: page.height }];
export const pageToQuad = (page: { width: number; height: number }, quad: P[]) => homography(pageCorners(page), quad);

function detectionCopy(img: Gray): { det: Gray; factor: number } {
  const factor = Math.max(1, Math.round(Math.max(img.width, img.height) / DETECT_SIDE));
  return { det: downsample(img, factor, scratch('locate.det', Uint8Array, Math.floor(img.width / factor) * Math.floor(img.height / factor))), factor };
}
const toFull = (p: P, factor: number): P => ({ x: p.x * factor + (factor - 1) / 2, y: p.y * factor + (factor - 1) / 2 });

/** Solid, compact, roughly square blobs: what a printed corner marker looks like from any angle. */
function solidBlobs(comps: Component[], minArea: number, maxArea: number): Component[] {
  return comps.filter((c) => {
    if (c.area < minArea || c.area > maxArea) return false;
    const tr = c.sxx + c.syy;
    const det = c.sxx * c.syy - c.sxy * c.sxy;
    if (det <= 0) return false;
    const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
    const l1 = tr / 2 + disc;
    const l2 = tr / 2 - disc;
    if (l2 <= 0 || l1 / l2 > 3) return false;
    const compact = c.area / Math.sqrt(det);
    const boxFill = c.area / ((c.maxX - c.minX + 1) * (c.maxY - c.minY + 1));
    return compact > 9.5 && compact < 14.5 && boxFill > 0.42;
  });
}

/** Orders four points clockwise on screen (y down), starting from the first by angle. */
function clockwise(points: P[]): P[] {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  return [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
}

function quadArea(q: P[]): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) {
    const a = q[i]!;
    const b = q[(i + 1) % q.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

function isConvex4(p0: P, p1: P, p2: P, p3: P): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = i === 0 ? p0 : i === 1 ? p1 : i === 2 ? p2 : p3;
    const b = i === 0 ? p1 : i === 1 ? p2 : i === 2 ? p3 : p0;
    const c = i === 0 ? p2 : i === 1 ? p3 : i === 2 ? p0 : p1;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

const dist = (a: P, b: P) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Our sheets: four solid squares in the corners and a small square beside the top-left one. The
 * largest convex quadrilateral of similar solid blobs whose shape fits the page is the marker set;
 * the orientation square decides which corner is the top left (any rotation, upside down too).
 */
function* locateSquares(img: Gray, layout: OmrLayout, a: Extract<OmrAnchor, { kind: 'squares' }>): Generator<Located> {
  const { det, factor } = detectionCopy(img);
  const side = Math.max(det.width, det.height);
  const dark = darkness(det, Math.max(6, Math.round(side / 60)), scratch('locate.dark', Float32Array, det.data.length));
  const mask = scratch('locate.mask', Uint8Array, dark.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = dark.data[i]! > 0.42 ? 1 : 0;
  const pageLong = Math.max(layout.page.width, layout.page.height);
  // The page fills between a third and all of the frame; markers shrink with it and with tilt.
  const maxSide = (side * a.size) / pageLong * 1.5;
  const minSide = (side * a.size) / pageLong * 0.25;
  const blobs = solidBlobs(components(mask, det.width, det.height, Math.max(6, Math.floor(minSide * minSide * 0.6)), scratch('locate.labels', Int32Array, mask.length)), minSide * minSide * 0.6, maxSide * maxSide * 1.3)
    .map((c) => ({ c, core: coreDarkness(dark, c), paper: paperAround(dark, c) }))
    .filter((b) => b.core > 0.55 && b.paper !== null)
    // The most marker-like first: clean paper all around, printed black inside.
    .sort((x, y) => y.paper! + 0.3 * y.core - (x.paper! + 0.3 * x.core))
    .slice(0, 24)
    .map((b) => b.c);
  if (blobs.length < 4) {
    yield { ok: false, reason: '네 모서리의 표식을 찾지 못했습니다' };
    return;
  }

  const span = { w: dist(a.centers[0]!, a.centers[1]!), h: dist(a.centers[1]!, a.centers[2]!) };
  const expectedAspect = Math.max(span.w, span.h) / Math.min(span.w, span.h);
  const markerShare = (a.size * a.size) / (span.w * span.h);
  const quads = markerQuads({ blobs, dark, expectedAspect, markerShare });
  if (!quads.length) {
    yield { ok: false, reason: '네 모서리의 표식을 찾지 못했습니다' };
    return;
  }
  quads.sort((x, y) => y.area - x.area);

  // Found guesses go out in order as they are made; the ones that failed follow them.
  const failed: Located[] = [];
  for (const { quad: detQuad } of quads.slice(0, 12)) {
    const full = detQuad.map((p) => refineCentroid(img, toFull(p, factor), Math.sqrt(quadArea(detQuad) * markerShare) * factor));
    // Which corner is the top left: the orientation square is dark beside it and nowhere else.
    const o = a.orientation;
    let pick = { rotation: -1, value: -1, second: -1 };
    for (let r = 0; r < 4; r++) {
      const quad = [0, 1, 2, 3].map((i) => full[(i + r) % 4]!);
      const h = homography(a.centers, quad);
      const v = meanDarkAround(dark, apply(h, o), (o.size * 0.3 * Math.sqrt(quadArea(quad) / (span.w * span.h))) / factor, factor);
      if (v > pick.value) pick = { rotation: r, value: v, second: pick.value };
      else if (v > pick.second) pick.second = v;
    }
    if (pick.value < 0.25 || pick.value - pick.second < 0.15) {
      failed.push({ ok: false, reason: '답안지의 방향을 알 수 없습니다 (왼쪽 위 표식 옆의 작은 사각형이 보이지 않습니다)' });
      continue;
    }
    const corners = [0, 1, 2, 3].map((i) => full[(i + pick.rotation) % 4]!);
    yield { ok: true, toImage: homography(a.centers, corners), corners, rotation: pick.rotation };
  }
  yield* failed;
}

/**
 * Every convex quadrilateral of four similar blobs whose shape fits the page and whose edges run
 * over blank paper (a plain function, not part of the generator above: its numbers stay unboxed).
 */
function markerQuads(o: { blobs: Component[]; dark: { width: number; height: number; data: Float32Array }; expectedAspect: number; markerShare: number }): { quad: P[]; area: number }[] {
  const { blobs, dark, expectedAspect, markerShare } = o;
  const quads: { quad: P[]; area: number }[] = [];
  const n = blobs.length;
  const areaOf = blobs.map((b) => b.area);
  const centres = blobs.map((b) => ({ x: b.cx, y: b.cy }));
  // Thousands of combinations are tried on a sheet with many marks: each is put in clockwise order
  // (as `clockwise` does) in these, and becomes an array only when it is convex.
  const pick = [0, 0, 0, 0];
  const angle = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (let k = j + 1; k < n; k++) for (let l = k + 1; l < n; l++) {
    const a0 = areaOf[i]!;
    const a1 = areaOf[j]!;
    const a2 = areaOf[k]!;
    const a3 = areaOf[l]!;
    if (Math.max(a0, a1, a2, a3) > 4 * Math.min(a0, a1, a2, a3)) continue;
    const pi = centres[i]!;
    const pj = centres[j]!;
    const pk = centres[k]!;
    const pl = centres[l]!;
    const cx = (pi.x + pj.x + pk.x + pl.x) / 4;
    const cy = (pi.y + pj.y + pk.y + pl.y) / 4;
    pick[0] = i;
    pick[1] = j;
    pick[2] = k;
    pick[3] = l;
    for (let m = 0; m < 4; m++) angle[m] = Math.atan2(centres[pick[m]!]!.y - cy, centres[pick[m]!]!.x - cx);
    for (let m = 1; m < 4; m++) {
      const p = pick[m]!;
      const t = angle[m]!;
      let q = m - 1;
      for (; q >= 0 && angle[q]! > t; q--) {
        pick[q + 1] = pick[q]!;
        angle[q + 1] = angle[q]!;
      }
      pick[q + 1] = p;
      angle[q + 1] = t;
    }
    if (!isConvex4(centres[pick[0]!]!, centres[pick[1]!]!, centres[pick[2]!]!, centres[pick[3]!]!)) continue;
    const quad = [centres[pick[0]!]!, centres[pick[1]!]!, centres[pick[2]!]!, centres[pick[3]!]!];
    const area = quadArea(quad);
    const share = (a0 + a1 + a2 + a3) / 4 / area;
    if (share < markerShare * 0.3 || share > markerShare * 3) continue;
    const s0 = (dist(quad[0]!, quad[1]!) + dist(quad[2]!, quad[3]!)) / 2;
    const s1 = (dist(quad[1]!, quad[2]!) + dist(quad[3]!, quad[0]!)) / 2;
    const aspect = Math.max(s0, s1) / Math.min(s0, s1);
    if (aspect < expectedAspect / 1.45 || aspect > expectedAspect * 1.45) continue;
    if (!paperBetween(dark, quad)) continue;
    quads.push({ quad, area });
  }
  return quads;
}

/** Mean darkness of the 3 × 3 pixels at a blob's centre: printed black, not a shade. */
function coreDarkness(dark: { width: number; height: number; data: Float32Array }, c: Component): number {
  let s = 0;
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
    const x = Math.min(dark.width - 1, Math.max(0, Math.round(c.cx) + dx));
    const y = Math.min(dark.height - 1, Math.max(0, Math.round(c.cy) + dy));
    s += dark.data[y * dark.width + x]!;
  }
  return s / 9;
}

/** The lines between neighbouring markers run along the sheet's margins: mostly blank paper. */
function paperBetween(dark: { width: number; height: number; data: Float32Array }, quad: P[]): boolean {
  let darkCount = 0;
  let n = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    for (let t = 0.15; t <= 0.85; t += 0.035) {
      const x = Math.round(a.x + (b.x - a.x) * t);
      const y = Math.round(a.y + (b.y - a.y) * t);
      n++;
      if (dark.data[y * dark.width + x]! > 0.3) darkCount++;
    }
  }
  return darkCount <= n * 0.2;
}

/**
 * A corner marker sits on paper: the ring just around it is light all the way round, except where
 * the orientation square is. Dark squares of a background (a tiled floor, a keyboard) are not.
 * Returns the share of the ring that is clean paper, or null when it is not on paper at all.
 */
function paperAround(dark: { width: number; height: number; data: Float32Array }, c: Component): number | null {
  const side = Math.sqrt(c.area);
  const radius = side * 1.15;
  let darkCount = 0;
  let clear = 0;
  const values: number[] = [];
  for (let i = 0; i < 32; i++) {
    const t = (i / 32) * Math.PI * 2;
    const x = Math.round(c.cx + Math.cos(t) * radius);
    const y = Math.round(c.cy + Math.sin(t) * radius);
    // A scan cut close to the marker: the image's edge is the paper's edge.
    if (x < 0 || y < 0 || x >= dark.width || y >= dark.height) continue;
    const v = dark.data[y * dark.width + x]!;
    values.push(v);
    if (v > 0.3) darkCount++;
    if (v < 0.08) clear++;
  }
  if (values.length < 16) return null;
  values.sort((a, b) => a - b);
  return darkCount <= 5 && values[Math.floor(values.length / 2)]! < 0.12 ? clear / values.length : null;
}

/** Mean darkness of a small square around a full-resolution point, read from the detection copy. */
function meanDarkAround(dark: { width: number; height: number; data: Float32Array }, p: P, radius: number, factor: number): number {
  const cx = (p.x - (factor - 1) / 2) / factor;
  const cy = (p.y - (factor - 1) / 2) / factor;
  const r = Math.max(1, Math.round(radius));
  let s = 0;
  let n = 0;
  for (let y = Math.round(cy) - r; y <= Math.round(cy) + r; y++) {
    for (let x = Math.round(cx) - r; x <= Math.round(cx) + r; x++) {
      if (x < 0 || y < 0 || x >= dark.width || y >= dark.height) continue;
      s += dark.data[y * dark.width + x]!;
      n++;
    }
  }
  return n ? s / n : 0;
}

/** The centroid of the dark blob around `p` at full resolution, thresholded halfway between its ink and the paper around it. */
function refineCentroid(img: Gray, p: P, markerSide: number): P {
  const r = Math.max(3, Math.round(markerSide * 0.9));
  const x0 = Math.max(0, Math.round(p.x) - r);
  const y0 = Math.max(0, Math.round(p.y) - r);
  const x1 = Math.min(img.width - 1, Math.round(p.x) + r);
  const y1 = Math.min(img.height - 1, Math.round(p.y) + r);
  let lo = 255;
  let hi = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) {
    const v = img.data[y * img.width + x]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const t = (lo + hi) / 2;
  // Flood from the seed so neighbouring ink (a bubble, text) does not pull the centroid.
  const seedX = Math.round(p.x);
  const seedY = Math.round(p.y);
  if (img.data[seedY * img.width + seedX]! > t) return p;
  const w = x1 - x0 + 1;
  const seen = new Uint8Array(w * (y1 - y0 + 1));
  let stack = new Int32Array(1024);
  stack[0] = seedX;
  stack[1] = seedY;
  let top = 2;
  let sx = 0;
  let sy = 0;
  let n = 0;
  while (top > 0) {
    const y = stack[--top]!;
    const x = stack[--top]!;
    if (x < x0 || x > x1 || y < y0 || y > y1) continue;
    const k = (y - y0) * w + (x - x0);
    if (seen[k] || img.data[y * img.width + x]! > t) continue;
    seen[k] = 1;
    sx += x;
    sy += y;
    n++;
    if (top + 8 > stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top++] = x + 1;
    stack[top++] = y;
    stack[top++] = x - 1;
    stack[top++] = y;
    stack[top++] = x;
    stack[top++] = y + 1;
    stack[top++] = x;
    stack[top++] = y - 1;
  }
  return n > 4 ? { x: sx / n, y: sy / n } : p;
}

/**
 * A page without markers (OMRChecker's CropPage): the largest bright region is the paper; its four
 * corners are the corners of the largest quadrilateral inside its outline. The longer side is the
 * page's longer side; the page is assumed upright, as OMRChecker assumes.
 */
function locatePaper(img: Gray, page: { width: number; height: number }): Located {
  const quad = findPaperQuad(img);
  if (!quad) return { ok: false, reason: '종이의 가장자리를 찾지 못했습니다' };
  return { ok: true, toImage: pageToQuad(page, orderUpright(quad, page)), corners: quad, rotation: 0 };
}

export function findPaperQuad(img: Gray): P[] | null {
  const { det, factor } = detectionCopy(img);
  const t = otsu(det.data);
  const mask = new Uint8Array(det.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = det.data[i]! > t ? 1 : 0;
  const comps = components(mask, det.width, det.height, Math.floor(det.data.length * 0.05));
  if (!comps.length) return null;
  const paper = comps.sort((a, b) => b.area - a.area)[0]!;
  // Outline points of the region (its left and right ends per row, top and bottom per column).
  const pts: P[] = [];
  for (let y = paper.minY; y <= paper.maxY; y++) {
    let l = -1;
    let r = -1;
    for (let x = paper.minX; x <= paper.maxX; x++) if (mask[y * det.width + x]) { if (l < 0) l = x; r = x; }
    if (l >= 0) pts.push({ x: l, y }, { x: r, y });
  }
  const hull = convexHull(pts);
  if (hull.length < 4) return null;
  const simple = hull.length > 60 ? hull.filter((_, i) => i % Math.ceil(hull.length / 60) === 0) : hull;
  let best: P[] | null = null;
  let bestArea = 0;
  const m = simple.length;
  for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) for (let k = j + 1; k < m; k++) for (let l = k + 1; l < m; l++) {
    const q = [simple[i]!, simple[j]!, simple[k]!, simple[l]!];
    const area = quadArea(q);
    if (area > bestArea) {
      bestArea = area;
      best = q;
    }
  }
  if (!best || bestArea < det.data.length * 0.08) return null;
  return clockwise(best).map((p) => toFull(p, factor));
}

/** Starts the clockwise quad at the top-left corner of an upright page (the longer sides follow the page's). */
export function orderUpright(quad: P[], page: { width: number; height: number }): P[] {
  const q = clockwise(quad);
  let start = 0;
  let bestSum = Infinity;
  for (let i = 0; i < 4; i++) {
    const s = q[i]!.x + q[i]!.y;
    if (s < bestSum) {
      bestSum = s;
      start = i;
    }
  }
  let ordered = [0, 1, 2, 3].map((i) => q[(i + start) % 4]!);
  const top = dist(ordered[0]!, ordered[1]!);
  const left = dist(ordered[3]!, ordered[0]!);
  if ((top > left) !== (page.width > page.height) && Math.abs(top - left) / Math.max(top, left) > 0.12) {
    // Turned a quarter: the page's top edge is the longer/shorter side, not the one nearest the origin.
    ordered = [ordered[3]!, ordered[0]!, ordered[1]!, ordered[2]!];
  }
  return ordered;
}

function convexHull(points: P[]): P[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: P, a: P, b: P) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: P[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: P[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * OMRChecker's CropOnMarkers: the marker image is searched in each quarter of the page (after
 * cutting out the paper when the template also crops the page); the four match centres span the
 * template's coordinate space.
 */
function locateByMarkerImage(o: { img: Gray; page: { width: number; height: number }; anchor: Extract<OmrAnchor, { kind: 'markerImage' }>; marker?: Gray }): Located {
  if (!o.marker) return { ok: false, reason: '템플릿의 표식 이미지가 없습니다' };
  let base: P[] = imageCorners(o.img);
  if (o.anchor.alsoCropPage) {
    const quad = findPaperQuad(o.img);
    if (quad) base = orderUpright(quad, o.page);
  }
  const found = findMarkerCentres({ img: o.img, base, page: o.page, marker: o.marker, widthRatio: o.anchor.widthRatio });
  if (!found) return { ok: false, reason: '네 모서리의 표식을 찾지 못했습니다' };
  return { ok: true, toImage: pageToQuad(o.page, found), corners: found, rotation: 0 };
}

/**
 * Normalised cross-correlation of the marker over each quarter of the page region (warped upright
 * at a small size so a marker is ~24 px), then mapped back to the image.
 */
function findMarkerCentres(o: { img: Gray; base: P[]; page: { width: number; height: number }; marker: Gray; widthRatio: number }): P[] | null {
  const targetMarker = 24;
  const width = Math.round(targetMarker * o.widthRatio);
  const height = Math.round((width * dist(o.base[1]!, o.base[2]!)) / Math.max(1, dist(o.base[0]!, o.base[1]!)));
  const h = homography(pageCorners({ width, height }), o.base);
  const view = warpGray(o.img, h, width, height);
  const centres: P[] = [];
  for (let q = 0; q < 4; q++) {
    const qx = q === 1 || q === 2 ? Math.floor(width / 2) : 0;
    const qy = q >= 2 ? Math.floor(height / 2) : 0;
    let best = { score: -2, x: 0, y: 0 };
    for (const s of [0.8, 0.9, 1, 1.1, 1.2]) {
      const size = Math.max(8, Math.round(targetMarker * s));
      const tpl = resizeGray(o.marker, size, Math.max(8, Math.round((size * o.marker.height) / o.marker.width)));
      const r = matchTemplate(view, tpl, { x0: qx, y0: qy, x1: qx + Math.floor(width / 2), y1: qy + Math.floor(height / 2) });
      if (r.score > best.score) best = { score: r.score, x: r.x + tpl.width / 2, y: r.y + tpl.height / 2 };
    }
    if (best.score < 0.3) return null;
    centres.push(apply(h, { x: best.x, y: best.y }));
  }
  return centres;
}

function warpGray(src: Gray, h: Homography, width: number, height: number): Gray {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const p = apply(h, { x: x + 0.5, y: y + 0.5 });
    const sx = Math.min(src.width - 1, Math.max(0, Math.round(p.x)));
    const sy = Math.min(src.height - 1, Math.max(0, Math.round(p.y)));
    out[y * width + x] = src.data[sy * src.width + sx]!;
  }
  return { width, height, data: out };
}

function resizeGray(src: Gray, width: number, height: number): Gray {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    let s = 0;
    let n = 0;
    const sx0 = Math.floor((x * src.width) / width);
    const sx1 = Math.max(sx0 + 1, Math.floor(((x + 1) * src.width) / width));
    const sy0 = Math.floor((y * src.height) / height);
    const sy1 = Math.max(sy0 + 1, Math.floor(((y + 1) * src.height) / height));
    for (let yy = sy0; yy < sy1; yy++) for (let xx = sx0; xx < sx1; xx++) {
      s += src.data[yy * src.width + xx]!;
      n++;
    }
    out[y * width + x] = s / n;
  }
  return { width, height, data: out };
}

function matchTemplate(img: Gray, tpl: Gray, area: { x0: number; y0: number; x1: number; y1: number }): { score: number; x: number; y: number } {
  const tn = tpl.width * tpl.height;
  let tMean = 0;
  for (let i = 0; i < tn; i++) tMean += tpl.data[i]!;
  tMean /= tn;
  const tz = new Float32Array(tn);
  let tNorm = 0;
  for (let i = 0; i < tn; i++) {
    tz[i] = tpl.data[i]! - tMean;
    tNorm += tz[i]! * tz[i]!;
  }
  tNorm = Math.sqrt(tNorm);
  let best = { score: -2, x: 0, y: 0 };
  for (let y = area.y0; y + tpl.height <= Math.min(area.y1, img.height); y++) {
    for (let x = area.x0; x + tpl.width <= Math.min(area.x1, img.width); x++) {
      let s = 0;
      let sum = 0;
      let sq = 0;
      for (let ty = 0; ty < tpl.height; ty++) {
        const row = (y + ty) * img.width + x;
        const trow = ty * tpl.width;
        for (let tx = 0; tx < tpl.width; tx++) {
          const v = img.data[row + tx]!;
          s += v * tz[trow + tx]!;
          sum += v;
          sq += v * v;
        }
      }
      const varI = sq - (sum * sum) / tn;
      if (varI <= 1e-6) continue;
      const score = s / (Math.sqrt(varI) * tNorm);
      if (score > best.score) best = { score, x, y };
    }
  }
  return best;
}
