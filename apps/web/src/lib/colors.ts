/** Relative luminance of an sRGB colour (WCAG 2.x). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Black or white text, whichever contrasts more with a background a center chose (attendance colours …). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

function hexOf(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` with a share `t` (0–1) of `b` mixed in: how a translucent `b` over `a` ends up. */
export function mixColors(a: string, b: string, t: number): string {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  return hexOf([0, 1, 2].map((i) => x[i]! * (1 - t) + y[i]! * t) as [number, number, number]);
}

/** WCAG contrast ratio of two colours (1–21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (la + 0.05) / (lb + 0.05);
}

/**
 * A centre's colour as text on `background`, darkened just enough for WCAG AA (4.5:1), so a light
 * status colour (a pale 지각 yellow) stays recognisable and readable.
 */
export function readableInk(color: string, background: string): string {
  let ink = color;
  for (let i = 0; i < 30 && contrastRatio(ink, background) < 4.5; i++) ink = mixColors(ink, '#000000', 0.08);
  return ink;
}
