import type { AppContext } from '../../context.ts';
import type { FilesModule } from '../files/index.ts';
import type { StaffModule } from '../staff/index.ts';
import type { UsersModule } from '../users/index.ts';

/**
 * What the payroll module needs: the kernel, account names (users), TAs with their wage settings
 * and the wage types (staff), and the receipts of expense claims (files).
 */
export type PayrollDeps = {
  ctx: AppContext;
  users: Pick<UsersModule, 'directory'>;
  staff: Pick<StaffModule, 'tas' | 'wageTypes' | 'clockOptions'>;
  files: Pick<FilesModule, 'receipts'>;
};
