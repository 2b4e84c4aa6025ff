/**
 * Greyscale images as plain typed arrays, and the few operations the reader needs on them. Pure
 * functions with no I/O, so they run the same in a worker thread, a test or the CLI.
 */
export type Gray = { width: number; height: number; data: Uint8Array };
/** Per-pixel darkness against the local paper (0 = paper, 1 = black ink). */
export type Darkness = { width: number; height: number; data: Float32Array };

export function gray(width: number, height: number, data?: Uint8Array): Gray {
  return { width, height, data: data ?? new Uint8Array(width * height) };
}

type ScratchArray = Uint8Array | Int32Array | Float32Array;
const scratchArrays = new Map<string, ScratchArray>();

/**
 * A working array this thread reuses from page to page (its contents are whatever the last page
 * left): the reader's per-page arrays of millions of pixels are taken from here rather than made
 * for every page, which keeps the garbage collector out of a batch. Only for arrays that never
 * leave the call that fills them; each use has its own `key`.
 */
export function scratch<T extends ScratchArray>(key: string, make: new (length: number) => T, length: number): T {
  const have = scratchArrays.get(key);
  if (have instanceof make && have.length >= length) return have.subarray(0, length) as T;
  const made = new make(length);
  scratchArrays.set(key, made);
  return made;
}

/** Averages `factor` × `factor` cells (a clean downscale for detection); `into` receives the pixels when given. */
export function downsample(img: Gray, factor: number, into?: Uint8Array): Gray {
  if (factor <= 1) return img;
  const w = Math.floor(img.width / factor);
  const h = Math.floor(img.height / factor);
  const out = into && into.length === w * h ? into : new Uint8Array(w * h);
  const acc = new Uint32Array(w);
  const area = factor * factor;
  const src = img.data;
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let i = (y * factor + dy) * img.width;
      for (let x = 0; x < w; x++) {
        let s = 0;
        for (let dx = 0; dx < factor; dx++) s += src[i++]!;
        acc[x] = acc[x]! + s;
      }
    }
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = (acc[x]! + (area >> 1)) / area;
  }
  return { width: w, height: h, data: out };
}

/** Bilinear sample; outside the image reads as `outside`. */
export function sample(img: Gray, x: number, y: number, outside = 0): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= img.width - 1 || y0 >= img.height - 1) return outside;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * img.width + x0;
  const d = img.data;
  const top = d[i]! + (d[i + 1]! - d[i]!) * fx;
  const bottom = d[i + img.width]! + (d[i + img.width + 1]! - d[i + img.width]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * The paper's brightness around every point: the bright end (90th percentile) of each block, closed
 * over its neighbours (a block covered by ink borrows the paper next to it), smoothed.
 * Dividing by it removes uneven light, shadows and the scanner's grey level.
 */
export function paperLevel(img: Gray, block: number): { bw: number; bh: number; block: number; level: Float32Array } {
  const bw = Math.ceil(img.width / block);
  const bh = Math.ceil(img.height / block);
  const raw = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      const x1 = Math.min(img.width, (bx + 1) * block);
      const y1 = Math.min(img.height, (by + 1) * block);
      let n = 0;
      for (let y = by * block; y < y1; y++) {
        const row = y * img.width;
        for (let x = bx * block; x < x1; x++) hist[img.data[row + x]!]!++;
        n += x1 - bx * block;
      }
      let want = Math.ceil(n * 0.1);
      let v = 255;
      while (v > 0 && want > hist[v]!) want -= hist[v--]!;
      raw[by * bw + bx] = Math.max(v, 8);
    }
  }
  // A closing (brightest neighbour, then darkest neighbour) fills blocks covered by ink with the
  // paper around them but keeps the edge of a shadow where it is.
  const closed = neighbourhood(neighbourhood(raw, bw, bh, Math.max), bw, bh, Math.min);
  const level = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let s = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = by + dy;
        if (yy < 0 || yy >= bh) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = bx + dx;
          if (xx < 0 || xx >= bw) continue;
          s += closed[yy * bw + xx]!;
          n++;
        }
      }
      level[by * bw + bx] = s / n;
    }
  }
  return { bw, bh, block, level };
}

function neighbourhood(src: Float32Array, bw: number, bh: number, pick: (a: number, b: number) => number): Float32Array {
  const out = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      let m = src[by * bw + bx]!;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = by + dy;
        if (yy < 0 || yy >= bh) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = bx + dx;
          if (xx >= 0 && xx < bw) m = pick(m, src[yy * bw + xx]!);
        }
      }
      out[by * bw + bx] = m;
    }
  }
  return out;
}

