import { formatKoreanDate, formatWon } from '@academy/contracts/format';
import { formatMonth, previousMonth, type PayrollLine } from '@academy/contracts/payroll';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Chip, IconButton, List, ListItem, ListItemText, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Section } from '../../../components/section.tsx';
import { useCloseMonth } from '../../../features/payroll/api/close-month.ts';
import { useCustomWages } from '../../../features/payroll/api/custom-wages.ts';
import { useDeleteCustomWage } from '../../../features/payroll/api/delete-custom-wage.ts';
import { downloadPayrollExcel } from '../../../features/payroll/api/payroll-excel.ts';
import { usePayrollInfo } from '../../../features/payroll/api/payroll-info.ts';
import { downloadPayslip } from '../../../features/payroll/api/payslip.ts';
import { CustomWageDialog } from '../../../features/payroll/custom-wage-dialog.tsx';
import { MonthPicker } from '../../../features/payroll/month-picker.tsx';
import { PayrollSettingsPanel } from '../../../features/payroll/payroll-settings-panel.tsx';
import { PayrollTable } from '../../../features/payroll/payroll-table.tsx';
import { thisMonth } from '../../../features/payroll/time.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';

/** Runs a download, telling the user when it fails. */
const run = (p: Promise<void>) => p.catch((err: unknown) => toast.error(errorMessage(err)));

/** /crm/admin/payroll: the month per TA, the detail of each, custom wages, close, Excel and payslips. */
export default function PayrollPage() {
  const [month, setMonth] = useState(previousMonth(thisMonth()));
  const [adding, setAdding] = useState(false);
  const info = usePayrollInfo(month);
  const custom = useCustomWages(month);
  const close = useCloseMonth();
  const removeCustom = useDeleteCustomWage();
  const confirm = useConfirm();
  const data = info.data;
  const closed = data?.status === 'closed';
  const over = month < thisMonth();

  const doClose = async () => {
    if (!data) return;
    const ok = await confirm({
      title: `${formatMonth(month)} 급여 마감`,
      message: `${data.lines.length}명, 실지급액 합계 ${formatWon(data.totals.net)}으로 마감할까요? 마감한 달의 근무 기록과 추가·공제는 더는 바꿀 수 없고, 이후 정정은 다음 달에 넣습니다.`,
      confirmLabel: '마감',
    });
    if (!ok) return;
    await close.mutateAsync({ params: { month } });
    toast.success(`${formatMonth(month)} 급여를 마감했습니다`);
  };
  const payslip = (l: PayrollLine) => run(downloadPayslip(month, l.taId, l.name));

  return (
    <Stack spacing={2.5}>
      <PageHeader
        title="급여"
        description="근무 기록, 주휴수당, 가산, 월급, 추가·공제, 승인된 경비로 조교별 급여를 계산합니다."
        actions={
          <>
            <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void run(downloadPayrollExcel(month))} data-testid="payroll-excel">
              엑셀
            </Button>
            <Button variant="contained" startIcon={<LockOutlined />} disabled={!data || closed || !over || close.isPending} onClick={() => void doClose()} data-testid="payroll-close">
              {closed ? '마감됨' : '급여 마감'}
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <MonthPicker month={month} onChange={setMonth} max={thisMonth()} />
        {data && (
          <Chip
            color={closed ? 'success' : 'default'}
            icon={closed ? <LockOutlined /> : undefined}
            label={closed ? `마감 ${data.closedAt ? formatKoreanDate(new Date(data.closedAt)) : ''} · ${data.closedByName ?? ''}` : over ? '마감 전' : '진행 중인 달 (지금까지)'}
            data-testid="payroll-status"
          />
        )}
        {data && (
          <Typography color="textSecondary">
            {data.rates.year}년 최저시급 {formatWon(data.rates.minimumWage)} · 연장·야간 가산 {data.premiumsEnabled ? '켬' : '끔'}
          </Typography>
        )}
      </Box>
      {data?.notes.map((n) => <Alert key={n} severity="info">{n}</Alert>)}
      <Section title={`${formatMonth(month)} 조교별 급여`} testId="payroll-lines">
        {data ? <PayrollTable info={data} onPayslip={(l) => void payslip(l)} /> : <Typography color="textSecondary">불러오는 중…</Typography>}
      </Section>
      <Section
        title="추가·공제"
        testId="custom-wages"
        actions={
          !closed && (
            <Button startIcon={<AddOutlined />} onClick={() => setAdding(true)} data-testid="custom-wage-add">
              항목 넣기
            </Button>
          )
        }
      >
        {custom.data?.length ? (
          <List dense disablePadding>
            {custom.data.map((c) => (
              <ListItem
                key={c.id}
                disableGutters
                secondaryAction={
                  !closed && (
                    <Tooltip title="삭제">
                      <IconButton aria-label={`${c.taName} ${c.memo} 삭제`} onClick={() => void removeCustom.mutateAsync({ params: { id: c.id } })}>
                        <DeleteOutlineOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )
                }
              >
                <ListItemText primary={`${c.taName} · ${c.memo}`} secondary={`${c.amount > 0 ? '+' : ''}${formatWon(c.amount)} · ${c.createdByName ?? ''}`} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="textSecondary">이 달의 추가·공제 항목이 없습니다. 감독 수당, 지각 공제, 마감한 달의 정정분을 넣습니다.</Typography>
        )}
      </Section>
      <PayrollSettingsPanel />
      {adding && <CustomWageDialog month={month} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
