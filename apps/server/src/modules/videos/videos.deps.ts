import type { AppContext } from '../../context.ts';
import type { FilesModule } from '../files/index.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { UsersModule } from '../users/index.ts';

/**
 * What the videos module needs from outside: the kernel (database, storage, jobs, realtime, audit),
 * names and phones of accounts (users), who takes part in which session and the attendance mark
 * on completion (lectures), and the uploaded originals (files).
 */
export type VideosDeps = {
  ctx: AppContext;
  users: Pick<UsersModule, 'directory'>;
  lectures: Pick<LecturesModule, 'participation' | 'sessions' | 'lectures' | 'attendanceMarks'>;
  files: Pick<FilesModule, 'videoFiles'>;
};
