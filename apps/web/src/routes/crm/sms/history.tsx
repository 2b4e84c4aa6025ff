import { formatPhone } from '@academy/contracts/format';
import { MESSAGE_STATUS_LABEL, MESSAGE_STATUSES, PURPOSE_LABEL, purposeLabel, RECIPIENT_AUDIENCE_LABEL, recipientLabel, type MessageStatus } from '@academy/contracts/sms';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCancelSmsBatch } from '../../../features/sms/api/cancel-sms-batch.ts';
import { useResendSms } from '../../../features/sms/api/resend-sms.ts';
import { useSmsBatches } from '../../../features/sms/api/sms-batches.ts';
import { useSmsHistory } from '../../../features/sms/api/sms-history.ts';
import { MessageDialog, when } from '../../../features/sms/message-dialog.tsx';
import { StatusChip } from '../../../features/sms/status-chip.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { DateInput } from '../../../components/date-field.tsx';

const PAGE_SIZE = 50;

/**
 * /crm/sms/history — every text the center sent: the sends (batches) with their counts per
 * status, and below them each recipient's message with its status and reason, filtered by send,
 * status, purpose, name or number and dates. Failed messages can be sent again; a scheduled send
 * can be cancelled before its time. Lists refresh by themselves while messages are on their way.
 */
