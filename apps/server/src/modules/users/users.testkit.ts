import { koreanName, mobile, rng } from '../../db/seed/korean.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { TestApp } from '../../../test/harness.ts';
import { users } from './users.table.ts';

/** An account made for a test, with a signed access token (no sign-in round trip needed). */
export type TestAccount = { id: number; loginId: string; name: string; phone: string; password: string; token: string };

type AccountSpec = { userType: 'STUDENT' | 'TA' | 'ADMIN'; isAdminLevel?: boolean; name?: string; loginId?: string; phone?: string; password?: string };

const PASSWORD = 'test-pass-1234!';
let passwordHash: Promise<string> | undefined;
let counter = 0;
const random = rng(7);

/**
 * Makes accounts straight in the users table (this module's own testkit). Every account shares one
 * password hash, computed once, so a test file that makes fifty students spends no argon2 time.
 */
export async function makeAccount(t: TestApp, spec: AccountSpec): Promise<TestAccount> {
  const n = ++counter;
  const loginId = spec.loginId ?? `${spec.userType.toLowerCase()}${process.pid}x${n}`;
  const password = spec.password ?? PASSWORD;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = spec.password ? await hashPassword(spec.password) : await passwordHash;
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      loginId,
      passwordHash: hash,
      userType: spec.userType,
      isAdminLevel: spec.isAdminLevel ?? false,
      name: spec.name ?? koreanName(random),
      phone: spec.phone ?? mobile(random),
    })
    .returning();
  const token = await t.ctx.signer.sign({ userId: row!.id, loginId, userType: spec.userType, isAdminLevel: spec.isAdminLevel ?? false });
  return { id: row!.id, loginId, name: row!.name, phone: row!.phone!, password, token };
}

/** An admin (원장), an admin-level TA (실장) and a TA. */
export async function makeStaff(t: TestApp): Promise<{ admin: TestAccount; manager: TestAccount; ta: TestAccount }> {
  return {
    admin: await makeAccount(t, { userType: 'ADMIN', name: '김원장' }),
    manager: await makeAccount(t, { userType: 'TA', isAdminLevel: true, name: '이실장' }),
    ta: await makeAccount(t, { userType: 'TA', name: '박조교' }),
  };
}

/** `n` students with Korean names and phones. */
export async function makeStudents(t: TestApp, n: number, over: Partial<Omit<AccountSpec, 'userType'>> = {}): Promise<TestAccount[]> {
  const out: TestAccount[] = [];
  for (let i = 0; i < n; i++) out.push(await makeAccount(t, { ...over, userType: 'STUDENT' }));
  return out;
}
