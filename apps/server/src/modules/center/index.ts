import { centerApi, type PublicCenter } from '@academy/contracts/center';
import type { AppContext } from '../../context.ts';
import { route } from '../../http/route.ts';
import type { ModuleHooks } from '../../module.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { SmsModule } from '../sms/index.ts';

export type CenterDeps = { ctx: AppContext; lectures: Pick<LecturesModule, 'catalog'>; sms: Pick<SmsModule, 'senderName'> };

/**
 * The center as the public pages show it, read from the data: its name (the SMS settings' 보내는
 * 곳 이름, the name parents see on every text) and the courses it runs now with their teachers.
 * Owns no table.
 */
export function createCenterModule(deps: CenterDeps) {
  async function info(): Promise<PublicCenter> {
    const [name, courses] = await Promise.all([deps.sms.senderName(), deps.lectures.catalog.openCourses()]);
    const teachers = new Map<string, Set<string>>();
    for (const c of courses) teachers.set(c.teacherName, (teachers.get(c.teacherName) ?? new Set()).add(c.subject));
    return { name, courses, teachers: [...teachers].map(([teacher, subjects]) => ({ name: teacher, subjects: [...subjects] })) };
  }
  return {
    info,
    register(app) {
      route(app, centerApi.info, () => info());
    },
  } satisfies ModuleHooks & Record<string, unknown>;
}
