import { hasPermission, type Permission } from '@academy/contracts/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session.ts';

export type FromState = { from?: { pathname: string; search: string; hash: string } };

/**
 * SPEC §2: signed-out visitors go to /login carrying where they came from; signed-in users without
 * the permission go to `redirectTo` (default /login, which then sends them to their own landing page).
 */
export function RequirePermission({ permission, redirectTo = '/login', children }: { permission: Permission; redirectTo?: string; children: ReactNode }) {
  const { principal } = useSession();
  const location = useLocation();
  if (!principal) {
    const state: FromState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!hasPermission(principal, permission)) return <Navigate to={redirectTo} replace />;
  return <>{children}</>;
}
