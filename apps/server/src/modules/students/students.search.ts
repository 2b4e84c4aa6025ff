import { getChoseong } from 'es-hangul';

/**
 * The text the grid's search box matches: name, its 초성 (김철수 → ㄱㅊㅅ), login id and the
 * digits of both phones. Lower-cased (and the needle too) so a plain LIKE, cheaper than ILIKE on
 * Hangul, covers Latin login ids in any case.
 */
export function buildSearchText(s: { name: string; loginId: string; phone: string | null; parentPhone: string | null }): string {
  return [s.name, getChoseong(s.name), s.loginId, s.phone ?? '', s.parentPhone ?? ''].join(' ').toLowerCase();
}

/**
 * What to look for in search_text: phone-like input ("010-1234") keeps its digits only, anything
 * else is matched as typed. LIKE wildcards in the input are escaped.
 */
export function searchPattern(input: string): string | null {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return null;
  const needle = /^[\d\s-]+$/.test(trimmed) ? trimmed.replace(/\D/g, '') : trimmed;
  if (!needle) return null;
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
