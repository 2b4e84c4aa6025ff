import { mondayOf, type Slot } from '@academy/contracts/clinic';
import { addDays, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { CounselList } from '../../features/clinic/counsel-list.tsx';
import { SlotFormDialog } from '../../features/clinic/slot-form-dialog.tsx';

/** /crm/counsel: counsel hours of a week, who booked them with which type, and the note after each session. */
export default function CrmCounselPage() {
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : kstToday(new Date());
  const monday = mondayOf(date);
  const sunday = addDays(monday, 6);
  const [editing, setEditing] = useState<{ slot: Slot | null } | null>(null);
  const go = (d: string) => setParams({ date: d }, { replace: true });
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader
        title="상담"
        description="학생이 유형(학습·진로·성적·기타)을 골라 예약하고, 상담 뒤 기록은 학생 기록의 상담에 남습니다."
        actions={<Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ slot: null })} data-testid="add-counsel-slot">상담 시간 추가</Button>}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <IconButton aria-label="지난주" onClick={() => go(addDays(date, -7))}><ChevronLeft /></IconButton>
        <Typography sx={{ fontWeight: 700 }}>{formatKoreanDate(monday)} ~ {formatKoreanDate(sunday)}</Typography>
        <IconButton aria-label="다음 주" onClick={() => go(addDays(date, 7))}><ChevronRight /></IconButton>
        <Button onClick={() => go(kstToday(new Date()))}>이번 주</Button>
      </Stack>
      <CounselList monday={monday} sunday={sunday} onEditSlot={(s) => setEditing({ slot: s })} />
      {editing && <SlotFormDialog kind="counsel" slot={editing.slot} defaults={{ date, startTime: '16:00', endTime: '16:30', room: '상담실' }} onClose={() => setEditing(null)} />}
    </Box>
  );
}
