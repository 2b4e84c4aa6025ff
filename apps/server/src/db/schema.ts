/** Every table, for drizzle-kit and the typed client. Each area adds its own `*.table.ts` here. */
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../lib/sms/sms.table.ts';
export * from '../modules/system/system.table.ts';
export * from '../modules/notices/notices.table.ts';
export * from '../lib/audit/audit.table.ts';
export * from '../modules/push-alert-templates/push-alert-templates.table.ts';
export * from '../modules/lectures/lectures.table.ts';
export * from '../modules/students/students.table.ts';
export * from '../modules/tags/tags.table.ts';
export * from '../modules/student-records/student-records.table.ts';
export * from '../modules/files/files.table.ts';
export * from '../lib/realtime/realtime.table.ts';
export * from '../lib/links/links.table.ts';
export * from '../modules/exams/exams.table.ts';
export * from '../modules/clinic/clinic.table.ts';
