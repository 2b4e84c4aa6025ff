import { formatKoreanDate } from '@academy/contracts/format';
import { formatMinutes, type WorkRecord } from '@academy/contracts/payroll';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { WorkStatusChip } from './status-chip.tsx';
import { kstDate, kstTime } from './time.ts';

/** One month of a TA's records: day, wage type, in, out, hours, status, and an admin's reason when corrected. */
export function RecordsTable({ records, showTa = false }: { records: readonly WorkRecord[]; showTa?: boolean }) {
  if (records.length === 0) return <Typography color="textSecondary">이 달의 근무 기록이 없습니다. 위의 출근 버튼을 누르면 기록이 시작됩니다.</Typography>;
  return (
    <Table size="small" aria-label="근무 기록" data-testid="records-table">
      <TableHead>
        <TableRow>
          <TableCell>근무일</TableCell>
          {showTa && <TableCell>조교</TableCell>}
          <TableCell>유형</TableCell>
          <TableCell>출근</TableCell>
          <TableCell>퇴근</TableCell>
          <TableCell align="right">시간</TableCell>
          <TableCell>상태</TableCell>
          <TableCell>정정 사유</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((r) => (
          <TableRow key={r.id} data-testid="record-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatKoreanDate(r.workDate)}</TableCell>
            {showTa && <TableCell>{r.taName}</TableCell>}
            <TableCell>{r.wageTypeName}</TableCell>
            <TableCell>{kstTime(r.startedAt)}</TableCell>
            <TableCell>{r.endedAt ? `${kstDate(r.endedAt) !== r.workDate ? '다음날 ' : ''}${kstTime(r.endedAt)}` : '—'}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{r.minutes === null ? '—' : formatMinutes(r.minutes)}</TableCell>
            <TableCell>
              <WorkStatusChip status={r.status} />
            </TableCell>
            <TableCell sx={{ color: 'text.secondary' }}>{r.corrected ? r.correctionReason : ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
