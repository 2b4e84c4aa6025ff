/**
 * Counts the operators of a PDF content stream (the drawing commands: `re`, `f`, `Tj`, `Do` …)
 * without running them, stopping once there are more than `limit`. Operands (numbers, names,
 * strings, arrays, dictionaries) and comments are skipped; an inline image's bytes (`ID` … `EI`)
 * are not read as commands. Cheap enough to run on every page before deciding to draw it.
 * `paints`: how many of them are `Do` (draw a picture or a form).
 */
export function countOperators(content: Uint8Array, limit = Infinity): { operators: number; paints: number } {
  let n = 0;
  let paints = 0;
  let i = 0;
  const len = content.length;
  const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
  const isDelim = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
  while (i < len) {
    const c = content[i]!;
    if (isSpace(c)) {
      i++;
    } else if (c === 0x25) {
      // % comment to the end of the line
      while (i < len && content[i] !== 0x0a && content[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // (literal string) with nesting and escapes
      let depth = 1;
      i++;
      while (i < len && depth > 0) {
        const d = content[i]!;
        if (d === 0x5c) i++;
        else if (d === 0x28) depth++;
        else if (d === 0x29) depth--;
        i++;
      }
    } else if (c === 0x3c && content[i + 1] !== 0x3c) {
      // <hex string>
      while (i < len && content[i] !== 0x3e) i++;
      i++;
    } else if (isDelim(c) && c !== 0x2f) {
      i++;
    } else {
      const start = i;
      if (c === 0x2f) i++;
      while (i < len && !isSpace(content[i]!) && !isDelim(content[i]!)) i++;
      if (c === 0x2f) continue;
      const first = content[start]!;
      // A number (or a stray sign): an operand.
      if ((first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e) continue;
      if (i === start) {
        i++;
        continue;
      }
      const word = Buffer.from(content.buffer, content.byteOffset + start, i - start).toString('latin1');
      if (word === 'true' || word === 'false' || word === 'null') continue;
      n++;
      if (word === 'Do') paints++;
      if (n > limit) return { operators: n, paints };
      if (word === 'ID') {
        // Inline image data runs to whitespace + EI + whitespace.
        i++;
        while (i < len && !(content[i] === 0x45 && content[i + 1] === 0x49 && isSpace(content[i - 1]!) && (i + 2 >= len || isSpace(content[i + 2]!)))) i++;
        i += 2;
      }
    }
  }
  return { operators: n, paints };
}
