import { describe, expect, it } from 'vitest';
import { hasPermission, landingPath } from './roles.ts';

const student = { userType: 'STUDENT' as const, isAdminLevel: false };
const ta = { userType: 'TA' as const, isAdminLevel: false };
const manager = { userType: 'TA' as const, isAdminLevel: true };
const admin = { userType: 'ADMIN' as const, isAdminLevel: false };

describe('permissions (SPEC §6)', () => {
  it('forms the ladder STUDENT ⊂ TA ⊂ ADMIN with isAdminLevel ⇒ ADMIN', () => {
    expect([student, ta, manager, admin].map((p) => hasPermission(p, 'STUDENT'))).toEqual([true, true, true, true]);
    expect([student, ta, manager, admin].map((p) => hasPermission(p, 'TA'))).toEqual([false, true, true, true]);
    expect([student, ta, manager, admin].map((p) => hasPermission(p, 'ADMIN'))).toEqual([false, false, true, true]);
    expect(hasPermission(null, 'STUDENT')).toBe(false);
    expect(hasPermission(null, 'open')).toBe(true);
  });

  it('lands each role on its page (SPEC §2)', () => {
    expect(landingPath(admin)).toBe('/crm/lectures');
    expect(landingPath(manager)).toBe('/crm/lectures');
    expect(landingPath(ta)).toBe('/crm/notice');
    expect(landingPath(student)).toBe('/portal');
    expect(landingPath(null)).toBe('/');
  });
});
