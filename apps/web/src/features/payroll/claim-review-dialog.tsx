import { formatKoreanDate, formatWon } from '@academy/contracts/format';
import { formatMonth } from '@academy/contracts/payroll';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useApproveClaim } from './api/approve-claim.ts';
import { useClaim } from './api/claim.ts';
import { useRejectClaim } from './api/reject-claim.ts';
import { ReceiptPreview } from './receipt-preview.tsx';
import { ClaimStatusChip } from './status-chip.tsx';

/** One claim beside its receipt: approve it (paid that month) or reject it with a reason the TA sees. */
export function ClaimReviewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const claim = useClaim(id);
  const approve = useApproveClaim();
  const reject = useRejectClaim();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const c = claim.data;
  const pending = c?.status === 'pending';

  const doApprove = async () => {
    const r = await approve.mutateAsync({ params: { id } });
    toast.success(`승인했습니다: ${formatMonth(r.payMonth!)} 급여에 더합니다`);
    onClose();
  };
  const doReject = async () => {
    setProblem(null);
    try {
      await reject.mutateAsync({ params: { id }, body: { reason } });
      toast.success('반려했습니다');
      onClose();
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="claim-review">
      <DialogTitle>경비 청구{c ? ` — ${c.taName}` : ''}</DialogTitle>
      <DialogContent>
        {c && (
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1.3fr', gap: 3 }}>
            <Stack spacing={1.5}>
              <Box>
                <ClaimStatusChip status={c.status} />
              </Box>
              <Typography sx={{ fontSize: 28, fontWeight: 800 }} data-testid="claim-amount-view">{formatWon(c.amount)}</Typography>
              <Typography>{c.memo}</Typography>
              <Typography color="textSecondary">쓴 날짜 {formatKoreanDate(c.date)}</Typography>
              <Typography color="textSecondary">청구 {formatKoreanDate(new Date(c.createdAt))}</Typography>
              {c.status === 'approved' && c.payMonth && <Alert severity="success">{formatMonth(c.payMonth)} 급여에 비과세 경비로 포함 ({c.decidedByName})</Alert>}
              {c.status === 'rejected' && <Alert severity="error">반려: {c.rejectReason}</Alert>}
              {pending && (
                <TextField
                  label="반려 사유"
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  helperText={problem ?? '반려할 때 필요합니다. 조교에게 보입니다'}
                  error={!!problem}
                  multiline
                  minRows={2}
                  slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
                />
              )}
            </Stack>
            <ReceiptPreview receipt={c.receipt} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>닫기</Button>
        {pending && (
          <>
            <Button color="error" variant="outlined" onClick={() => void doReject()} disabled={reject.isPending} data-testid="claim-reject">
              반려
            </Button>
            <Button variant="contained" onClick={() => void doApprove()} disabled={approve.isPending} data-testid="claim-approve">
              승인
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
