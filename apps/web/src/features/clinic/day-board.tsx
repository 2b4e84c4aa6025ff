import { useProfileImages } from '../../lib/profile-images.ts';
import { type DailyStatus, type Participant, RESERVE_TYPE_LABEL, type SlotWithParticipants } from '@academy/contracts/clinic';
import { formatKoreanDate } from '@academy/contracts/format';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import QrCodeScannerOutlined from '@mui/icons-material/QrCodeScannerOutlined';
import { Alert, Box, Button, Chip, InputAdornment, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { call } from '../../lib/call.ts';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { clinicApi } from '@academy/contracts/clinic';
import { dailyStatusQuery } from './api/daily-status.ts';
import { useMoveParticipant } from './api/move-participant.ts';
import { AddParticipantsDialog, DayDialog, GradeDialog, MoveDialog } from './board-dialogs.tsx';
import { CapacityBar } from './capacity-bar.tsx';
import { applyToBoard, scanTarget } from './clinic-live.ts';
import { DRAG_TYPE, ParticipantCard } from './participant-card.tsx';
import { useClinicLive } from './use-clinic-live.ts';

function SlotColumn({ slot, photos, onGrade, onMove, onAdd, onDropParticipant }: {
  slot: SlotWithParticipants;
  photos: Map<number, string>;
  onGrade: (p: Participant) => void;
  onMove: (p: Participant) => void;
  onAdd: () => void;
  onDropParticipant: (participantId: number) => void;
}) {
  const [over, setOver] = useState(false);
  const arrived = slot.participants.filter((p) => p.arrivedAt).length;
  const accept = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <Paper
      variant="outlined"
      sx={{ width: 300, flex: '0 0 300px', display: 'flex', flexDirection: 'column', maxHeight: 'calc(100vh - 250px)', borderColor: over ? 'primary.main' : 'divider', borderWidth: over ? 2 : 1, bgcolor: over ? '#f1f8f2' : 'background.paper' }}
      onDragOver={(e) => {
        if (!accept(e)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const id = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (id && !slot.participants.some((p) => p.id === id)) onDropParticipant(id);
      }}
      data-testid="board-slot"
      data-slot-id={slot.id}
      aria-label={`${slot.startTime}–${slot.endTime} ${slot.title}`}
      role="region"
    >
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>{slot.startTime}–{slot.endTime}</Typography>
          <Typography variant="body2" noWrap sx={{ flexGrow: 1 }}>{slot.title}</Typography>
          {slot.reserveType === 'assigned' && <Chip size="small" label={RESERVE_TYPE_LABEL.assigned} />}
        </Stack>
        <Typography variant="caption" color="textSecondary" component="p">
          {slot.room || '장소 미정'} · {slot.taName ?? '담당 없음'} · 도착 {arrived}/{slot.participants.length}
        </Typography>
        <Box sx={{ mt: 0.75 }}>
          <CapacityBar reserved={slot.reserved} capacity={slot.capacity} dense />
        </Box>
      </Box>
      <Stack spacing={1} sx={{ p: 1, overflowY: 'auto', flexGrow: 1 }}>
        {slot.participants.length === 0 && <Typography variant="body2" color="textSecondary" sx={{ p: 1, textAlign: 'center' }}>아직 예약한 학생이 없습니다</Typography>}
        {slot.participants.map((p) => (
          <ParticipantCard key={p.id} p={p} onGrade={onGrade} onMove={onMove} photoUrl={photos.get(p.userId)} />
        ))}
      </Stack>
      <Box sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}>
        <Button size="small" fullWidth startIcon={<PersonAddAlt1Outlined />} onClick={onAdd} disabled={slot.reserved >= slot.capacity}>학생 넣기</Button>
      </Box>
    </Paper>
  );
}

/**
 * The day's board: every slot of the day side by side with its students, live for every TA. A
 * barcode scanner (or the keyboard) types a student's id into the scan box: the first Enter marks
 * the arrival, the next the departure. A student card dragged onto another slot moves there.
 */
