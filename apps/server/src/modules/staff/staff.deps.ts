import type { AppContext } from '../../context.ts';
import type { UsersModule } from '../users/index.ts';

/** What the staff module needs: the kernel and the accounts (the users module owns the users table). */
export type StaffDeps = { ctx: AppContext; users: UsersModule };
