import type { WorkRecord } from '@academy/contracts/payroll';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { kstToday } from '@academy/contracts/dates';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useTas } from '../../../features/payroll/api/tas.ts';
import { useWorkRecords } from '../../../features/payroll/api/work-records.ts';
import { MonthPicker } from '../../../features/payroll/month-picker.tsx';
import { AddRecordDialog, CorrectRecordDialog } from '../../../features/payroll/record-dialogs.tsx';
import { thisMonth } from '../../../features/payroll/time.ts';
import { calendarRange, WorkCalendar } from '../../../features/payroll/work-calendar.tsx';

/** /crm/admin/work: a calendar of every TA's records; corrections (with a reason) from any record or day. */
export default function WorkPage() {
  const [month, setMonth] = useState(thisMonth());
  const [taId, setTaId] = useState<number | ''>('');
  const [open, setOpen] = useState<WorkRecord | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const tas = useTas();
  const records = useWorkRecords({ ...calendarRange(month), ...(taId === '' ? {} : { taId }) });
  const missing = (records.data ?? []).filter((r) => r.status === 'missing_out');

  return (
    <>
      <PageHeader
        title="근무 기록"
        description="모든 조교의 출근·퇴근 기록입니다. 기록을 누르면 사유와 함께 정정하고, 날짜를 누르면 빠진 근무를 추가합니다."
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(kstToday(new Date()))} data-testid="record-add">
            근무 추가
          </Button>
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <MonthPicker month={month} onChange={setMonth} max={thisMonth()} />
        <TextField select size="small" label="조교" value={taId} onChange={(e) => setTaId(e.target.value === '' ? '' : Number(e.target.value))} sx={{ width: 200 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'work-ta-filter' } }}>
          <MenuItem value="">모든 조교</MenuItem>
          {(tas.data ?? []).map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
        </TextField>
      </Stack>
      {missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="missing-out-alert">
          퇴근을 찍지 않은 기록이 {missing.length}건 있습니다 ({missing.map((r) => `${r.taName} ${Number(r.workDate.slice(5, 7))}/${Number(r.workDate.slice(8, 10))}`).join(', ')}). 주황색 기록을 눌러 퇴근 시각을 넣어 주세요. 그 달은 이 기록을 고치기 전에는 마감할 수 없습니다.
        </Alert>
      )}
      <WorkCalendar month={month} records={records.data ?? []} onOpen={setOpen} onDay={setAdding} />
      {open && <CorrectRecordDialog record={open} onClose={() => setOpen(null)} />}
      {adding && <AddRecordDialog date={adding} onClose={() => setAdding(null)} />}
    </>
  );
}
