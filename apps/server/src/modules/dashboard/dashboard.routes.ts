import { dashboardApi } from '@academy/contracts/dashboard';
import { estimateCost } from '@academy/contracts/sms';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { DashboardDeps } from './dashboard.deps.ts';

/** The 원장's dashboard: ADMIN and 실장 (an admin-level TA) only, as the contracts declare. */
export function dashboardRoutes(app: FastifyInstance, { ctx, lectures }: DashboardDeps): void {
  route(app, dashboardApi.enrollment, ({ query }) => lectures.statistics.enrollmentByMonth(query));
  route(app, dashboardApi.attendance, ({ query }) => lectures.statistics.attendanceByWeek(query));
  route(app, dashboardApi.smsSpend, async ({ query }) =>
    (await ctx.sms.records.sentByMonth(query)).map((m) => ({ ...m, cost: estimateCost(m, ctx.sms.prices) })));
}
