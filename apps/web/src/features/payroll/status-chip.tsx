import { CLAIM_STATUS_LABEL, WORK_STATUS_LABEL, type ClaimStatus, type WorkStatus } from '@academy/contracts/payroll';
import { Chip, type ChipProps } from '@mui/material';

/**
 * Soft chip tones with dark text (AA contrast): MUI's filled info and warning chips put white text
 * on light colours, which is too faint to read.
 */
export const TONE = {
  blue: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  green: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  orange: { bgcolor: '#fff3e0', color: '#8a3b00' },
  red: { bgcolor: '#ffebee', color: '#b71c1c' },
  grey: { bgcolor: '#f1f3f1', color: '#37403a' },
} as const;

export const ToneChip = ({ tone, ...rest }: { tone: keyof typeof TONE } & ChipProps) => <Chip size="small" {...rest} sx={{ ...TONE[tone], fontWeight: 600, '& .MuiChip-icon': { color: 'inherit' }, ...rest.sx }} />;

const WORK_TONE: Record<WorkStatus, keyof typeof TONE> = { open: 'blue', closed: 'grey', missing_out: 'orange' };
const CLAIM_TONE: Record<ClaimStatus, keyof typeof TONE> = { pending: 'blue', approved: 'green', rejected: 'red' };

export const WorkStatusChip = ({ status }: { status: WorkStatus }) => <ToneChip tone={WORK_TONE[status]} label={WORK_STATUS_LABEL[status]} data-testid="work-status" />;

export const ClaimStatusChip = ({ status }: { status: ClaimStatus }) => <ToneChip tone={CLAIM_TONE[status]} label={CLAIM_STATUS_LABEL[status]} data-testid="claim-status" />;
