import type { AppContext } from '../../context.ts';
import type { DemoSeed } from '../../db/seed/seed.ts';
import { notices } from './notices.table.ts';

export const CRM_NOTICE = `이번 주 공지

1. 11월 모의고사 성적표는 금요일까지 학부모 문자 발송 완료해 주세요.
2. 클리닉 대상자 재시험은 토요일 오후 2시~6시, 4층 자습실에서 진행합니다.
3. 출근·퇴근은 CRM 화면 위쪽의 출근/퇴근 버튼으로 찍어 주세요. 퇴근을 빠뜨렸다면 '내 근무·급여'에서 확인하고 관리자에게 정정을 요청해 주세요.
4. 겨울방학 특강 시간표 초안은 다음 주 월요일 회의에서 확정합니다.`;

// The booking times (start, deadline, cancel) are not written here: the portal shows them from
// the clinic's booking rule, so the notice cannot contradict it.
const CLINIC_NOTICE = `클리닉 예약 안내
- 지각 10분 이상 시 자동으로 다음 순서로 밀립니다.
- 재시험 대상자는 오답노트를 꼭 지참해 주세요.`;

/**
 * The demo center's staff notice and clinic notice. They name only what the product has: the
 * 출근/퇴근 button in the CRM header and the 내 근무·급여 page (payroll), SMS to parents (sms).
 */
export async function seedDemoNotices(ctx: AppContext, seed: DemoSeed): Promise<void> {
  const updatedBy = seed.accounts.get('admin') ?? null;
  await ctx.db.insert(notices).values([
    { key: 'crm', content: CRM_NOTICE, updatedBy },
    { key: 'clinic', content: CLINIC_NOTICE, updatedBy },
  ]);
}
