import { formatMonth } from '@academy/contracts/payroll';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Button, Stack, Typography } from '@mui/material';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { Section } from '../../components/section.tsx';
import { downloadMyPayslip } from '../../features/payroll/api/my-payslip.ts';
import { useMyPay } from '../../features/payroll/api/my-pay.ts';
import { useMyRecords } from '../../features/payroll/api/my-records.ts';
import { MonthPicker } from '../../features/payroll/month-picker.tsx';
import { MyClaims } from '../../features/payroll/my-claims.tsx';
import { RecordsTable } from '../../features/payroll/my-records-table.tsx';
import { PayLineDetail } from '../../features/payroll/pay-line-detail.tsx';
import { PaySummary } from '../../features/payroll/pay-summary.tsx';
import { thisMonth } from '../../features/payroll/time.ts';
import { errorMessage } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

/** A TA's own work: the month's records, pay so far (or the closed month's payslip), expense claims. */
export default function MyWorkPage() {
  const { userType } = useSession();
  if (userType !== 'TA') return <Alert severity="info">근무 기록과 급여는 조교 계정에만 있습니다. 조교들의 근무는 '근무 기록'과 '급여'에서 봅니다.</Alert>;
  return <MyWork />;
}

function MyWork() {
  const [month, setMonth] = useState(thisMonth());
  const records = useMyRecords(month);
  const pay = useMyPay(month);
  const closed = pay.data?.status === 'closed';
  const download = async () => {
    try {
      await downloadMyPayslip(month);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Stack spacing={2.5}>
      <PageHeader title="내 근무·급여" description="출근·퇴근은 화면 위의 버튼으로 찍습니다. 급여는 마감 전까지 지금까지의 예상 금액입니다." actions={<MonthPicker month={month} onChange={setMonth} max={thisMonth()} />} />
      <Section
        title={closed ? `${formatMonth(month)} 급여 (마감)` : `${formatMonth(month)} 급여 (지금까지)`}
        testId="my-pay"
        actions={
          closed && pay.data?.line ? (
            <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void download()} data-testid="my-payslip">
              급여명세서 PDF
            </Button>
          ) : undefined
        }
      >
        {pay.data?.line ? (
          <>
            <PaySummary line={pay.data.line} />
            <Accordion disableGutters elevation={0} sx={{ mt: 2, border: 1, borderColor: 'divider', '&:before': { display: 'none' } }}>
              <AccordionSummary expandIcon={<ExpandMoreOutlined />}>
                <Typography sx={{ fontWeight: 600 }}>항목별 내역</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <PayLineDetail line={pay.data.line} />
              </AccordionDetails>
            </Accordion>
          </>
        ) : (
          <Typography color="textSecondary">{pay.isPending ? '불러오는 중…' : '이 달에는 급여 내역이 없습니다.'}</Typography>
        )}
      </Section>
      <Section title="근무 기록" testId="my-records">
        {records.data && <RecordsTable records={records.data} />}
      </Section>
      <MyClaims />
    </Stack>
  );
}
