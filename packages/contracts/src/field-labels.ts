/**
 * The Korean names of request fields, for error messages. A message names the field in Korean
 * ("사유: 2자 이상 입력해 주세요"), never by its key (`reason`); the key itself travels in `field` and
 * `issues[].path`, where forms read it to mark the input. A key without a name here is left out of
 * the message rather than shown raw.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // people and accounts
  name: '이름', loginId: '아이디', password: '비밀번호', newPassword: '새 비밀번호', currentPassword: '현재 비밀번호',
  phone: '전화번호', parentPhone: '학부모 전화번호', phones: '전화번호', contact: '연락처', email: '이메일',
  birthDate: '생년월일', gender: '성별', school: '학교', targetGrade: '대상 학년', targetSchool: '대상 학교',
  role: '역할', userType: '사용자 유형', memo: '메모', studentMemo: '학생 메모', notes: '메모', tags: '태그', tagIds: '태그',
  userId: '사용자', userIds: '사용자', studentId: '학생', studentIds: '학생', students: '학생', taId: '담당 조교',
  counselorId: '상담자', ownerId: '담당자', teacherName: '강사 이름', profileImageFileId: '프로필 사진',
  hasParentAccess: '학부모 접근', isActive: '사용 여부', isAdminLevel: '관리자 권한',
  // lectures, schedule, attendance
  lectureId: '강좌', lectureIds: '강좌', lecture: '강좌', lectures: '강좌', weeklyLectureId: '회차', weeklyLectures: '회차',
  representativeLectureIds: '대표 강좌', fromLectureId: '원래 강좌', toLectureId: '옮길 강좌',
  subject: '과목', room: '강의실', schedule: '수업 일정', weekday: '요일', dayOfWeek: '요일', color: '색상',
  date: '날짜', dates: '날짜', startDate: '시작일', endDate: '종료일', fromDate: '시작일', toDates: '옮길 날짜',
  from: '시작', to: '끝', startTime: '시작 시각', endTime: '종료 시각', startedAt: '시작 시각', endedAt: '종료 시각',
  scheduledAt: '예약 시각', month: '월', year: '연도', minutes: '분', hours: '시간', days: '일수',
  attendance: '출결', attTypeId: '출결 유형', attendanceTypes: '출결 유형', attendanceDelayMinutes: '출결 문자 지연', textFromHour: '자동 문자 시작 시각', textUntilHour: '자동 문자 끝 시각', skipText: '자동 문자 안 보냄',
  capacity: '정원', seats: '좌석', locked: '잠금', isPublic: '공개',
  // exams and scores
  examId: '시험', examIds: '시험', title: '제목', examType: '시험 유형', examDate: '시험일', maxScore: '만점',
  score: '점수', scores: '점수', rawScore: '원점수', retakeScore: '재시험 점수', retakeValue: '재시험 점수',
  scoreValue: '점수', cutline: '통과 기준', questions: '문항', questionCount: '문항 수', answer: '정답', answers: '답안',
  points: '배점', gradeMode: '등급 방식', gradeCutoffs: '등급 기준', gradeManual: '등급', templateId: '템플릿',
  attemptType: '응시 유형', clinic: '클리닉', retake: '재시험',
  // clinic
  slotId: '클리닉 시간', reserveType: '예약 방식', closeBeforeMinutes: '예약 마감', cancelBeforeMinutes: '취소 마감',
  availableFrom: '예약 시작', opensWeekday: '예약 시작 요일',
  // payroll and expenses
  amount: '금액', reason: '사유', category: '분류', receipt: '영수증', hourlyWage: '시급', monthlySalary: '월급',
  wageTypeId: '급여 유형', wageTypeIds: '급여 유형', monthlyWageType: '월급 유형', paymentType: '지급 방식',
  withholding: '원천징수', weeklyHoliday: '주휴수당', salaryStartMonth: '급여 시작 월', effectiveFrom: '적용 시작일',
  // board, notices, messages, files, videos
  body: '내용', content: '내용', question: '질문', reply: '답변', secret: '비밀글', pinned: '상단 고정', isPinned: '상단 고정',
  consent: '개인정보 수집·이용 동의', privacyConsent: '개인정보 수집·이용 동의',
  audience: '받는 사람', text: '문자 내용', message: '메시지', sms: '문자', sendSms: '문자 발송', notifySms: '문자 알림',
  file: '파일', fileId: '파일', fileName: '파일 이름', files: '파일', attachments: '첨부 파일', scope: '공개 범위',
  videoId: '영상', positionSec: '재생 위치', durationSec: '영상 길이', watermark: '워터마크',
  expiresInDays: '유효 기간', weekLinkDays: '링크 유효 기간', url: '주소', query: '검색어', q: '검색어', search: '검색어',
  paging: '목록', limit: '가져올 개수', offset: '건너뛸 개수', copies: '인쇄 부수',
  page: '페이지', pageSize: '페이지 크기', size: '크기', sortField: '정렬 기준', sortDir: '정렬 방향',
  kind: '종류', mode: '방식', status: '상태', type: '유형', method: '방식', version: '버전', id: '대상', ids: '대상 목록',
  variables: '변수', operationName: '작업 이름', counselType: '상담 유형', consultType: '상담 유형', consultedAt: '상담 일시',
  choices: '선택', sheetId: '답안지', use: '반영할 점수',
  filter: '검색 조건', dryRun: '검사만 하기', rows: '행', cells: '칸', values: '값', enabled: '사용 여부', required: '필수 여부',
};

/**
 * The Korean name of a field path ("reason" → "사유", "schedule.1.startTime" → "수업 일정 2번째 시작 시각"),
 * or null when no part of it has a name.
 */
export function fieldLabel(path: string): string | null {
  const parts: string[] = [];
  let named = false;
  for (const seg of path.split('.')) {
    if (seg === '') continue;
    if (/^\d+$/.test(seg)) {
      parts.push(`${Number(seg) + 1}번째`);
      continue;
    }
    const label = Object.hasOwn(FIELD_LABELS, seg) ? FIELD_LABELS[seg] : undefined;
    if (label) {
      parts.push(label);
      named = true;
    }
  }
  return named ? parts.join(' ') : null;
}

/**
 * A message that names its field in Korean ("사유: 2자 이상 입력해 주세요"); the bare message when the
 * field has no Korean name or the message already names it ("사유를 2자 이상 입력해 주세요").
 */
export function fieldMessage(path: string | undefined, message: string): string {
  const label = path ? fieldLabel(path) : null;
  if (!label) return message;
  const own = FIELD_LABELS[path!.split('.').filter((s) => !/^\d+$/.test(s)).at(-1) ?? ''];
  return own && message.includes(own) ? message : `${label}: ${message}`;
}
