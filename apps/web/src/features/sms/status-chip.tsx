import { MESSAGE_STATUS_LABEL, type MessageStatus } from '@academy/contracts/sms';
import { Chip } from '@mui/material';

const COLOR: Record<MessageStatus, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  queued: 'default',
  sending: 'primary',
  sent: 'primary',
  delivered: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A message's state as a small coloured label (대기, 보내는 중, 발송, 수신 완료, 실패, 예약 취소). */
export function StatusChip({ status, count }: { status: MessageStatus; count?: number }) {
  const label = count === undefined ? MESSAGE_STATUS_LABEL[status] : `${MESSAGE_STATUS_LABEL[status]} ${count.toLocaleString('ko-KR')}`;
  return <Chip size="small" color={COLOR[status]} variant={status === 'queued' || status === 'sending' || status === 'cancelled' ? 'outlined' : 'filled'} label={label} data-testid={`status-${status}`} />;
}
