import type { AppContext } from '../../context.ts';
import type { ExamsModule } from '../exams/index.ts';
import type { FilesModule } from '../files/index.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { UsersModule } from '../users/index.ts';
import type { OmrPool } from './worker-pool.ts';

/** What the OMR module needs: the kernel, the exams (keys, the one score write), the session's participants, the uploaded scans, names. */
export type OmrDeps = { ctx: AppContext; users: UsersModule; lectures: LecturesModule; exams: ExamsModule; files: Pick<FilesModule, 'omrFiles'>; pool: OmrPool };
