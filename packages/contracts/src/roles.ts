/** Account kinds as the API names them (SPEC §3). */
export const USER_TYPES = ['STUDENT', 'TA', 'ADMIN'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * Route permissions (SPEC §6). `open` needs no sign-in; the others form a ladder:
 * STUDENT ⊂ TA ⊂ ADMIN, and a TA flagged isAdminLevel holds ADMIN.
 */
export const PERMISSIONS = ['open', 'STUDENT', 'TA', 'ADMIN'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export type Principal = { userType: UserType; isAdminLevel: boolean };

const rank: Record<Exclude<Permission, 'open'>, number> = { STUDENT: 1, TA: 2, ADMIN: 3 };

export function principalRank(p: Principal): number {
  if (p.userType === 'ADMIN' || (p.userType === 'TA' && p.isAdminLevel)) return rank.ADMIN;
  return rank[p.userType];
}

export function hasPermission(p: Principal | null | undefined, required: Permission): boolean {
  if (required === 'open') return true;
  if (!p) return false;
  return principalRank(p) >= rank[required];
}

/** Where each role lands after sign-in (SPEC §2). */
export function landingPath(p: Principal | null | undefined): string {
  if (!p) return '/';
  if (p.userType === 'ADMIN' || (p.userType === 'TA' && p.isAdminLevel)) return '/crm/lectures';
  if (p.userType === 'TA') return '/crm/notice';
  if (p.userType === 'STUDENT') return '/portal';
  return '/';
}

export const USER_TYPE_LABEL: Record<UserType, string> = { STUDENT: '학생', TA: '조교', ADMIN: '관리자' };
