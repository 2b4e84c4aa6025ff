import type { AppContext } from '../../context.ts';
import type { UsersModule } from '../users/index.ts';

/** What the tags module needs: the kernel and the users module (tags hang on accounts). */
export type TagsDeps = { ctx: AppContext; users: UsersModule };
