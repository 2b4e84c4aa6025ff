/**
 * Korean public holidays (관공서의 공휴일에 관한 규정), 2026–2027, substitute holidays (대체공휴일)
 * included. Source: 우주항공청 「2026년 월력요항」 (published June 2025) and 「2027년 월력요항」
 * (published June 2026); the 월력요항 was issued by 한국천문연구원 until 2024. Substitute days
 * follow the rule in force since 2023: 설날·추석 when they meet a Sunday or another holiday; 삼일절,
 * 어린이날, 부처님오신날, 광복절, 개천절, 한글날, 성탄절 when they fall on a Saturday, a Sunday or
 * another holiday (어린이날 not on a Saturday before 2023; 신정 and 현충일 never). Election days are
 * holidays too. Add the next year here when its 월력요항 is out; a date outside the list is a workday.
 */
export const KOREAN_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': '신정',
  '2026-02-16': '설날 연휴',
  '2026-02-17': '설날',
  '2026-02-18': '설날 연휴',
  '2026-03-01': '삼일절',
  '2026-03-02': '대체공휴일(삼일절)',
  '2026-05-05': '어린이날',
  '2026-05-24': '부처님오신날',
  '2026-05-25': '대체공휴일(부처님오신날)',
  '2026-06-03': '전국동시지방선거',
  '2026-06-06': '현충일',
  '2026-08-15': '광복절',
  '2026-08-17': '대체공휴일(광복절)',
  '2026-09-24': '추석 연휴',
  '2026-09-25': '추석',
  '2026-09-26': '추석 연휴',
  '2026-10-03': '개천절',
  '2026-10-05': '대체공휴일(개천절)',
  '2026-10-09': '한글날',
  '2026-12-25': '성탄절',
  '2027-01-01': '신정',
  '2027-02-06': '설날 연휴',
  '2027-02-07': '설날',
  '2027-02-08': '설날 연휴',
  '2027-02-09': '대체공휴일(설날)',
  '2027-03-01': '삼일절',
  '2027-05-05': '어린이날',
  '2027-05-13': '부처님오신날',
  '2027-06-06': '현충일',
  '2027-08-15': '광복절',
  '2027-08-16': '대체공휴일(광복절)',
  '2027-09-14': '추석 연휴',
  '2027-09-15': '추석',
  '2027-09-16': '추석 연휴',
  '2027-10-03': '개천절',
  '2027-10-04': '대체공휴일(개천절)',
  '2027-10-09': '한글날',
  '2027-10-11': '대체공휴일(한글날)',
  '2027-12-25': '성탄절',
  '2027-12-27': '대체공휴일(성탄절)',
};

/** The holiday's name on that date (YYYY-MM-DD), or null on a workday. */
export function holidayOn(date: string): string | null {
  return KOREAN_PUBLIC_HOLIDAYS[date] ?? null;
}
