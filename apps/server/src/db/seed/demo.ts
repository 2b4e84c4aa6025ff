import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { seedDemoFiles } from '../../modules/files/files.seed.ts';
import { seedDemoLectures } from '../../modules/lectures/lectures.seed.ts';
import { notices } from '../../modules/notices/notices.table.ts';
import { seedPushAlertTemplates } from '../../modules/push-alert-templates/push-alert-templates.seed.ts';
import { seedDemoStudents } from '../../modules/students/students.seed.ts';
import { users } from '../../modules/users/users.table.ts';
import { koreanName, mobile, rng } from './korean.ts';

/** Demo accounts printed at start and used by the browser tests (ARCHITECTURE style rule 9). */
export const DEMO_ACCOUNTS = [
  { loginId: 'admin', password: 'admin1234!', role: '관리자 (원장)', name: '김원장', userType: 'ADMIN', isAdminLevel: false, phone: '01090000001' },
  { loginId: 'manager', password: 'manager1234!', role: '실장 (관리자급 조교)', name: '이실장', userType: 'TA', isAdminLevel: true, phone: '01090000002' },
  { loginId: 'ta01', password: 'ta1234!', role: '조교', name: '박조교', userType: 'TA', isAdminLevel: false, phone: '01090000003' },
  { loginId: 'student01', password: 'student1234!', role: '학생', name: '최민준', userType: 'STUDENT', isAdminLevel: false, phone: '01055550001' },
] as const;

export const DEMO_STUDENT_COUNT = 40;

const CRM_NOTICE = `이번 주 공지

1. 11월 모의고사 성적표는 금요일까지 학부모 문자 발송 완료해 주세요.
2. 클리닉 대상자 재시험은 토요일 오후 2시~6시, 3층 자습실에서 진행합니다.
3. 출근 기록은 출근·퇴근 모두 CRM에서 눌러 주세요. 누락 시 급여 정산이 늦어집니다.
4. 겨울방학 특강 시간표 초안은 다음 주 월요일 회의에서 확정합니다.`;

const CLINIC_NOTICE = `클리닉 예약 안내
- 예약은 클리닉 전날 밤 10시까지 가능합니다.
- 지각 10분 이상 시 자동으로 다음 순서로 밀립니다.
- 재시험 대상자는 오답노트를 꼭 지참해 주세요.`;

/**
 * Fills an empty database with a small, realistic center. Does nothing when accounts already
 * exist, so a second start keeps the data.
 */
export async function seedDemo(ctx: AppContext): Promise<{ seeded: boolean }> {
  const { db } = ctx;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  const r = rng(20261121);
  const studentHash = await hashPassword('student1234!');
  await db.transaction(async (tx) => {
    for (const a of DEMO_ACCOUNTS) {
      await tx.insert(users).values({
        loginId: a.loginId,
        passwordHash: a.loginId === 'student01' ? studentHash : await hashPassword(a.password),
        userType: a.userType,
        name: a.name,
        phone: a.phone,
        isAdminLevel: a.isAdminLevel,
      });
    }
    const taHash = await hashPassword('ta1234!');
    await tx.insert(users).values(
      [2, 3, 4].map((i) => ({ loginId: `ta0${i}`, passwordHash: taHash, userType: 'TA' as const, name: koreanName(r), phone: mobile(r) })),
    );
    await tx.insert(users).values(
      Array.from({ length: DEMO_STUDENT_COUNT - 1 }, (_, i) => ({
        loginId: `student${String(i + 2).padStart(2, '0')}`,
        passwordHash: studentHash,
        userType: 'STUDENT' as const,
        name: koreanName(r),
        phone: mobile(r),
      })),
    );
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.loginId, 'admin'));
    await tx.insert(notices).values([
      { key: 'crm', content: CRM_NOTICE, updatedBy: admin?.id ?? null },
      { key: 'clinic', content: CLINIC_NOTICE, updatedBy: admin?.id ?? null },
    ]);
    await seedPushAlertTemplates(tx);
  });
  await seedDemoLectures(ctx);
  await seedDemoStudents(ctx);
  await seedDemoFiles(ctx);
  return { seeded: true };
}

/**
 * On a real server without demo data, the first admin comes from ADMIN_LOGIN_ID/ADMIN_PASSWORD.
 * There is never a default password.
 */
export async function ensureInitialAdmin(ctx: AppContext): Promise<'exists' | 'created' | 'missing'> {
  const { db } = ctx;
  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.userType, 'ADMIN'));
  if ((admins?.n ?? 0) > 0) return 'exists';
  const init = ctx.config.initialAdmin;
  if (!init) return 'missing';
  await db.insert(users).values({ loginId: init.loginId, passwordHash: await hashPassword(init.password), userType: 'ADMIN', name: '관리자' });
  return 'created';
}
