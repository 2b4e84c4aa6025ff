import { formatWon } from '@academy/contracts/format';
import { formatMinutes, type WorkRecord } from '@academy/contracts/payroll';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Box, Button, Chip, ListItemText, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useClockIn } from './api/clock-in.ts';
import { useClockOut } from './api/clock-out.ts';
import { useWorkStatus } from './api/work-status.ts';
import { TONE } from './status-chip.tsx';

/** "1:05:09" since the start, on the server's clock (the offset is measured when the status loads). */
function useRunningTime(open: WorkRecord | null, serverNow: string | undefined): string {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!open) return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [open]);
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (serverNow) setOffset(Date.parse(serverNow) - Date.now());
  }, [serverNow]);
  if (!open) return '';
  const seconds = Math.max(0, Math.floor((Date.now() + offset - Date.parse(open.startedAt)) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * The CRM header's 출근/퇴근 button for TA accounts: one press to clock in (choosing the wage
 * type when there are several), the running time and wage type while working, one press (and a
 * confirmation) to clock out. 퇴근 누락 records are pointed out, for the TA to ask an admin.
 */
export function ClockButton() {
  const status = useWorkStatus(true);
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const confirm = useConfirm();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = status.data?.open ?? null;
  const running = useRunningTime(open, status.data?.now);
  const types = status.data?.wageTypes ?? [];
  const missing = status.data?.missingOut.length ?? 0;

  const start = async (wageTypeId: number, name: string) => {
    setAnchor(null);
    await clockIn.mutateAsync({ body: { wageTypeId } });
    toast.success(`출근했습니다 (${name})`);
  };

  const stop = async () => {
    if (!open) return;
    const minutes = Math.floor((Date.now() - Date.parse(open.startedAt)) / 60_000);
    const ok = await confirm({ title: '퇴근', message: `퇴근할까요? ${open.wageTypeName} ${formatMinutes(Math.max(0, minutes))} 근무`, confirmLabel: '퇴근' });
    if (!ok) return;
    const rec = await clockOut.mutateAsync({});
    toast.success(`퇴근했습니다 (${formatMinutes(rec.minutes ?? 0)})`);
  };

  if (status.isPending) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="clock">
      {missing > 0 && (
        <Tooltip title="퇴근을 찍지 않은 근무가 있습니다. 관리자에게 퇴근 시각 정정을 요청해 주세요">
          <Chip component={RouterLink} to="/crm/my-work" clickable size="small" icon={<WarningAmberOutlined />} label={`퇴근 누락 ${missing}건`} sx={{ ...TONE.orange, fontWeight: 600, '& .MuiChip-icon': { color: 'inherit' } }} data-testid="clock-missing" />
        </Tooltip>
      )}
      {open && (
        <Box sx={{ textAlign: 'right', lineHeight: 1.1 }} data-testid="clock-running" aria-live="off">
          <Typography component="div" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: 20, color: 'error.dark' }}>
            {running}
          </Typography>
          <Typography component="div" variant="caption" color="textSecondary">
            {open.wageTypeName} 근무 중
          </Typography>
        </Box>
      )}
      {open ? (
        <Button variant="contained" color="error" size="large" startIcon={<LogoutOutlined />} onClick={() => void stop()} disabled={clockOut.isPending} sx={{ minWidth: 120, fontSize: 17, fontWeight: 800 }} data-testid="clock-out">
          퇴근
        </Button>
      ) : (
        <Button
          variant="contained"
          color="success"
          size="large"
          startIcon={<LoginOutlined />}
          disabled={clockIn.isPending || types.length === 0}
          onClick={(e) => (types.length === 1 ? void start(types[0]!.id, types[0]!.name) : setAnchor(e.currentTarget))}
          sx={{ minWidth: 120, fontSize: 17, fontWeight: 800 }}
          aria-haspopup={types.length > 1 ? 'menu' : undefined}
          data-testid="clock-in"
        >
          출근
        </Button>
      )}
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
          근무 유형
        </Typography>
        {types.map((t) => (
          <MenuItem key={t.id} onClick={() => void start(t.id, t.name)} data-testid="clock-type">
            <ListItemText primary={t.name} secondary={t.rate === null ? '시급 미설정' : `시급 ${formatWon(t.rate)}`} />
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
