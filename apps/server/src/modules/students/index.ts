import type { ModuleHooks } from '../../module.ts';
import { createBulkService } from './bulk.service.ts';
import { createImportService } from './import.service.ts';
import { createPhotoService } from './photos.service.ts';
import { createProfileService } from './profile.service.ts';
import { createQueryService } from './query.service.ts';
import type { StudentsDeps } from './students.deps.ts';
import { largeStudentsStep } from './students.large.ts';
import { registerStudentResources } from './students.resource.ts';
import { studentRoutes } from './students.routes.ts';
import { demoRandom, seedDemoStudents } from './students.seed.ts';

export type { StudentContact } from './query.service.ts';
export type StudentsModule = ReturnType<typeof createStudentsModule>;

/**
 * Students (학생): the roster grid with 초성 search, profiles, bulk actions, the Excel import and
 * export. Owns `student_profiles`; the accounts are the users module's, tags the tags module's.
 * Other modules use:
 *
 * - `contactsOf(ids)` — names and phones (student's and parent's), deleted students included.
 * - `requireLive(id)` — a live student, or students.not_found.
 * - `list`, `listAll`, `get` — the grid's queries (benchmarks, other areas' reports).
 * - `demoRandom(seed)` — the random stream of the demo students (the records' demo continues it).
 * - `photos` — which file is a student's profile photo (`ofStudents`, `set`); the files module
 *   checks and processes the photo itself.
 */
export function createStudentsModule(deps: StudentsDeps) {
  const query = createQueryService(deps);
  const profiles = createProfileService({ ...deps, query });
  const bulk = createBulkService({ ...deps, query });
  const imports = createImportService(deps);

  return {
    contactsOf: query.contactsOf,
    requireLive: query.requireLive,
    list: query.list,
    listAll: query.listAll,
    get: query.get,
    demoRandom,
    photos: createPhotoService({ ...deps, query }),
    register(app) {
      studentRoutes(app, { now: () => deps.ctx.now(), query, profiles, bulk, imports });
      registerStudentResources(app, deps);
    },
    seed: { demo: (seed) => seedDemoStudents(deps, seed), large: largeStudentsStep },
  } satisfies ModuleHooks & Record<string, unknown>;
}
