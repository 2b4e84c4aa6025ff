import type { PeriodQuery, ScoreTrend } from '@academy/contracts/dashboard';
import type { DashboardDeps } from './dashboard.deps.ts';

/** Score trends: each exam of the period's sessions, by session date, with its class average against its cutline. */
export function createScoreTrends({ lectures, exams }: Pick<DashboardDeps, 'lectures' | 'exams'>) {
  return {
    async ofPeriod(period: PeriodQuery): Promise<ScoreTrend[]> {
      const sessions = await lectures.statistics.sessionsBetween(period);
      if (sessions.length === 0) return [];
      const byId = new Map(sessions.map((s, i) => [s.id, { ...s, order: i }]));
      const trends = await exams.trends.ofSessions(sessions.map((s) => s.id));
      return trends
        .map((e) => ({ e, s: byId.get(e.weeklyLectureId)! }))
        .sort((a, b) => a.s.order - b.s.order)
        .map(({ e, s }) => ({ ...e, lectureName: s.lectureName, date: s.date }));
    },
  };
}
