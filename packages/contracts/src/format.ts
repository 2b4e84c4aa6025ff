/** Korean display conventions (PRODUCT.md "Korean conventions"). Shared by server and web. */

/** Keeps digits only: "010-1234-5678" → "01012345678". */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * Korean phone numbers we accept: mobile 01X (10–11 digits), Seoul 02 (9–10 digits),
 * other area codes 0XX (10–11 digits) and 070. Returns the digits, or null when invalid.
 */
export function normalizePhone(input: string): string | null {
  const d = phoneDigits(input);
  if (/^01[016789]\d{7,8}$/.test(d)) return d;
  if (/^02\d{7,8}$/.test(d)) return d;
  if (/^0[3-7]\d\d{7,8}$/.test(d)) return d;
  return null;
}

/** "01012345678" → "010-1234-5678"; anything unrecognised is returned as given. */
export function formatPhone(input: string | null | undefined): string {
  if (!input) return '';
  const d = phoneDigits(input);
  if (d.startsWith('02')) {
    if (d.length === 9) return `${d.slice(0, 2)}-${d.slice(2, 5)}-${d.slice(5)}`;
    if (d.length === 10) return `${d.slice(0, 2)}-${d.slice(2, 6)}-${d.slice(6)}`;
  }
  if (d.length === 11) return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return input;
}

/** Last four digits of a phone, used in watermarks and initial passwords. */
export function phoneTail(input: string | null | undefined): string {
  return input ? phoneDigits(input).slice(-4) : '';
}

const wonFormatter = new Intl.NumberFormat('ko-KR');

/** 1234000 → "1,234,000원". */
export function formatWon(amount: number): string {
  // `|| 0` turns -0 (a withheld 0원 shown as minus, or -0.4 rounded) into 0: never "-0원".
  return `${wonFormatter.format(Math.round(amount) || 0)}원`;
}

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;
const KST_OFFSET_MS = 9 * 3_600_000;

/**
 * A date as Koreans write it: "2026. 11. 21.(토)". An ISO date ("2026-11-21") is a calendar date
 * and is written as it is; an instant (a Date, or a date-time string) is read on the Korean clock,
 * whatever the server's or the browser's time zone (issue 35 item 6: a link expiring at 00:30 KST on
 * the 16th was texted as "12. 15." by a server on UTC). Every date put in a message uses this.
 */
export function formatKoreanDate(value: Date | string, opts: { weekday?: boolean } = {}): string {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : new Date(new Date(value).getTime() + KST_OFFSET_MS);
  const base = `${d.getUTCFullYear()}. ${d.getUTCMonth() + 1}. ${d.getUTCDate()}.`;
  return opts.weekday === false ? base : `${base}(${WEEKDAYS[d.getUTCDay()]})`;
}

/**
 * A calendar date where room is short (a chart's axis): "2026-06-04" → "26. 6. 4.", the written
 * form with a two-digit year and no weekday.
 */
export function formatKoreanShortDate(value: Date | string): string {
  return formatKoreanDate(value, { weekday: false }).slice(2);
}

/**
 * A time as Koreans say it: a wall-clock time of the timetable ("19:00" → "오후 7:00", "00:30" →
 * "오전 12:30") is written as it is; an instant is read on the Korean clock.
 */
export function formatKoreanTime(value: Date | string): string {
  const m = typeof value === 'string' ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  const hhmm = m ? `${m[1]}:${m[2]}` : new Date(new Date(value).getTime() + KST_OFFSET_MS).toISOString().slice(11, 16);
  const [hh, mm] = hhmm.split(':');
  const h = Number(hh) % 24;
  return `${h < 12 ? '오전' : '오후'} ${h % 12 === 0 ? 12 : h % 12}:${mm}`;
}

const collator = new Intl.Collator('ko-KR');

/** Sorts names in Korean collation (가나다 order). */
export function compareKorean(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Compares dot-separated versions part by part numerically (SPEC §4): "1.83.19" < "1.84.0".
 * Missing parts count as 0; non-numeric parts as 0.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff > 0 ? 1 : -1;
  }
  return 0;
}

/**
 * The one naming rule of a session, used everywhere (headers, lists, Excel, the portal): a special
 * session shows its special name (보강, 특강); a regular one its title by week, "3주차", or "3주차 수"
 * when the lecture meets several times a week (docs/lectures.md).
 */
export function sessionLabel(s: { title: string; specialName: string | null }): string {
  return s.specialName ?? s.title;
}

/**
 * A name shortened to at most `max` characters at a word boundary, with "…" when anything was left
 * out: "토 고2 화학Ⅰ 개념반" → "고2 화학Ⅰ…", never a word cut in the middle ("화학Ⅰ 개", issue 35
 * item 15). A first word longer than `max` is the only one cut, and it gets the "…" too.
 */
export function shortName(name: string, max: number): string {
  const text = name.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  let kept = '';
  for (const word of text.split(' ')) {
    const next = kept ? `${kept} ${word}` : word;
    if (next.length > max) break;
    kept = next;
  }
  return `${kept || text.slice(0, max)}…`;
}

