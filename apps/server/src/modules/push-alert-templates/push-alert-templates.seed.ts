import type { DbOrTx } from '../../db/client.ts';
import { pushAlertTemplates } from './push-alert-templates.table.ts';

/** Templates a center actually sends, one or more per category, in the demo center's name (demo data and e2e fixture). */
export const DEMO_PUSH_ALERT_TEMPLATES = [
  { title: '결석 안내', category: '출결', body: '[한빛학원] #{이름} 학생이 오늘 수업에 출석하지 않았습니다. 사유를 학원으로 알려 주세요.' },
  { title: '지각 안내', category: '출결', body: '[한빛학원] #{이름} 학생이 오늘 수업에 지각했습니다.' },
  { title: '주간 테스트 성적', category: '성적', body: '[한빛학원] #{이름} 학생의 이번 주 테스트 점수는 #{점수}점입니다. 상세 성적표: #{링크}' },
  { title: '모의고사 성적표', category: '성적', body: '[한빛학원] 11월 모의고사 결과 안내\n#{이름} 학생 점수: #{점수}점\n문항별 분석과 오답 해설은 아래 링크에서 확인하실 수 있습니다.\n#{링크}\n궁금하신 점은 담당 조교에게 문의해 주세요.' },
  { title: '클리닉 대상 안내', category: '클리닉', body: '[한빛학원] #{이름} 학생은 이번 주 클리닉 대상입니다. 예약: #{링크}' },
  { title: '클리닉 재촉', category: '클리닉', body: '[한빛학원] #{이름} 학생, #{날짜} #{시간} 클리닉이 시작되었습니다. 지금 바로 와 주세요.' },
  { title: '클리닉 미참석', category: '클리닉', body: '[한빛학원] #{이름} 학생이 예약한 클리닉에 참석하지 않았습니다. 재예약 부탁드립니다.', isActive: false },
  { title: '상담 일정 확정', category: '상담', body: '[한빛학원] #{이름} 학생 학부모 상담이 #{날짜} #{시간}로 확정되었습니다.' },
  { title: '주간 리포트 안내', category: '일반', body: '[한빛학원] #{이름} 학생의 이번 주 출결, 시험 결과, 클리닉 현황을 한 화면에 정리해 드립니다.\n앱 설치 없이 아래 링크에서 보실 수 있습니다.\n#{링크}\n문의: 02-938-1414' },
  { title: '휴원 안내', category: '일반', body: '[한빛학원] 추석 연휴 기간(9/16~9/18) 휴원합니다. 보강 일정은 추후 안내드리겠습니다.' },
] as const;

export async function seedPushAlertTemplates(tx: DbOrTx): Promise<void> {
  await tx.insert(pushAlertTemplates).values(DEMO_PUSH_ALERT_TEMPLATES.map((t) => ({ ...t })));
}
