/** The demo center's public content (a real site would load this from its CMS). */
export const COURSES = [
  { grade: '중등', title: '중등 내신 완성반', schedule: '월·수·금 17:00–19:30', summary: '학교별 기출 분석과 주간 테스트로 내신 1등급을 준비합니다. 중1~중3, 반별 정원 12명.', tags: ['주간 테스트', '학교별 대비'] },
  { grade: '고1', title: '고1 수학(상·하) 개념반', schedule: '화·목 18:00–21:00, 토 10:00–13:00', summary: '고등 수학의 뼈대를 세우는 개념 수업과 유형 훈련. 매주 클리닉으로 빈틈을 채웁니다.', tags: ['개념', '클리닉'] },
  { grade: '고2', title: '고2 수학Ⅰ·Ⅱ 심화반', schedule: '월·수 19:00–22:00', summary: '킬러 문항을 대비하는 심화 문제 풀이와 OMR 실전 모의고사로 실력을 점검합니다.', tags: ['심화', 'OMR 모의고사'] },
  { grade: '고3', title: '고3 수능 파이널반', schedule: '화·목·토 19:00–22:00', summary: '수능 공통+선택(미적분·확률과 통계) 실전 훈련. 회차별 성적 분석표를 학부모님께 문자로 보내 드립니다.', tags: ['수능', '성적 분석'] },
] as const;

export const TEACHERS = [
  { name: '김한빛', role: '원장 · 고3 수능', career: '서울대 수학교육과 졸업 · 강의 경력 17년', quote: '한 문제를 끝까지 붙잡는 힘을 길러 드립니다.' },
  { name: '박서연', role: '고1·고2 개념/심화', career: '고려대 수학과 졸업 · 前 대치동 대형학원 강사', quote: '개념이 단단하면 응용은 저절로 따라옵니다.' },
  { name: '정우진', role: '중등 내신', career: '연세대 응용통계학과 졸업 · 중등 내신 전문 9년', quote: '학교 시험 범위, 한 문제도 놓치지 않게.' },
] as const;

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