/** Darkness of every pixel against the paper around it (bilinear between block centres); `into` receives it when given. */
export function darkness(img: Gray, block: number, into?: Float32Array): Darkness {
  const p = paperLevel(img, block);
  const out = into && into.length === img.width * img.height ? into : new Float32Array(img.width * img.height);
  const { bw, bh, level } = p;
  const x0s = new Int32Array(img.width);
  const x1s = new Int32Array(img.width);
  const fxs = new Float32Array(img.width);
  for (let x = 0; x < img.width; x++) {
    const gx = Math.min(Math.max((x + 0.5) / block - 0.5, 0), bw - 1);
    x0s[x] = Math.floor(gx);
    x1s[x] = Math.min(x0s[x]! + 1, bw - 1);
    fxs[x] = gx - x0s[x]!;
  }
  const rowLevel = new Float32Array(bw);
  for (let y = 0; y < img.height; y++) {
    const gy = Math.min(Math.max((y + 0.5) / block - 0.5, 0), bh - 1);
    const y0 = Math.floor(gy);
    const y1 = Math.min(y0 + 1, bh - 1);
    const fy = gy - y0;
    for (let bx = 0; bx < bw; bx++) rowLevel[bx] = level[y0 * bw + bx]! + (level[y1 * bw + bx]! - level[y0 * bw + bx]!) * fy;
    const row = y * img.width;
    for (let x = 0; x < img.width; x++) {
      const a = rowLevel[x0s[x]!]!;
      const paper = a + (rowLevel[x1s[x]!]! - a) * fxs[x]!;
      const d = 1 - img.data[row + x]! / paper;
      out[row + x] = d < 0 ? 0 : d > 1 ? 1 : d;
    }
  }
  return { width: img.width, height: img.height, data: out };
}

export type Component = { area: number; cx: number; cy: number; sxx: number; syy: number; sxy: number; minX: number; minY: number; maxX: number; maxY: number };

/** Connected regions (8-neighbour) of a mask, with their area, centroid, second moments and box; `labels` is working space when given. */
export function components(mask: Uint8Array, width: number, height: number, minArea: number, labels = new Int32Array(width * height)): Component[] {
  labels.fill(0);
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (a: number) => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    return Math.min(ra, rb);
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (!mask[i]) continue;
      const w = x > 0 ? labels[i - 1]! : 0;
      const n = y > 0 ? labels[i - width]! : 0;
      const nw = y > 0 && x > 0 ? labels[i - width - 1]! : 0;
      const ne = y > 0 && x < width - 1 ? labels[i - width + 1]! : 0;
      let l = w || n || nw || ne;
      if (l === 0) {
        if (next >= parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        l = next++;
        parent[l] = l;
      } else {
        if (w && w !== l) l = union(l, w);
        if (n && n !== l) l = union(l, n);
        if (nw && nw !== l) l = union(l, nw);
        if (ne && ne !== l) l = union(l, ne);
      }
      labels[i] = l;
    }
  }
  const root = new Int32Array(next);
  for (let l = 1; l < next; l++) root[l] = find(l);
  const n = new Float64Array(next);
  const sx = new Float64Array(next);
  const sy = new Float64Array(next);
  const sxx = new Float64Array(next);
  const syy = new Float64Array(next);
  const sxy = new Float64Array(next);
  const minX = new Int32Array(next).fill(width);
  const minY = new Int32Array(next).fill(height);
  const maxX = new Int32Array(next).fill(-1);
  const maxY = new Int32Array(next).fill(-1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const l0 = labels[row + x]!;
      if (!l0) continue;
      const l = root[l0]!;
      n[l]!++;
      sx[l]! += x;
      sy[l]! += y;
      sxx[l]! += x * x;
      syy[l]! += y * y;
      sxy[l]! += x * y;
      if (x < minX[l]!) minX[l] = x;
      if (x > maxX[l]!) maxX[l] = x;
      if (y < minY[l]!) minY[l] = y;
      if (y > maxY[l]!) maxY[l] = y;
    }
  }
  const out: Component[] = [];
  for (let l = 1; l < next; l++) {
    const a = n[l]!;
    if (root[l] !== l || a < minArea) continue;
    const cx = sx[l]! / a;
    const cy = sy[l]! / a;
    out.push({
      area: a, cx, cy,
      sxx: sxx[l]! / a - cx * cx + 1 / 12, syy: syy[l]! / a - cy * cy + 1 / 12, sxy: sxy[l]! / a - cx * cy,
      minX: minX[l]!, minY: minY[l]!, maxX: maxX[l]!, maxY: maxY[l]!,
    });
  }
  return out;
}

/** Otsu's threshold of a histogram of 0–255 values. */
export function otsu(data: Uint8Array): number {
  const hist = new Float64Array(256);
  for (let i = 0; i < data.length; i++) hist[data[i]!]!++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}
