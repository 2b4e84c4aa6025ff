import { api } from '../../lib/http.ts';

/** POST /api/supervisor/change-supervisor-password/{id}: a TA (or admin) changes their own password. */
export function changeOwnPassword(args: { userId: number; currentPassword: string; newPassword: string }): Promise<unknown> {
  return api.post(`/supervisor/change-supervisor-password/${args.userId}`, {
    currentPassword: args.currentPassword,
    newPassword: args.newPassword,
  });
}
