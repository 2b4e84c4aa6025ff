import { bookingRulesText, mondayOf, type Slot } from '@academy/contracts/clinic';
import { addDays, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import { hasPermission } from '@academy/contracts/roles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import { Box, Button, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useBookingRules } from '../../features/clinic/api/rules.ts';
import { DayBoard } from '../../features/clinic/day-board.tsx';
import { ClinicNoticeDialog, CopyDayDialog, RulesDialog } from '../../features/clinic/settings-dialogs.tsx';
import { SlotFormDialog } from '../../features/clinic/slot-form-dialog.tsx';
import { TaPanel } from '../../features/clinic/ta-panel.tsx';
import { WeekView } from '../../features/clinic/week-view.tsx';
import { useSession } from '../../lib/session.ts';
import { DateInput } from '../../components/date-field.tsx';

type View = 'week' | 'day' | 'ta';
const VIEWS: View[] = ['week', 'day', 'ta'];

/**
 * /crm/clinic: the week of clinics (capacity bars, add and edit, copy a day), the day's board
 * (arrival by click or barcode, drag to move, retake grading, live) and TA assignment with counts.
 * `?view=week|day|ta&date=YYYY-MM-DD` keeps the place on reload.
 */
export default function CrmClinicPage() {
  const [params, setParams] = useSearchParams();
  const { principal } = useSession();
  const isAdmin = hasPermission(principal, 'ADMIN');
  const view: View = VIEWS.includes(params.get('view') as View) ? (params.get('view') as View) : 'week';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : kstToday(new Date());
  const monday = mondayOf(date);
  const rules = useBookingRules();
  const [editing, setEditing] = useState<{ slot: Slot | null; date?: string } | null>(null);
  const [copying, setCopying] = useState(false);
  const [notice, setNotice] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);

  const go = (next: { view?: View; date?: string }) => setParams({ view: next.view ?? view, date: next.date ?? date }, { replace: true });
  const step = view === 'day' ? 1 : 7;

  return (
    <Box>
      <PageHeader
        title="클리닉"
        description={rules.data ? `예약 규칙: ${bookingRulesText(rules.data)}` : '클리닉 시간과 예약, 당일 출결, 재시험 채점'}
        actions={
          <>
            <Button startIcon={<CampaignOutlined />} onClick={() => setNotice(true)} data-testid="open-clinic-notice">클리닉 안내</Button>
            <Button startIcon={<RuleOutlined />} onClick={() => setRulesOpen(true)}>예약 규칙</Button>
            <Button startIcon={<ContentCopyOutlined />} onClick={() => setCopying(true)} data-testid="open-copy-day">하루 복사</Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ slot: null, date })} data-testid="add-slot">시간 추가</Button>
          </>
        }
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Tabs value={view} onChange={(_, v: View) => go({ view: v })} sx={{ flexGrow: 1 }} aria-label="클리닉 보기">
          <Tab value="week" label="주간 일정" data-testid="tab-week" />
          <Tab value="day" label="당일 현황" data-testid="tab-day" />
          <Tab value="ta" label="조교 배정" data-testid="tab-ta" />
        </Tabs>
        <IconButton aria-label={view === 'day' ? '전날' : '지난주'} onClick={() => go({ date: addDays(date, -step) })}><ChevronLeft /></IconButton>
        <Typography sx={{ fontWeight: 700, minWidth: 210, textAlign: 'center' }} data-testid="clinic-range">
          {view === 'day' ? formatKoreanDate(date) : `${formatKoreanDate(monday)} ~ ${formatKoreanDate(addDays(monday, 6))}`}
        </Typography>
        <IconButton aria-label={view === 'day' ? '다음날' : '다음 주'} onClick={() => go({ date: addDays(date, step) })}><ChevronRight /></IconButton>
        <DateInput size="small" label="날짜" value={date} onChange={(d) => d && go({ date: d })} width={190} />
        <Button onClick={() => go({ date: kstToday(new Date()) })}>오늘</Button>
      </Stack>
      {view === 'week' && <WeekView monday={monday} onEdit={(s) => setEditing({ slot: s })} onAdd={(d) => setEditing({ slot: null, date: d })} onOpenDay={(d) => go({ view: 'day', date: d })} />}
      {view === 'day' && <DayBoard date={date} />}
      {view === 'ta' && <TaPanel monday={monday} />}
      {editing && <SlotFormDialog kind="clinic" slot={editing.slot} defaults={{ date: editing.date ?? date }} onClose={() => setEditing(null)} />}
      {copying && <CopyDayDialog fromDate={date} onClose={() => setCopying(false)} />}
      {notice && <ClinicNoticeDialog canEdit={isAdmin} onClose={() => setNotice(false)} />}
      {rulesOpen && <RulesDialog canEdit={isAdmin} onClose={() => setRulesOpen(false)} />}
    </Box>
  );
}
