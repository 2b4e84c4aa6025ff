/** The demo center shown on the public pages and named in the terms. */
export const CENTER_INFO = {
  address: '서울특별시 노원구 동일로 1414, 한빛빌딩 2~4층 (상계동)',
  addressShort: '서울 노원구 동일로 1414 한빛빌딩 2~4층',
  subway: '4·7호선 노원역 2번 출구에서 도보 3분',
  bus: '노원역 정류장 (간선 146, 지선 1142, 마을 노원08)',
  parking: '건물 지하 주차장 1시간 무료 (상담 방문 시)',
  phone: '02-938-1414',
  mobile: '010-2938-1414',
  email: 'help@hanbit-math.kr',
  hours: '평일 13:00–22:00, 토요일 10:00–18:00',
  representative: '김한빛',
  privacyOfficer: '이정민 (교무실장)',
  businessNo: '217-91-41414',
  registrationNo: '제2019-3호 (서울특별시북부교육지원청)',
} as const;
