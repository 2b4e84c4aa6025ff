/**
 * The demo center's public news and strengths (a real site would load these from its CMS). Its name,
 * courses and teachers come from the data (`GET /api/public/center`).
 */
export const NOTICES = [
  { date: '2026-11-16', title: '2027학년도 겨울방학 특강 시간표 안내', badge: '특강' },
  { date: '2026-11-09', title: '11월 학부모 상담 주간 (11/23–11/28) 예약 안내', badge: '상담' },
  { date: '2026-11-02', title: '기말고사 대비 주말 클리닉 추가 운영', badge: '클리닉' },
  { date: '2026-10-26', title: '수능 당일(11/19) 휴원 안내', badge: '휴원' },
] as const;

export const STRENGTHS = [
  { title: '매 수업 테스트', body: '주차별 시험과 OMR 채점으로 학생의 현재 위치를 숫자로 확인합니다.' },
  { title: '1:1 클리닉', body: '틀린 문제는 조교 선생님과 클리닉에서 끝까지 해결합니다.' },
  { title: '학부모 문자 리포트', body: '출결과 성적을 수업이 끝나면 바로 문자로 알려 드립니다.' },
] as const;
