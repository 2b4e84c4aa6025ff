import { sql, type SQL } from 'drizzle-orm';
import { getChoseong } from 'es-hangul';
import { choseongCondition } from '../../db/choseong.ts';
import { userAccounts } from '../users/index.ts';
import { studentProfiles } from './students.table.ts';

type Searchable = { name: string; loginId: string; phone: string | null; parentPhone: string | null };

/** Longest needle answered from the token index; longer ones fall back to LIKE. */
const MAX_TOKEN = 12;

/**
 * The text the grid's search box matches: name, its 초성 (김철수 → ㄱㅊㅅ), login id and the
 * digits of both phones, lower-cased (the needle too) so a plain LIKE covers Latin login ids in any case.
 */
export function buildSearchText(s: Searchable): string {
  return [s.name, getChoseong(s.name), s.loginId, s.phone ?? '', s.parentPhone ?? ''].join(' ').toLowerCase();
}

function substrings(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) {
    for (let len = 1; len <= MAX_TOKEN && i + len <= word.length; len++) out.push(word.slice(i, i + len));
  }
  return out;
}

/**
 * Every substring (up to 12 characters) of the name and its 초성: what a person types to find a
 * student by name, down to one syllable ("김"). A GIN index on this array answers "contains" with
 * one probe (≈0.2 ms on 10,000 students), which a trigram index cannot do for needles of one or two
 * syllables. Login ids and phone digits are not tokenised: what people type of them (three or more
 * characters: "1234", "kim0") the trigram index on `search_text` finds as fast, and their
 * substrings were nine in ten of the tokens, each an index entry to write whenever a student is
 * saved (a 3,000-row import wrote 650,000; now about 36,000: issue 17).
 */
export function buildSearchTokens(s: Pick<Searchable, 'name'>): string[] {
  const words = [s.name.toLowerCase(), getChoseong(s.name)].flatMap((w) => w.split(/\s+/)).filter(Boolean);
  return [...new Set(words.flatMap(substrings))];
}

/** Both search columns of a student profile, written together whenever their inputs change. */
export function searchColumns(s: Searchable): { searchText: string; searchTokens: string[] } {
  return { searchText: buildSearchText(s), searchTokens: buildSearchTokens(s) };
}

/**
 * How to look for what was typed: phone-like input ("010-1234") keeps its digits only. A needle
 * with a character outside ASCII (Hangul, 초성) can only be part of a name or its 초성, whose
 * substrings are all tokens: an exact token probe. Anything else (login ids, phone digits, Latin
 * names, spaces, more than 12 characters) is a LIKE on `search_text`, with the input's wildcards
 * escaped, which the trigram index answers from three characters on.
 */
export function searchCondition(input: string): { kind: 'token'; token: string } | { kind: 'like'; pattern: string } | null {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return null;
  const digitsOnly = /^[\d\s-]+$/.test(trimmed);
  const needle = digitsOnly ? trimmed.replace(/\D/g, '') : trimmed;
  if (!needle) return null;
  if (needle.length <= MAX_TOKEN && !/\s/.test(needle) && !/^[ -~]+$/.test(needle)) return { kind: 'token', token: needle };
  return { kind: 'like', pattern: `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

/**
 * The search box's condition, shared by the grid (REST) and GraphQL: one 초성 alone ("ㄱ") matches
 * names starting with it (db/choseong.ts); anything else is a token probe or a LIKE as above, so
 * "ㄱㅊ" finds those 초성 anywhere in the name.
 */
export function searchSql(input: string): SQL | null {
  const needle = input.trim();
  if (needle.length === 1) {
    const first = choseongCondition(userAccounts.name, needle);
    if (first) return first;
  }
  const search = searchCondition(input);
  if (!search) return null;
  return search.kind === 'token'
    ? sql`${studentProfiles.searchTokens} @> array[${search.token}::text]`
    : sql`${studentProfiles.searchText} like ${search.pattern}`;
}
