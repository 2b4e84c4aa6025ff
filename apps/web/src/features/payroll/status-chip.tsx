import { CLAIM_STATUS_LABEL, WORK_STATUS_LABEL, type ClaimStatus, type WorkStatus } from '@academy/contracts/payroll';
import { Chip } from '@mui/material';

const WORK_COLOR: Record<WorkStatus, 'success' | 'default' | 'warning'> = { open: 'success', closed: 'default', missing_out: 'warning' };
const CLAIM_COLOR: Record<ClaimStatus, 'info' | 'success' | 'error'> = { pending: 'info', approved: 'success', rejected: 'error' };

export const WorkStatusChip = ({ status }: { status: WorkStatus }) => (
  <Chip size="small" variant={status === 'closed' ? 'outlined' : 'filled'} color={WORK_COLOR[status]} label={WORK_STATUS_LABEL[status]} data-testid="work-status" />
);

export const ClaimStatusChip = ({ status }: { status: ClaimStatus }) => (
  <Chip size="small" color={CLAIM_COLOR[status]} label={CLAIM_STATUS_LABEL[status]} data-testid="claim-status" />
);
