import type { AppContext } from '../../context.ts';
import type { AuthModule } from '../auth/index.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { TagsModule } from '../tags/index.ts';
import type { UsersModule } from '../users/index.ts';

/**
 * What the students module needs: the kernel, accounts (users), sessions to end after a password
 * reset (auth), tags on students (tags), and lecture ids and names for representative lectures
 * and the grid's lecture filter (lectures).
 */
export type StudentsDeps = { ctx: AppContext; users: UsersModule; auth: AuthModule; tags: TagsModule; lectures: LecturesModule };
