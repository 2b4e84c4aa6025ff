import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { koreanName, mobile } from '../../db/seed/korean.ts';
import type { DemoSeed, LargeSeedStep } from '../../db/seed/seed.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { users } from './users.table.ts';

/** Demo accounts printed at start and used by the browser tests (ARCHITECTURE style rule 9). */
export const DEMO_ACCOUNTS = [
  { loginId: 'admin', password: 'admin1234!', role: '관리자 (원장)', name: '김한빛', userType: 'ADMIN', isAdminLevel: false, phone: '01090000001' },
  { loginId: 'manager', password: 'manager1234!', role: '실장 (관리자급 조교)', name: '이실장', userType: 'TA', isAdminLevel: true, phone: '01090000002' },
  { loginId: 'ta01', password: 'ta1234!', role: '조교', name: '박조교', userType: 'TA', isAdminLevel: false, phone: '01090000003' },
  { loginId: 'student01', password: 'student1234!', role: '학생', name: '최민준', userType: 'STUDENT', isAdminLevel: false, phone: '01055550001' },
] as const;

export const DEMO_STUDENT_COUNT = 40;

/** The demo center's accounts: the four printed ones, three more TAs and 39 more students. */
export async function seedDemoAccounts(ctx: AppContext, seed: DemoSeed): Promise<void> {
  const { db } = ctx;
  const r = seed.random;
  const studentHash = await hashPassword('student1234!');
  await db.transaction(async () => {
    for (const a of DEMO_ACCOUNTS) {
      await db.insert(users).values({
        loginId: a.loginId,
        passwordHash: a.loginId === 'student01' ? studentHash : await hashPassword(a.password),
        userType: a.userType,
        name: a.name,
        phone: a.phone,
        isAdminLevel: a.isAdminLevel,
      });
    }
    const taHash = await hashPassword('ta1234!');
    await db.insert(users).values([2, 3, 4].map((i) => ({ loginId: `ta0${i}`, passwordHash: taHash, userType: 'TA' as const, name: koreanName(r), phone: mobile(r) })));
    await db.insert(users).values(
      Array.from({ length: DEMO_STUDENT_COUNT - 1 }, (_, i) => ({
        loginId: `student${String(i + 2).padStart(2, '0')}`,
        passwordHash: studentHash,
        userType: 'STUDENT' as const,
        name: koreanName(r),
        phone: mobile(r),
      })),
    );
  });
  for (const a of await db.select({ id: users.id, loginId: users.loginId }).from(users)) seed.accounts.set(a.loginId, a.id);
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

/** The size of the generated center's accounts. */
export const LARGE_ACCOUNTS = { students: 10_000, tas: 30 } as const;
const BATCH = 1000;

/**
 * The accounts of `seed:large`. Passwords of the generated accounts share one hash (hashing 10,000
 * passwords would take minutes and prove nothing).
 */
export const largeAccountsStep: LargeSeedStep = {
  name: `accounts: ${LARGE_ACCOUNTS.students} students, ${LARGE_ACCOUNTS.tas} TAs`,
  run: async ({ db, random }) => {
    const [students] = await db.select({ n: count() }).from(users).where(eq(users.userType, 'STUDENT'));
    if ((students?.n ?? 0) >= LARGE_ACCOUNTS.students) return;
    const studentHash = await hashPassword('student1234!');
    const taHash = await hashPassword('ta1234!');
    for (let start = 0; start < LARGE_ACCOUNTS.students; start += BATCH) {
      await db.insert(users).values(
        Array.from({ length: Math.min(BATCH, LARGE_ACCOUNTS.students - start) }, (_, i) => ({
          loginId: `s${String(start + i + 1).padStart(5, '0')}`,
          passwordHash: studentHash,
          userType: 'STUDENT' as const,
          name: koreanName(random),
          phone: mobile(random),
        })),
      );
    }
    await db.insert(users).values(
      Array.from({ length: LARGE_ACCOUNTS.tas }, (_, i) => ({
        loginId: `bta${String(i + 1).padStart(2, '0')}`,
        passwordHash: taHash,
        userType: 'TA' as const,
        name: koreanName(random),
        phone: mobile(random),
      })),
    );
  },
};
