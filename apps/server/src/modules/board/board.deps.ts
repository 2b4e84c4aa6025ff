import type { AppContext } from '../../context.ts';
import type { FilesModule } from '../files/index.ts';
import type { SmsModule } from '../sms/index.ts';
import type { UsersModule } from '../users/index.ts';

/** What the board needs: the kernel, accounts (names, phones), the files module for attachments, the center's name. */
export type BoardDeps = {
  ctx: AppContext;
  users: Pick<UsersModule, 'directory'>;
  files: Pick<FilesModule, 'boardFiles'>;
  sms: Pick<SmsModule, 'senderName'>;
};

/** Who is looking: a signed-in account or nobody, and the client address the limits count by. */
export type Viewer = { user: { userId: number; userType: 'STUDENT' | 'TA' | 'ADMIN'; isAdminLevel: boolean } | null; ip: string };
