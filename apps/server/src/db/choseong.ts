import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The 19 initial consonants in the order of the Hangul syllable block (가 = ㄱ, 까 = ㄲ …). */
const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const PER_CHOSEONG = 21 * 28;

/** True when the input is made of initial consonants only ("ㄱ", "ㄱㅊㅅ"). */
export function isChoseongOnly(input: string): boolean {
  return input.length > 0 && [...input].every((c) => CHOSEONG.includes(c));
}

/**
 * The 초성 search rule (docs/students.md): one 초성 matches names that START with it ("ㄱ" → 김, 강,
 * not 심가은); two or more match anywhere in the name's 초성 ("ㄱㅊ" → 김철수, 박김철). The first is a
 * range on the first character's code point, so it needs no extra column and no collation.
 */
export function choseongCondition(name: SQLWrapper, needle: string): SQL | null {
  if (!isChoseongOnly(needle)) return null;
  if (needle.length === 1) {
    const start = SYLLABLE_FIRST + CHOSEONG.indexOf(needle) * PER_CHOSEONG;
    return sql`ascii(${name}) between ${start} and ${start + PER_CHOSEONG - 1}`;
  }
  return sql`${choseongOf(name)} like ${`%${needle}%`}`;
}

/** The 초성 of a name computed in SQL (김철수 → ㄱㅊㅅ; other characters stay as they are). */
export function choseongOf(name: SQLWrapper): SQL {
  return sql`(select string_agg(case when ascii(c) between ${SYLLABLE_FIRST} and ${SYLLABLE_LAST}
      then substr(${CHOSEONG}, (ascii(c) - ${SYLLABLE_FIRST}) / ${PER_CHOSEONG} + 1, 1) else c end, '' order by i)
    from unnest(string_to_array(${name}, null)) with ordinality as ch(c, i))`;
}
