import { addDays } from '@academy/contracts/dates';
import { Alert, Box, MenuItem, Paper, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/http.ts';
import { useAssignTa } from './api/assign-ta.ts';
import { useClinicSlots } from './api/slots.ts';
import { useTaCounts } from './api/ta-counts.ts';
import { CapacityBar } from './capacity-bar.tsx';

const dateLabel = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}`;

/**
 * TA assignment for a week: every slot with its TA (changed in place), and per TA how many slots,
 * seats, students, arrivals and graded retakes they have, so the load can be evened out.
 */
export function TaPanel({ monday }: { monday: string }) {
  const sunday = addDays(monday, 6);
  const counts = useTaCounts(monday, sunday);
  const slots = useClinicSlots(monday, sunday);
  const assign = useAssignTa();
  const tas = (counts.data ?? []).filter((c) => c.taId !== null);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '420px 1fr', gap: 2, alignItems: 'start' }} data-testid="ta-panel">
      <Paper variant="outlined">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, p: 1.5, pb: 0.5 }}>조교별 담당</Typography>
        {counts.isError && <Alert severity="error">{errorMessage(counts.error)}</Alert>}
        {counts.isPending && <Skeleton variant="rounded" height={160} sx={{ m: 1.5 }} />}
        <Table size="small" aria-label="조교별 담당 수">
          <TableHead>
            <TableRow>
              <TableCell>조교</TableCell>
              <TableCell align="right">시간</TableCell>
              <TableCell align="right">학생/정원</TableCell>
              <TableCell align="right">도착</TableCell>
              <TableCell align="right">채점</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(counts.data ?? []).map((c) => (
              <TableRow key={c.taId ?? 'none'} sx={c.taId === null ? { bgcolor: '#fff8e1' } : undefined} data-testid="ta-count">
                <TableCell sx={{ fontWeight: 600 }}>{c.name}</TableCell>
                <TableCell align="right">{c.slots}</TableCell>
                <TableCell align="right">{c.reserved}/{c.capacity}</TableCell>
                <TableCell align="right">{c.arrived}</TableCell>
                <TableCell align="right">{c.graded}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <Paper variant="outlined">
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, p: 1.5, pb: 0.5 }}>시간별 담당 조교</Typography>
        {slots.data?.length === 0 && <Typography color="textSecondary" sx={{ p: 2 }}>이 주에는 클리닉 시간이 없습니다.</Typography>}
        <Table size="small" aria-label="시간별 담당 조교">
          <TableBody>
            {(slots.data ?? []).map((s) => (
              <TableRow key={s.id} data-testid="ta-slot">
                <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{dateLabel(s.date)} {s.startTime}–{s.endTime}</TableCell>
                <TableCell>{s.title || s.room}</TableCell>
                <TableCell sx={{ width: 160 }}><CapacityBar reserved={s.reserved} capacity={s.capacity} dense /></TableCell>
                <TableCell sx={{ width: 180 }}>
                  <TextField
                    select
                    size="small"
                    fullWidth
                    label="담당"
                    value={s.taId ?? ''}
                    onChange={(e) => {
                      const taId = e.target.value === '' ? null : Number(e.target.value);
                      assign.mutate({ params: { id: s.id }, body: { taId } }, { onSuccess: (r) => toast.success(`${dateLabel(r.date)} ${r.startTime} 담당: ${r.taName ?? '없음'}`) });
                    }}
                  >
                    <MenuItem value="">담당 없음</MenuItem>
                    {tas.map((t) => <MenuItem key={t.taId} value={t.taId!}>{t.name}</MenuItem>)}
                  </TextField>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
