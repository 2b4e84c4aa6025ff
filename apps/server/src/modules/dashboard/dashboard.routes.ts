import { dashboardApi } from '@academy/contracts/dashboard';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { DashboardDeps } from './dashboard.deps.ts';

/** The 원장's dashboard: ADMIN and 실장 (an admin-level TA) only, as the contracts declare. */
export function dashboardRoutes(app: FastifyInstance, { lectures }: DashboardDeps): void {
  route(app, dashboardApi.enrollment, ({ query }) => lectures.statistics.enrollmentByMonth(query));
  route(app, dashboardApi.attendance, ({ query }) => lectures.statistics.attendanceByWeek(query));
}
