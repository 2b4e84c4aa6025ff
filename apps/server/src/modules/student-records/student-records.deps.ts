import type { AppContext } from '../../context.ts';
import type { StudentsModule } from '../students/index.ts';
import type { UsersModule } from '../users/index.ts';

/** What student records need: the kernel, accounts (counselors) and the students module (live students). */
export type StudentRecordsDeps = { ctx: AppContext; users: UsersModule; students: StudentsModule };
