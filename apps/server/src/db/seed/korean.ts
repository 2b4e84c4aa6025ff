/** Realistic Korean fixture data, deterministic for a given seed so tests and demos agree. */

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '전', '홍', '유', '고', '문', '양', '손', '배', '백', '허', '남', '심'];
const GIVEN = ['민준', '서준', '도윤', '예준', '시우', '하준', '주원', '지호', '지후', '준우', '준서', '건우', '현우', '우진', '선우', '서진', '연우', '유준', '정우', '승우', '서연', '서윤', '지우', '서현', '민서', '하은', '하윤', '윤서', '지유', '지민', '채원', '수아', '지아', '다은', '은서', '예은', '수빈', '소율', '예린', '지원', '태윤', '은우', '시윤', '유나', '가은', '민지', '나연', '하람', '재민', '동현'];
/** Schools around the demo center (서울 노원구). */
export const SCHOOLS = ['상계고', '노원고', '재현고', '청원고', '대진고', '서라벌고', '염광고', '영신여고', '상계중', '노원중', '중계중', '을지중', '불암중', '하계중'];
export const GRADES = ['중1', '중2', '중3', '고1', '고2', '고3', 'N수'] as const;

/** Mulberry32: tiny, fast, good enough for fixtures. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

export function koreanName(r: () => number): string {
  return pick(r, SURNAMES) + pick(r, GIVEN);
}

export function mobile(r: () => number): string {
  const n = () => String(Math.floor(r() * 10000)).padStart(4, '0');
  return `010${n()}${n()}`;
}
