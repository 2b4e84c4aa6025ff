import { StudentAvatar } from '../../components/student-avatar.tsx';
import { CLINIC_STATUS_LABEL } from '@academy/contracts/exams';
import { kstTime, type Participant, TODO_KINDS, type TodoItem } from '@academy/contracts/clinic';
import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreVert from '@mui/icons-material/MoreVert';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Box, Button, Chip, IconButton, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useArrival } from './api/arrival.ts';
import { useCancelArrival } from './api/cancel-arrival.ts';
import { useDeparture } from './api/departure.ts';
import { useHurry } from './api/hurry.ts';
import { useRemoveParticipant } from './api/remove-participant.ts';
import { useSetTodos } from './api/todo-status.ts';

export const DRAG_TYPE = 'application/x-clinic-participant';

/** Where a participant stands, in one short chip. */
function StatusChip({ p }: { p: Participant }) {
  if (p.departedAt) return <Chip size="small" label={`하원 ${kstTime(p.departedAt)}`} sx={{ bgcolor: '#e0e0e0', color: '#333' }} />;
  if (p.arrivedAt) return <Chip size="small" color="success" label={`도착 ${kstTime(p.arrivedAt)}`} />;
  if (p.hurryCount > 0) return <Chip size="small" label={`재촉 ${p.hurryCount}회 · ${kstTime(p.hurriedAt!)}`} sx={{ bgcolor: '#fff3e0', color: '#8a4b00' }} />;
  return <Chip size="small" variant="outlined" label="미도착" />;
}

/**
 * One student on the day's board: status, the score the clinic is for, the todo list, and the
 * marks (도착 / 하원, 재촉, 채점). Dragged onto another slot's column it moves there; the menu does
 * the same by keyboard (옮기기).
 */
export function ParticipantCard({ p, onGrade, onMove, photoUrl }: { p: Participant; onGrade: (p: Participant) => void; onMove: (p: Participant) => void; photoUrl?: string }) {
  const arrival = useArrival();
  const departure = useDeparture();
  const cancelArrival = useCancelArrival();
  const hurry = useHurry();
  const todos = useSetTodos();
  const remove = useRemoveParticipant();
  const confirm = useConfirm();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const params = { params: { id: p.id } };
  const t = p.target;
  const done = t?.clinic === 'done';

  const toggleTodo = (kind: TodoItem['kind']) => {
    const has = p.todos.find((x) => x.kind === kind);
    const next = has ? p.todos.map((x) => (x.kind === kind ? { ...x, done: !x.done } : x)) : [...p.todos, { kind, done: true }];
    todos.mutate({ params: { id: p.id }, body: { todos: next } });
  };

  return (
    <Box
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(p.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
      sx={{ p: 1.25, borderRadius: 1.5, border: 1, borderColor: p.arrivedAt && !p.departedAt ? 'success.light' : 'divider', bgcolor: p.departedAt ? '#fafafa' : 'background.paper', cursor: 'grab' }}
      data-testid="participant"
      data-login-id={p.loginId}
      data-arrived={p.arrivedAt ? 'true' : 'false'}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <DragIndicator fontSize="small" sx={{ color: 'text.disabled' }} aria-hidden />
        <StudentAvatar name={p.name} url={photoUrl} size={32} />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }} noWrap>
            {p.name} <Typography component="span" variant="caption" color="textSecondary">{p.loginId}{p.source === 'staff' ? ' · 배정' : ''}</Typography>
          </Typography>
        </Box>
        <StatusChip p={p} />
        <IconButton size="small" aria-label={`${p.name} 더 보기`} onClick={(e) => setMenu(e.currentTarget)}>
          <MoreVert fontSize="small" />
        </IconButton>
      </Stack>
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5, pl: 3 }} data-testid="participant-target">
        {t
          ? `${t.title} ${t.first ?? '–'}점${t.cutline !== null ? ` (기준 ${t.cutline})` : ''}${t.retake !== null ? ` → 재시험 ${t.retake}점` : ''} · ${CLINIC_STATUS_LABEL[t.clinic]}`
          : '자율 참여'}
      </Typography>
      <Stack direction="row" sx={{ mt: 0.75, pl: 3, flexWrap: 'wrap', gap: 0.5 }}>
        {TODO_KINDS.map((kind) => {
          const item = p.todos.find((x) => x.kind === kind);
          if (!item && kind === '재시험' && !t) return null;
          return (
            <Chip
              key={kind}
              size="small"
              label={item?.done ? `✓ ${kind}` : kind}
              variant={item?.done ? 'filled' : 'outlined'}
              color={item?.done ? 'primary' : 'default'}
              onClick={() => toggleTodo(kind)}
              aria-pressed={!!item?.done}
              sx={item ? undefined : { opacity: 0.75 }}
            />
          );
        })}
      </Stack>
      <Stack direction="row" spacing={0.75} sx={{ mt: 1, pl: 3 }}>
        {!p.arrivedAt && (
          <Button size="small" variant="contained" onClick={() => arrival.mutate(params)} data-testid="arrive">도착</Button>
        )}
        {p.arrivedAt && !p.departedAt && (
          <Button size="small" variant="outlined" onClick={() => departure.mutate(params)} data-testid="depart">하원</Button>
        )}
        {t && !done && (
          <Button size="small" variant={p.arrivedAt ? 'contained' : 'outlined'} onClick={() => onGrade(p)} data-testid="grade">채점</Button>
        )}
        {done && p.retakeValue !== null && <Chip size="small" color="success" variant="outlined" label={`재시험 ${p.retakeValue}점 · 완료`} />}
        <Box sx={{ flexGrow: 1 }} />
        {!p.arrivedAt && (
          <Tooltip title="재촉 문자 보내기">
            <IconButton
              size="small"
              aria-label={`${p.name}에게 재촉 문자`}
              onClick={() => hurry.mutate(params, { onSuccess: () => toast.success(`${p.name} 학생에게 재촉 문자를 보냈습니다`) })}
              data-testid="hurry"
            >
              <NotificationsActiveOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => { setMenu(null); onMove(p); }}>다른 시간으로 옮기기</MenuItem>
        {p.arrivedAt && <MenuItem onClick={() => { setMenu(null); cancelArrival.mutate(params); }}>도착 취소</MenuItem>}
        <MenuItem
          onClick={async () => {
            setMenu(null);
            if (await confirm({ title: '클리닉에서 빼기', message: `${p.name} 학생을 이 시간에서 뺄까요?${t && !done ? ' 시험은 다시 클리닉대상이 됩니다.' : ''}`, confirmLabel: '빼기', danger: true })) {
              remove.mutate(params, { onSuccess: () => toast.success(`${p.name} 학생을 뺐습니다`) });
            }
          }}
        >
          이 시간에서 빼기
        </MenuItem>
      </Menu>
    </Box>
  );
}
