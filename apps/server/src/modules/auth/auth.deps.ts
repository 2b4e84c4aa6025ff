import type { AppContext } from '../../context.ts';
import type { UsersModule } from '../users/index.ts';

/** What the auth module needs: the kernel and the users module (accounts and their password hashes). */
export type AuthDeps = { ctx: AppContext; users: UsersModule };
