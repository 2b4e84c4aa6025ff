import type { ListedFile, MadeParentLink, ParentLink } from '@academy/contracts/files';
import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, InputAdornment, MenuItem, Radio, RadioGroup, Skeleton, Stack, Table, TableBody,
  TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateParentLinks } from './api/create-parent-links.ts';
import { useParentLinks } from './api/parent-links.ts';
import { useRevokeParentLink } from './api/revoke-parent-link.ts';

const EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
const STATUS: Record<ParentLink['status'], { label: string; color: 'success' | 'default' | 'warning' }> = {
  active: { label: '사용 중', color: 'success' },
  expired: { label: '만료', color: 'default' },
  revoked: { label: '취소됨', color: 'warning' },
};

const when = (iso: string) => `${formatKoreanDate(iso)} ${dayjs(iso).format('HH:mm')}`;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('링크를 복사했습니다');
  } catch {
    // Clipboard access needs a secure context; the address stays selectable in the field.
    toast.info('주소를 길게 눌러 직접 복사해 주세요');
  }
}

/**
 * 학부모 링크 of one file: pick students (the weekly lecture's students), an expiry, and either text
 * each parent the link or just make links to copy. Below, every link made so far with how often the
 * parent opened it, and a button to revoke it.
 */
export function ParentLinksDialog({ file, onClose }: { file: ListedFile | null; onClose: () => void }) {
  const confirm = useConfirm();
  const data = useParentLinks(file?.id ?? null);
  const [picked, setPicked] = useState<number[]>([]);
  const [days, setDays] = useState<number>(7);
  const [mode, setMode] = useState<'sms' | 'copy'>('sms');
  const [made, setMade] = useState<MadeParentLink[]>([]);
  useEffect(() => {
    setPicked([]);
    setMade([]);
    setMode('sms');
    setDays(7);
  }, [file?.id]);

  const students = data.data?.students ?? [];
  // A student ticked in copy mode stays out of a text when their parent has no number.
  const chosen = mode === 'sms' ? picked.filter((id) => students.some((s) => s.id === id && s.parentPhone)) : picked;
  const create = useCreateParentLinks();
  const submit = () =>
    create.mutate(
      { params: { id: file!.id }, body: { studentIds: chosen, expiresInDays: days, sendSms: mode === 'sms' } },
      {
        onSuccess: (res) => {
          setMade(res.links);
          setPicked([]);
          toast.success(mode === 'sms' ? `학부모 ${res.links.length}명에게 문자를 보냈습니다` : `링크 ${res.links.length}개를 만들었습니다`);
        },
      },
    );
  const revoke = useRevokeParentLink();
  const askRevoke = async (link: ParentLink) => {
    if (!(await confirm({ title: '링크 취소', message: '이 링크를 취소할까요? 학부모가 더 이상 열 수 없습니다.', confirmLabel: '링크 취소', danger: true }))) return;
    revoke.mutate({ params: { id: link.id } }, { onSuccess: () => toast.success('링크를 취소했습니다') });
  };

  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const canCreate = mode === 'copy' || chosen.length > 0;

  return (
    <Dialog open={!!file} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>학부모 링크 · {file?.fileName}</DialogTitle>
      <DialogContent>
        {data.isPending && <Skeleton height={160} />}
        {data.isError && <Alert severity="error">{errorMessage(data.error)}</Alert>}
        {data.data && (
          <Stack spacing={2} data-testid="parent-links">
            <Typography variant="body2" color="textSecondary">
              학부모는 로그인 없이 링크로 이 파일만 받을 수 있습니다. 강의 자료(PDF·이미지)는 고른 학생의 이름이 워터마크로 들어갑니다.
            </Typography>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>받을 학생</Typography>
              <Box sx={{ maxHeight: 200, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1 }}>
                {students.length === 0 && <Typography variant="body2" color="textSecondary" sx={{ p: 1 }}>이 회차 자료를 볼 수 있는 학생이 없습니다</Typography>}
                {students.map((s) => {
                  const noPhone = mode === 'sms' && !s.parentPhone;
                  return (
                    <FormControlLabel
                      key={s.id}
                      sx={{ width: 220 }}
                      disabled={noPhone}
                      control={<Checkbox size="small" checked={picked.includes(s.id) && !noPhone} onChange={() => toggle(s.id)} />}
                      label={<Typography variant="body2">{s.name}{noPhone ? ' (학부모 번호 없음)' : ''}</Typography>}
                      data-testid="parent-link-student"
                    />
                  );
                })}
              </Box>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField select size="small" label="유효 기간" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 140 }} slotProps={{ htmlInput: { 'data-testid': 'parent-link-days' } }}>
                {EXPIRY_DAYS.map((d) => <MenuItem key={d} value={d}>{d}일</MenuItem>)}
              </TextField>
              <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as 'sms' | 'copy')}>
                <FormControlLabel value="sms" control={<Radio size="small" />} label="학부모에게 문자 보내기" />
                <FormControlLabel value="copy" control={<Radio size="small" />} label="링크만 만들기 (복사)" data-testid="parent-link-mode-copy" />
              </RadioGroup>
              <Button variant="contained" onClick={submit} disabled={!canCreate || create.isPending} data-testid="parent-link-create">
                {mode === 'sms' ? `문자 보내기${chosen.length ? ` (${chosen.length}명)` : ''}` : '링크 만들기'}
              </Button>
            </Stack>
            <Typography variant="caption" color="textSecondary">
              {mode === 'sms'
                ? `${formatKoreanDate(dayjs().add(days, 'day').toDate())}까지 열 수 있는 링크를 학부모 번호로 보냅니다.`
                : '학생을 고르지 않으면 학생 이름 없이 링크 하나를 만듭니다. 링크 주소는 지금만 보이니 바로 복사해 주세요.'}
            </Typography>
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            {made.length > 0 && (
              <Stack spacing={1} data-testid="parent-link-made">
                {made.map((l) => (
                  <TextField
                    key={l.id}
                    size="small"
                    label={l.studentName ? `${l.studentName} 학부모` : '학부모 링크'}
                    value={l.url}
                    slotProps={{
                      htmlInput: { readOnly: true, 'data-testid': 'parent-link-url' },
                      input: {
                        endAdornment: (
                          <InputAdornment position="end">
                            <IconButton size="small" aria-label="링크 복사" onClick={() => void copy(l.url)}><ContentCopy fontSize="small" /></IconButton>
                          </InputAdornment>
                        ),
                      },
                    }}
                  />
                ))}
              </Stack>
            )}
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>보낸 링크 {data.data.links.length}개</Typography>
              <Table size="small" data-testid="parent-link-table">
                <TableHead>
                  <TableRow>
                    <TableCell>학생</TableCell>
                    <TableCell>상태</TableCell>
                    <TableCell>만료</TableCell>
                    <TableCell>보낸 곳</TableCell>
                    <TableCell align="right">열람</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.data.links.length === 0 && (
                    <TableRow><TableCell colSpan={6}><Typography variant="body2" color="textSecondary">아직 만든 링크가 없습니다</Typography></TableCell></TableRow>
                  )}
                  {data.data.links.map((l) => (
                    <TableRow key={l.id} data-testid="parent-link-row">
                      <TableCell>{l.studentName ?? '—'}</TableCell>
                      <TableCell><Chip size="small" label={STATUS[l.status].label} color={STATUS[l.status].color} /></TableCell>
                      <TableCell>{when(l.expiresAt)}</TableCell>
                      <TableCell>{l.smsPhone ? `문자 ${formatPhone(l.smsPhone)}` : '복사'}</TableCell>
                      <TableCell align="right">
                        {l.openCount ? (
                          <Tooltip title={`마지막 ${when(l.lastOpenedAt!)}`}><span>{l.openCount}회</span></Tooltip>
                        ) : (
                          '안 열어 봄'
                        )}
                      </TableCell>
                      <TableCell align="right">
                        {l.status === 'active' && (
                          <Button size="small" color="warning" disabled={revoke.isPending} onClick={() => void askRevoke(l)}>
                            취소
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>닫기</Button></DialogActions>
    </Dialog>
  );
}
