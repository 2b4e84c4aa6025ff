// subset-font ships no types.
declare module 'subset-font' {
  export default function subsetFont(font: Buffer | Uint8Array, text: string, opts?: { targetFormat?: 'truetype' | 'sfnt' | 'woff' | 'woff2' }): Promise<Buffer>;
}
