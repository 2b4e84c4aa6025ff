import { hasPermission, type Permission } from '@academy/contracts/roles';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

export type FromState = { from?: { pathname: string; search: string; hash: string } };

/**
 * SPEC §2: signed-out visitors go to /login carrying where they came from; signed-in users without
 * the permission go to `redirectTo` (default /login, which then sends them to their own landing page),
 * told why ("권한이 없습니다"), not dropped on another page without a word.
 */
export function RequirePermission({ permission, redirectTo = '/login', children }: { permission: Permission; redirectTo?: string; children: ReactNode }) {
  const { principal } = useSession();
  const location = useLocation();
  if (!principal) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!hasPermission(principal, permission)) return <Denied to={redirectTo} permission={permission} />;
  return <>{children}</>;
}

const WHO: Record<Permission, string> = { open: '누구나', STUDENT: '학생·학부모 계정', TA: '직원 계정', ADMIN: '원장·관리자 계정' };

function Denied({ to, permission }: { to: string; permission: Permission }) {
  useEffect(() => toast.error(`권한이 없습니다. 이 화면은 ${WHO[permission]}으로 열 수 있습니다`), [permission]);
  return <Navigate to={to} replace />;
}