export function DayBoard({ date }: { date: string }) {
  const query = dailyStatusQuery(date);
  const board = useQuery(query);
  const live = useClinicLive<DailyStatus>({ dates: [date], queryKey: query.queryKey, apply: applyToBoard });
  const move = useMoveParticipant();
  const [scan, setScan] = useState('');
  const [grading, setGrading] = useState<Participant | null>(null);
  const [moving, setMoving] = useState<Participant | null>(null);
  const [adding, setAdding] = useState<SlotWithParticipants | null>(null);
  const [editingDay, setEditingDay] = useState(false);
  const day = board.data?.days.find((d) => d.date === date);
  const photos = useProfileImages(board.data?.slots.flatMap((s) => s.participants.map((p) => p.userId)) ?? []);

  const onScan = async () => {
    if (!board.data) return;
    const found = scanTarget(board.data, scan);
    if ('error' in found) {
      toast.warning(found.error);
      return;
    }
    const { participant: p, action } = found;
    try {
      await call(action === 'arrival' ? clinicApi.arrival : clinicApi.departure, { params: { id: p.id } }, { overlay: false });
      toast.success(`${p.name} ${action === 'arrival' ? '도착' : '하원'}`);
      setScan('');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Box data-testid="day-board" data-live={live === 'live' ? 'true' : 'false'}>
      <Stack direction="row" spacing={1.5} sx={{ mb: 1.5, alignItems: 'center' }}>
        <TextField
          size="small"
          label="바코드·아이디 입력"
          placeholder="학생증을 찍거나 아이디를 치고 Enter"
          value={scan}
          onChange={(e) => setScan(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void onScan();
            }
          }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><QrCodeScannerOutlined fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': 'scan-input' } }}
          sx={{ width: 360 }}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0, p: 1, borderRadius: 1, bgcolor: day?.memo ? '#fffbe6' : 'transparent' }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} color={day?.memo ? 'text.primary' : 'text.secondary'} data-testid="day-memo">
            {day?.memo || `${formatKoreanDate(date)} 메모 없음`}
          </Typography>
        </Box>
        <Button size="small" startIcon={<EditNoteOutlined />} onClick={() => setEditingDay(true)}>메모·예약 시간</Button>
        <Chip size="small" color={live === 'live' ? 'success' : 'default'} variant="outlined" label={live === 'live' ? '실시간' : '연결 중…'} />
      </Stack>
      {board.isPending && <Stack direction="row" spacing={1.5}>{[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" width={300} height={360} />)}</Stack>}
      {board.isError && <Alert severity="error">{errorMessage(board.error)}</Alert>}
      {board.data && board.data.slots.length === 0 && (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>이날은 클리닉 시간이 없습니다. 주간 일정에서 시간을 추가하거나 다른 날을 복사해 주세요.</Paper>
      )}
      {board.data && board.data.slots.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1, alignItems: 'flex-start' }}>
          {board.data.slots.map((s) => (
            <SlotColumn
              key={s.id}
              slot={s}
              photos={photos}
              onGrade={setGrading}
              onMove={setMoving}
              onAdd={() => setAdding(s)}
              onDropParticipant={(id) => move.mutate({ params: { id, slotId: s.id } }, { onSuccess: (p) => toast.success(`${p.name} 학생을 ${s.startTime}로 옮겼습니다`) })}
            />
          ))}
        </Box>
      )}
      {grading && <GradeDialog p={grading} onClose={() => setGrading(null)} />}
      {moving && board.data && <MoveDialog p={moving} slots={board.data.slots} onClose={() => setMoving(null)} />}
      {adding && <AddParticipantsDialog slot={board.data?.slots.find((s) => s.id === adding.id) ?? adding} onClose={() => setAdding(null)} />}
      {editingDay && <DayDialog date={date} day={day} onClose={() => setEditingDay(false)} />}
    </Box>
  );
}
