import { formatKoreanDate, formatWon } from '@academy/contracts/format';
import { formatMonth, type ExpenseClaim } from '@academy/contracts/payroll';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { Section } from '../../components/section.tsx';
import { toast } from '../../lib/toast.ts';
import { useDeleteClaim } from './api/delete-claim.ts';
import { useMyClaims } from './api/my-claims.ts';
import { ClaimDialog } from './claim-dialog.tsx';
import { ReceiptPreview } from './receipt-preview.tsx';
import { ClaimStatusChip } from './status-chip.tsx';

/** The TA's expense claims: file one with a receipt, edit or withdraw it while pending, see decisions. */
export function MyClaims() {
  const claims = useMyClaims();
  const remove = useDeleteClaim();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ claim: ExpenseClaim | null } | null>(null);
  const [viewing, setViewing] = useState<ExpenseClaim | null>(null);

  const withdraw = async (c: ExpenseClaim) => {
    if (!(await confirm({ title: '청구 취소', message: `${formatWon(c.amount)} "${c.memo}" 청구를 취소할까요? 영수증도 함께 지워집니다.`, confirmLabel: '청구 취소', danger: true }))) return;
    await remove.mutateAsync({ params: { id: c.id } });
    toast.success('청구를 취소했습니다');
  };

  return (
    <Section
      title="경비 청구"
      testId="my-claims"
      actions={
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ claim: null })} data-testid="claim-add">
          경비 청구
        </Button>
      }
    >
      {claims.data && claims.data.length === 0 && <Typography color="textSecondary">청구한 경비가 없습니다. 센터를 위해 쓴 돈은 영수증과 함께 청구하세요.</Typography>}
      {claims.data && claims.data.length > 0 && (
        <Table size="small" aria-label="내 경비 청구">
          <TableHead>
            <TableRow>
              <TableCell>날짜</TableCell>
              <TableCell>내용</TableCell>
              <TableCell align="right">금액</TableCell>
              <TableCell>상태</TableCell>
              <TableCell>지급·반려</TableCell>
              <TableCell align="right">관리</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {claims.data.map((c) => (
              <TableRow key={c.id} data-testid="claim-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatKoreanDate(c.date)}</TableCell>
                <TableCell>{c.memo}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatWon(c.amount)}</TableCell>
                <TableCell>
                  <ClaimStatusChip status={c.status} />
                </TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{c.status === 'approved' && c.payMonth ? `${formatMonth(c.payMonth)} 급여에 포함` : (c.rejectReason ?? '')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="영수증 보기">
                    <IconButton aria-label={`${c.memo} 영수증 보기`} onClick={() => setViewing(c)}>
                      <ReceiptOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {c.status === 'pending' && (
                    <>
                      <Tooltip title="수정">
                        <IconButton aria-label={`${c.memo} 청구 수정`} onClick={() => setEditing({ claim: c })}>
                          <EditOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="청구 취소">
                        <IconButton aria-label={`${c.memo} 청구 취소`} onClick={() => void withdraw(c)}>
                          <DeleteOutlineOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <ClaimDialog claim={editing.claim} onClose={() => setEditing(null)} />}
      {viewing && (
        <Dialog open onClose={() => setViewing(null)} maxWidth="sm" fullWidth>
          <DialogTitle>영수증 — {viewing.memo}</DialogTitle>
          <DialogContent>
            <Stack spacing={1}>
              <ReceiptPreview receipt={viewing.receipt} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setViewing(null)}>닫기</Button>
          </DialogActions>
        </Dialog>
      )}
    </Section>
  );
}
