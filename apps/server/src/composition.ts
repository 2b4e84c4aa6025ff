import type { AppContext } from './context.ts';
import type { ModuleHooks } from './module.ts';
import { createAuthModule } from './modules/auth/index.ts';
import { createBoardModule } from './modules/board/index.ts';
import { createCenterModule } from './modules/center/index.ts';
import { createClinicModule } from './modules/clinic/index.ts';
import { createDashboardModule } from './modules/dashboard/index.ts';
import { createExamsModule } from './modules/exams/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createLecturesModule } from './modules/lectures/index.ts';
import { createNoticesModule } from './modules/notices/index.ts';
import { createOmrModule } from './modules/omr/index.ts';
import { createParentWeekModule } from './modules/parent-week/index.ts';
import { createPayrollModule } from './modules/payroll/index.ts';
import { createPushAlertTemplatesModule } from './modules/push-alert-templates/index.ts';
import { createSmsModule } from './modules/sms/index.ts';
import { createStudentRecordsModule } from './modules/student-records/index.ts';
import { createStudentsModule } from './modules/students/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createStaffModule } from './modules/staff/index.ts';
import { createTagsModule } from './modules/tags/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { createVideosModule } from './modules/videos/index.ts';

/**
 * The composition root: every module is created here, once, in dependency order, and handed the
 * public faces of the modules it uses. Nothing else creates services. A new area adds one line.
 */
export function createModules(ctx: AppContext) {
  const system = createSystemModule({ ctx });
  const users = createUsersModule({ ctx });
  const auth = createAuthModule({ ctx, users });
  const notices = createNoticesModule({ ctx });
  const pushAlertTemplates = createPushAlertTemplatesModule({ ctx });
  const lectures = createLecturesModule({ ctx, users });
  const tags = createTagsModule({ ctx, users });
  const students = createStudentsModule({ ctx, users, auth, tags, lectures });
  const studentRecords = createStudentRecordsModule({ ctx, users, students });
  const files = createFilesModule({ ctx, users, lectures, students });
  const exams = createExamsModule({ ctx, users, lectures, students });
  const omr = createOmrModule({ ctx, users, lectures, exams, files });
  const staff = createStaffModule({ ctx, users });
  const payroll = createPayrollModule({ ctx, users, staff, files });
  const videos = createVideosModule({ ctx, users, lectures, files });
  // The parent's week shows booked clinics and the clinic sends its hurry text in the SMS area's
  // words: the week reads the clinic module, created just below, only when a parent opens a link.
  const parentWeek = createParentWeekModule({ ctx, lectures, exams, files, students, bookedClinicSlots: (o) => clinic.bookings.ofStudent(o) });
  const sms = createSmsModule({ ctx, users, students, lectures, exams, templates: pushAlertTemplates.templates, parentWeek });
  const clinic = createClinicModule({ ctx, users, lectures, students, exams, notices, records: studentRecords, hurryText: (v) => sms.events.textFor('clinic_hurry', v) });
  const board = createBoardModule({ ctx, users, files, sms });
  const center = createCenterModule({ ctx, lectures, sms });
  const dashboard = createDashboardModule({ ctx, lectures, exams, clinic });
  return { system, users, auth, notices, pushAlertTemplates, lectures, tags, students, studentRecords, files, exams, omr, clinic, staff, payroll, videos, parentWeek, sms, board, center, dashboard };
}

export type Modules = ReturnType<typeof createModules>;

/** The modules in composition order, as the app registers, seeds and schedules them. */
export function moduleList(modules: Modules): ModuleHooks[] {
  return Object.values(modules) as ModuleHooks[];
}
