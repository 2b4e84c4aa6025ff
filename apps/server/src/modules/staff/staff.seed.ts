import type { DemoSeed, LargeSeedStep } from '../../db/seed/seed.ts';
import type { StaffDeps } from './staff.deps.ts';
import { hourlyWageTypes, taProfiles } from './staff.table.ts';

/** The demo center's wage types: 수업보조 pays each TA's own rate; the others have their own. */
export const DEMO_WAGE_TYPES = [
  { name: '수업보조', rate: null, sortOrder: 1 },
  { name: '클리닉', rate: 12_000, sortOrder: 2 },
  { name: '채점', rate: 10_500, sortOrder: 3 },
  { name: '상담 보조', rate: 11_000, sortOrder: 4 },
] as const;

/**
 * Wage settings of the demo TAs: 실장 on a monthly salary with 근로소득 withholding; the TAs by the
 * hour with 3.3%. ta04's own rate is still 2025's minimum (10,030원), below 2026's: the demo shows
 * the warning a 원장 who forgot the yearly raise would see.
 */
const DEMO_SETTINGS: Record<string, Partial<typeof taProfiles.$inferInsert>> = {
  manager: { paymentType: 'MONTHLY', monthlySalary: 2_600_000, salaryStartMonth: '2025-03', monthlyWageType: 'EMPLOYMENT' },
  ta01: { paymentType: 'HOURLY', hourlyWage: 11_000 },
  ta02: { paymentType: 'HOURLY', hourlyWage: 10_320 },
  ta03: { paymentType: 'HOURLY', hourlyWage: 12_000 },
  ta04: { paymentType: 'HOURLY', hourlyWage: 10_030 },
};

export async function seedDemoStaff({ ctx }: Pick<StaffDeps, 'ctx'>, seed: DemoSeed): Promise<void> {
  const { db } = ctx;
  await db.transaction(async () => {
    await db.insert(hourlyWageTypes).values(DEMO_WAGE_TYPES.map((t) => ({ ...t })));
    const rows = Object.entries(DEMO_SETTINGS).flatMap(([loginId, s]) => {
      const userId = seed.accounts.get(loginId);
      return userId === undefined ? [] : [{ userId, ...s }];
    });
    if (rows.length) await db.insert(taProfiles).values(rows);
  });
}

/** The 30 TAs of `seed:large`: by the hour, own rates between 10,320원 and 13,000원, two wage types each. */
export const largeStaffStep: LargeSeedStep = {
  name: 'staff: wage settings of the generated TAs',
  run: async ({ db, taIds, random }) => {
    const existing = await db.select({ userId: taProfiles.userId }).from(taProfiles);
    const have = new Set(existing.map((r) => r.userId));
    const types = await db.select({ id: hourlyWageTypes.id }).from(hourlyWageTypes);
    const ids = types.map((t) => t.id);
    const todo = taIds.filter((id) => !have.has(id));
    if (todo.length === 0) return;
    await db.insert(taProfiles).values(todo.map((userId, i) => ({
      userId,
      paymentType: 'HOURLY' as const,
      hourlyWage: 10_320 + Math.floor(random() * 27) * 100,
      monthlyWageType: i % 3 === 0 ? ('EMPLOYMENT' as const) : ('BUSINESS' as const),
      wageTypeIds: ids.length >= 2 ? [ids[i % ids.length]!, ids[(i + 1) % ids.length]!] : ids,
    })));
  },
};
