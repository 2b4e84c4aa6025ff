import { hasPermission } from '@academy/contracts/roles';
import { lectureTopic } from '@academy/contracts/lectures';
import type { ModuleHooks } from '../../module.ts';
import { createAttendanceMarks } from './attendance-marks.ts';
import { createCatalog } from './catalog.ts';
import { createLectureStatistics } from './statistics.ts';
import { createAttendanceService, type AttendanceListener } from './attendance.service.ts';
import type { LecturesDeps } from './lectures.deps.ts';
import { largeLecturesStep } from './lectures.large.ts';
import { registerLectureResources } from './lectures.resource.ts';
import { lectureRoutes } from './lectures.routes.ts';
import { seedDemoLectures } from './lectures.seed.ts';
import { createLectureService } from './lectures.service.ts';
import { createParticipation } from './participation.ts';
import { createPortalService } from './portal.service.ts';
import { createRosterService } from './roster.service.ts';
import { createSessionService } from './sessions.service.ts';

export type LecturesModule = ReturnType<typeof createLecturesModule>;
export type { AttendanceChange, AttendanceListener } from './attendance.service.ts';
export { demoGradeOf } from './lectures.seed.ts';

/**
 * Lectures (강좌) and everything that hangs off a lecture's timetable: D-days, the roster, the
 * sessions (회차) with their participants, attendance and announcements, and the portal's view of
 * them. Other modules use only what this returns besides `register` and `seed`:
 *
 * - `participation` — is this student in this session / lecture; who takes part.
 * - `sessions` — find or require a session, describe sessions by id.
 * - `lectures` — check lecture ids, lecture names.
 * - `attendanceMarks` — a mark set on a student's behalf (a completed video), never over a person's.
 * - `attendance` — the types, the current marks, and `onChange` (a listener told of every change
 *   in its transaction: the SMS area's absence and late texts).
 * - `studentWeek` — one student's sessions with their marks, and sessions' announcements (the
 *   parent's week).
 * - `catalog` — the courses the center runs now (the landing page).
 * - `statistics` — the dashboard's figures of rosters and attendance for a period.
 */
export function createLecturesModule(deps: LecturesDeps) {
  const roster = createRosterService(deps);
  const lectures = createLectureService({ ...deps, roster });
  const sessions = createSessionService({ ...deps, roster });
  const attendanceListeners: AttendanceListener[] = [];
  const attendance = createAttendanceService({ ...deps, listeners: attendanceListeners });
  const portal = createPortalService(deps);

  return {
    ...createParticipation(deps),
    attendanceMarks: createAttendanceMarks(deps),
    attendance: {
      types: attendance.listTypes,
      marksOf: attendance.marksOf,
      onChange: (listener: AttendanceListener) => void attendanceListeners.push(listener),
    },
    studentWeek: { sessions: portal.sessionsBetween, announcements: portal.announcementsOf },
    catalog: createCatalog(deps),
    statistics: createLectureStatistics(deps),
    register(app) {
      lectureRoutes(app, { lectures, roster, sessions, attendance, portal });
      registerLectureResources(app);
    },
    // A lecture's topic carries its score grid and attendance events: staff only.
    topics: [{ topic: lectureTopic, authorize: ({ user }) => hasPermission(user, 'TA') }],
    seed: {
      demo: (seed) => seedDemoLectures({ ctx: deps.ctx, lectures, roster }, seed),
      large: largeLecturesStep,
    },
  } satisfies ModuleHooks & Record<string, unknown>;
}
