import type { AppContext } from '../../context.ts';
import type { UsersModule } from '../users/index.ts';

/** What the lectures module needs from outside: the kernel and the public face of the users module. */
export type LecturesDeps = { ctx: AppContext; users: UsersModule };