export default function CrmSmsHistoryPage() {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirm();
  const batchId = Number(params.get('batchId')) || undefined;
  const [batchPage, setBatchPage] = useState(1);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<MessageStatus | ''>('');
  const [purpose, setPurpose] = useState('');
  const [q, setQ] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const batches = useSmsBatches(batchPage);
  const history = useSmsHistory({ page, size: PAGE_SIZE, batchId, status: status || undefined, purpose: purpose || undefined, q: q.trim() || undefined, from: from || undefined, to: to || undefined });
  const resend = useResendSms();
  const cancel = useCancelSmsBatch();

  const chooseBatch = (id: number | null) => {
    setPage(1);
    setPicked(new Set());
    setParams(id ? { batchId: String(id) } : {});
  };

  const resendPicked = async () => {
    const ok = await confirm({ title: '실패한 문자 다시 보내기', message: `실패한 문자 ${picked.size}통을 같은 내용으로 다시 보냅니다.`, confirmLabel: '다시 보내기' });
    if (!ok) return;
    const r = await resend.mutateAsync({ body: { messageIds: [...picked] } });
    setPicked(new Set());
    toast.success(`${r.queued}통을 다시 보내기 시작했습니다`);
  };

  const cancelBatch = async (id: number, title: string) => {
    const ok = await confirm({ title: '예약 취소', message: `'${title}' 예약 발송 중 아직 나가지 않은 문자를 모두 취소합니다.`, confirmLabel: '예약 취소', danger: true });
    if (!ok) return;
    const r = await cancel.mutateAsync({ params: { id } });
    toast.success(`${r.cancelled}통을 취소했습니다`);
  };

  const items = history.data?.items ?? [];
  // A text with a reset or parent link is never sent twice (the person asks for a new link).
  const failedHere = items.filter((m) => m.status === 'failed' && !m.secret);

  return (
    <Box sx={{ maxWidth: 1240 }}>
      <PageHeader
        title="보낸 문자 내역"
        description="받는 사람마다 대기 → 발송 → 수신 완료(또는 실패와 그 이유)가 기록됩니다."
        actions={<Button variant="contained" component={RouterLink} to="/crm/sms" startIcon={<EditOutlined />}>문자 보내기</Button>}
      />
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h3" sx={{ mb: 1 }}>보낸 묶음</Typography>
          <Table size="small" aria-label="보낸 묶음" data-testid="sms-batches">
            <TableHead>
              <TableRow>
                <TableCell>보낸 시각</TableCell>
                <TableCell>제목</TableCell>
                <TableCell>받는 사람</TableCell>
                <TableCell>보낸 사람</TableCell>
                <TableCell align="right">건수</TableCell>
                <TableCell>상태</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(batches.data?.items ?? []).map((b) => (
                <TableRow key={b.id} hover selected={b.id === batchId} onClick={() => chooseBatch(b.id === batchId ? null : b.id)} sx={{ cursor: 'pointer' }} data-testid="sms-batch-row">
                  <TableCell>{when(b.sendAt)}</TableCell>
                  <TableCell>{b.title}{b.advertising ? ' (광고)' : ''}</TableCell>
                  <TableCell>{RECIPIENT_AUDIENCE_LABEL[b.audience]}</TableCell>
                  <TableCell>{b.createdByName ?? (b.purpose === 'schedule' ? '정기 발송' : '')}</TableCell>
                  <TableCell align="right">{b.total.toLocaleString('ko-KR')}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                      {MESSAGE_STATUSES.filter((s) => b.counts[s] > 0).map((s) => <StatusChip key={s} status={s} count={b.counts[s]} />)}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    {b.counts.queued > 0 && new Date(b.sendAt) > new Date() && (
                      <Button size="small" color="error" onClick={(e) => { e.stopPropagation(); void cancelBatch(b.id, b.title); }}>예약 취소</Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {batches.data?.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>아직 보낸 문자가 없습니다.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={batches.data?.totalCount ?? 0}
            page={batchPage - 1}
            rowsPerPage={10}
            rowsPerPageOptions={[10]}
            onPageChange={(_, p) => setBatchPage(p + 1)}
            labelDisplayedRows={({ from: f, to: t, count }) => `${f}–${t} / ${count}`}
          />
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
            <Typography variant="h6" component="h3">
              받는 사람별 결과{batchId ? ` — 고른 묶음` : ''}
            </Typography>
            <Stack direction="row" spacing={1}>
              {batchId && <Button onClick={() => chooseBatch(null)}>모든 문자 보기</Button>}
              <Button variant="outlined" startIcon={<ReplayOutlined />} disabled={picked.size === 0 || resend.isPending} onClick={() => void resendPicked().catch((e: unknown) => toast.error(errorMessage(e)))} data-testid="sms-resend">
                실패 {picked.size}통 다시 보내기
              </Button>
            </Stack>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
            <TextField select size="small" label="상태" value={status} onChange={(e) => { setStatus(e.target.value as MessageStatus | ''); setPage(1); }} sx={{ minWidth: 120 }} slotProps={{ htmlInput: { 'data-testid': 'sms-filter-status' } }}>
              <MenuItem value="">전체</MenuItem>
              {MESSAGE_STATUSES.map((s) => <MenuItem key={s} value={s}>{MESSAGE_STATUS_LABEL[s]}</MenuItem>)}
            </TextField>
            <TextField select size="small" label="보낸 이유" value={purpose} onChange={(e) => { setPurpose(e.target.value); setPage(1); }} sx={{ minWidth: 150 }}>
              <MenuItem value="">전체</MenuItem>
              {Object.entries(PURPOSE_LABEL).map(([k, v]) => <MenuItem key={k} value={k}>{v}</MenuItem>)}
            </TextField>
            <TextField size="small" label="이름 또는 번호" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} slotProps={{ htmlInput: { maxLength: 40 } }} />
            <DateInput size="small" label="부터" value={from} onChange={(d) => { setFrom(d); setPage(1); }} width={224} />
            <DateInput size="small" label="까지" value={to} onChange={(d) => { setTo(d); setPage(1); }} width={224} />
          </Stack>
          {history.isError && <Alert severity="error">{errorMessage(history.error)}</Alert>}
          <Table size="small" aria-label="받는 사람별 결과" data-testid="sms-messages">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    disabled={failedHere.length === 0}
                    checked={failedHere.length > 0 && failedHere.every((m) => picked.has(m.id))}
                    onChange={(e) => setPicked(e.target.checked ? new Set(failedHere.map((m) => m.id)) : new Set())}
                    slotProps={{ input: { 'aria-label': '이 쪽의 실패한 문자 모두 고르기' } }}
                  />
                </TableCell>
                <TableCell>받는 사람</TableCell>
                <TableCell>번호</TableCell>
                <TableCell>보낸 이유</TableCell>
                <TableCell>종류</TableCell>
                <TableCell>상태</TableCell>
                <TableCell>결과</TableCell>
                <TableCell>시각</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((m) => (
                <TableRow key={m.id} hover onClick={() => setOpen(m.id)} sx={{ cursor: 'pointer' }} data-testid="sms-message-row">
                  <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                    {m.status === 'failed' && m.secret && (
                      <Tooltip title="보안 링크가 든 문자는 다시 보낼 수 없습니다. 새 링크를 요청하거나 만들어 보내 주세요">
                        <LockOutlined fontSize="small" color="action" titleAccess="보안 문자: 다시 보낼 수 없음" sx={{ m: 1.5 }} />
                      </Tooltip>
                    )}
                    {m.status === 'failed' && !m.secret && (
                      <Checkbox
                        checked={picked.has(m.id)}
                        onChange={(e) => setPicked((p) => { const n = new Set(p); if (e.target.checked) n.add(m.id); else n.delete(m.id); return n; })}
                        slotProps={{ input: { 'aria-label': `${m.recipientName ?? formatPhone(m.toPhone)} 다시 보내기 고르기` } }}
                      />
                    )}
                  </TableCell>
                  <TableCell>{recipientLabel({ name: m.recipientName, audience: m.audience })}</TableCell>
                  <TableCell>{formatPhone(m.toPhone)}</TableCell>
                  <TableCell>{purposeLabel(m.purpose)}</TableCell>
                  <TableCell>{m.kind}</TableCell>
                  <TableCell><StatusChip status={m.status} /></TableCell>
                  <TableCell sx={{ maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={m.result ?? ''}>{m.result ?? ''}</TableCell>
                  <TableCell>{when(m.sentAt ?? m.sendAfter)}</TableCell>
                </TableRow>
              ))}
              {history.data?.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>조건에 맞는 문자가 없습니다.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <TablePagination
            component="div"
            count={history.data?.totalCount ?? 0}
            page={page - 1}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, p) => setPage(p + 1)}
            labelDisplayedRows={({ from: f, to: t, count }) => `${f}–${t} / ${count}`}
            data-testid="sms-messages-pagination"
          />
        </CardContent>
      </Card>
      <MessageDialog id={open} onClose={() => setOpen(null)} />
    </Box>
  );
}
