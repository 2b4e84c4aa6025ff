import { kstToday } from '@academy/contracts/dates';
import { scheduleText } from '@academy/contracts/lectures';
import { STUDENT_GRADES } from '@academy/contracts/students';
import { and, eq, gte } from 'drizzle-orm';
import type { LecturesDeps } from './lectures.deps.ts';
import { lectures } from './lectures.table.ts';

export type CatalogCourse = { id: number; name: string; subject: string; targetGrade: string | null; teacherName: string; schedule: string };

const gradeOrder = (g: string | null) => (g === null ? STUDENT_GRADES.length : STUDENT_GRADES.indexOf(g as (typeof STUDENT_GRADES)[number]));

/** The courses the center runs now and shows (public, enabled, not ended), by grade then name: what the public pages list. */
export function createCatalog({ ctx }: Pick<LecturesDeps, 'ctx'>) {
  return {
    async openCourses(): Promise<CatalogCourse[]> {
      const rows = await ctx.db
        .select({ id: lectures.id, name: lectures.name, subject: lectures.subject, targetGrade: lectures.targetGrade, teacherName: lectures.teacherName, schedule: lectures.schedule })
        .from(lectures)
        .where(and(eq(lectures.isPublic, true), eq(lectures.disabled, false), gte(lectures.endDate, kstToday(ctx.now()))));
      return rows
        .map((r) => ({ ...r, schedule: scheduleText(r.schedule) }))
        .sort((a, b) => gradeOrder(a.targetGrade) - gradeOrder(b.targetGrade) || a.name.localeCompare(b.name, 'ko'));
    },
  };
}
