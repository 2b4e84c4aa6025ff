import type { AppContext } from '../../context.ts';
import type { ClinicModule } from '../clinic/index.ts';
import type { ExamsModule } from '../exams/index.ts';
import type { LecturesModule } from '../lectures/index.ts';

/** What the dashboard needs: the kernel and the public faces of the areas whose figures it shows. */
export type DashboardDeps = { ctx: AppContext; lectures: Pick<LecturesModule, 'statistics'>; exams: Pick<ExamsModule, 'trends'>; clinic: Pick<ClinicModule, 'statistics'> };
