import { dashboardApi } from '@academy/contracts/dashboard';
import { estimateCost } from '@academy/contracts/sms';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { createScoreTrends } from './scores.service.ts';
import type { DashboardDeps } from './dashboard.deps.ts';

/** The 원장's dashboard: ADMIN and 실장 (an admin-level TA) only, as the contracts declare. */
export function dashboardRoutes(app: FastifyInstance, { ctx, lectures, exams, clinic }: DashboardDeps): void {
  const scores = createScoreTrends({ lectures, exams });
  route(app, dashboardApi.enrollment, ({ query }) => lectures.statistics.enrollmentByMonth(query));
  route(app, dashboardApi.attendance, ({ query }) => lectures.statistics.attendanceByWeek(query));
  route(app, dashboardApi.scores, ({ query }) => scores.ofPeriod(query));
  route(app, dashboardApi.clinic, ({ query }) => clinic.statistics.completionByMonth(query));
  route(app, dashboardApi.smsSpend, async ({ query }) =>
    (await ctx.sms.records.sentByMonth(query)).map((m) => ({ ...m, cost: estimateCost(m, ctx.sms.prices) })));
}
