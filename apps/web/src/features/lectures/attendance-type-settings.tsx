import type { AttendanceType } from '@academy/contracts/lectures';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, Skeleton, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { mixColors, readableInk } from '../../lib/colors.ts';
import { toast } from '../../lib/toast.ts';
import { useAttendanceTypes } from './api/attendance-types.ts';
import { useCreateAttendanceType } from './api/create-attendance-type.ts';
import { useDeleteAttendanceType } from './api/delete-attendance-type.ts';
import { useReorderAttendanceTypes } from './api/reorder-attendance-types.ts';
import { useUpdateAttendanceType } from './api/update-attendance-type.ts';

type Draft = { name: string; color: string; countsAsPresent: boolean; skipText: boolean };

/** How a type looks on the attendance sheet: its label on a light tint of its colour. */
function Preview({ name, color }: { name: string; color: string }) {
  return (
    <Box component="span" sx={{ px: 1, py: 0.25, borderRadius: 1, fontSize: 13, fontWeight: 700, bgcolor: `${color}26`, color: readableInk(color, mixColors('#ffffff', color, 0.15)) }}>
      {name || '이름'}
    </Box>
  );
}

function TypeRow({ type, index, count, canEdit, onMove }: { type: AttendanceType; index: number; count: number; canEdit: boolean; onMove: (from: number, to: number) => void }) {
  const [draft, setDraft] = useState<Draft>({ name: type.name, color: type.color, countsAsPresent: type.countsAsPresent, skipText: type.skipText });
  const update = useUpdateAttendanceType();
  const remove = useDeleteAttendanceType();
  const confirm = useConfirm();
  const dirty = draft.name !== type.name || draft.color !== type.color || draft.countsAsPresent !== type.countsAsPresent || draft.skipText !== type.skipText;
  return (
    <TableRow data-testid="att-type-row">
      <TableCell sx={{ width: 56 }}>{index + 1}</TableCell>
      <TableCell>
        {canEdit ? (
          <TextField size="small" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} slotProps={{ htmlInput: { 'aria-label': `${type.name} 이름`, maxLength: 20 } }} sx={{ width: 180 }} />
        ) : type.name}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {canEdit && (
            <Box component="input" type="color" value={draft.color} onChange={(e: { target: { value: string } }) => setDraft({ ...draft, color: e.target.value })} aria-label={`${type.name} 색상`} sx={{ width: 36, height: 28, border: 0, p: 0, bgcolor: 'transparent' }} />
          )}
          <Preview name={draft.name} color={draft.color} />
        </Stack>
      </TableCell>
      <TableCell>
        <Switch checked={draft.countsAsPresent} disabled={!canEdit} onChange={(e) => setDraft({ ...draft, countsAsPresent: e.target.checked })} slotProps={{ input: { 'aria-label': `${type.name} 출석 인정` } }} />
      </TableCell>
      <TableCell>
        <Switch checked={draft.skipText} disabled={!canEdit} onChange={(e) => setDraft({ ...draft, skipText: e.target.checked })} slotProps={{ input: { 'aria-label': `${type.name} 자동 문자 안 보냄` } }} />
      </TableCell>
      {canEdit && (
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          <IconButton size="small" aria-label={`${type.name} 위로`} disabled={index === 0} onClick={() => onMove(index, index - 1)}><ArrowUpwardOutlined fontSize="small" /></IconButton>
          <IconButton size="small" aria-label={`${type.name} 아래로`} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}><ArrowDownwardOutlined fontSize="small" /></IconButton>
          <Button
            size="small"
            disabled={!dirty || update.isPending}
            onClick={() => update.mutate({ params: { id: type.id }, body: { ...draft, seq: type.seq } }, { onSuccess: (t) => toast.success(`'${t.name}' 유형을 저장했습니다`) })}
          >
            저장
          </Button>
          <IconButton
            size="small"
            aria-label={`${type.name} 삭제`}
            onClick={async () => {
              if (await confirm({ title: '출결 유형 삭제', message: `'${type.name}' 유형을 삭제합니다. 출결 기록에 쓰인 유형은 삭제할 수 없습니다.`, confirmLabel: '삭제', danger: true })) {
                remove.mutate({ params: { id: type.id } }, { onSuccess: () => toast.success(`'${type.name}' 유형을 삭제했습니다`) });
              }
            }}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </TableCell>
      )}
    </TableRow>
  );
}

/**
 * The center's attendance types (출석, 지각 …): name, colour, whether it counts as present,
 * whether it skips the automatic 결석/지각 text (병결 told in advance), and the order (the attendance sheet's keys 1–9 follow it). Admins edit; TAs see the list.
 */
export function AttendanceTypeSettings({ canEdit }: { canEdit: boolean }) {
  const types = useAttendanceTypes();
  const create = useCreateAttendanceType();
  const reorder = useReorderAttendanceTypes();
  const [draft, setDraft] = useState<Draft>({ name: '', color: '#00695c', countsAsPresent: false, skipText: false });
  if (types.isPending) return <Skeleton variant="rounded" height={240} />;
  const list = types.data ?? [];
  const move = (from: number, to: number) => {
    const ids = list.map((t) => t.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    reorder.mutate({ body: { ids } });
  };
  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="att-type-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>순서(키)</TableCell>
              <TableCell>이름</TableCell>
              <TableCell>색상</TableCell>
              <TableCell>출석 인정</TableCell>
              <TableCell title="미리 알린 결석(병결, 가족 여행): 결석/지각 자동 문자를 보내지 않습니다">자동 문자 안 보냄</TableCell>
              {canEdit && <TableCell align="right">관리</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((t, i) => <TypeRow key={`${t.id}-${t.seq}-${t.name}-${t.color}-${t.countsAsPresent}-${t.skipText}`} type={t} index={i} count={list.length} canEdit={canEdit} onMove={move} />)}
          </TableBody>
        </Table>
      </Box>
      {canEdit ? (
        <Stack
          component="form"
          direction="row"
          spacing={1.5}
          sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ body: draft }, {
              onSuccess: (t) => {
                toast.success(`'${t.name}' 유형을 추가했습니다`);
                setDraft({ name: '', color: '#00695c', countsAsPresent: false, skipText: false });
              },
            });
          }}
        >
          <TextField size="small" label="새 유형 이름" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'att-type-new-name' } }} sx={{ width: 180 }} />
          <Box component="input" type="color" value={draft.color} onChange={(e: { target: { value: string } }) => setDraft({ ...draft, color: e.target.value })} aria-label="새 유형 색상" sx={{ width: 36, height: 28, border: 0, p: 0, bgcolor: 'transparent' }} />
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Switch checked={draft.countsAsPresent} onChange={(e) => setDraft({ ...draft, countsAsPresent: e.target.checked })} slotProps={{ input: { 'aria-label': '새 유형 출석 인정' } }} />
            <Typography variant="body2">출석 인정</Typography>
          </Stack>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Switch checked={draft.skipText} onChange={(e) => setDraft({ ...draft, skipText: e.target.checked })} slotProps={{ input: { 'aria-label': '새 유형 자동 문자 안 보냄' } }} />
            <Typography variant="body2">자동 문자 안 보냄 (병결 등)</Typography>
          </Stack>
          <Button type="submit" variant="contained" startIcon={<AddOutlined />} disabled={!draft.name.trim() || create.isPending}>추가</Button>
        </Stack>
      ) : (
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1.5 }}>출결 유형은 관리자가 바꿀 수 있습니다.</Typography>
      )}
    </Box>
  );
}
