import { formatKoreanDate } from '@academy/contracts/format';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Dday } from '@academy/contracts/lectures';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateDday } from './api/create-dday.ts';
import { useDeleteDday } from './api/delete-dday.ts';
import { useReorderDdays } from './api/reorder-ddays.ts';
import { useUpdateDday } from './api/update-dday.ts';
import { DateInput } from '../../components/date-field.tsx';

/** A lecture's D-days: add, edit, delete, and drag to reorder (the whole order saved in one call). */
export function DdayDialog({ lectureId, lectureName, ddays, onClose }: { lectureId: number; lectureName: string; ddays: Dday[]; onClose: () => void }) {
  const [items, setItems] = useState(ddays);
  const [dragId, setDragId] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id: number | null; title: string; date: string }>({ id: null, title: '', date: '' });
  const create = useCreateDday();
  const update = useUpdateDday();
  const remove = useDeleteDday();
  const reorder = useReorderDdays();
  const save = editing.id ? update : create;

  const submit = () => {
    const body = { title: editing.title, date: editing.date };
    const onSuccess = (d: Dday) => {
      setItems((list) => (editing.id ? list.map((x) => (x.id === d.id ? d : x)) : [...list, d]));
      setEditing({ id: null, title: '', date: '' });
      toast.success('D-day를 저장했습니다');
    };
    if (editing.id) update.mutate({ params: { id: editing.id }, body }, { onSuccess });
    else create.mutate({ params: { id: lectureId }, body }, { onSuccess });
  };

  const drop = (targetId: number) => {
    if (dragId === null || dragId === targetId) return;
    const list = [...items];
    const from = list.findIndex((x) => x.id === dragId);
    const to = list.findIndex((x) => x.id === targetId);
    const [moved] = list.splice(from, 1);
    list.splice(to, 0, moved!);
    setItems(list);
    setDragId(null);
    reorder.mutate({ body: { ids: list.map((x) => x.id) } }, {
      onSuccess: (saved) => {
        setItems(saved);
        toast.success('순서를 저장했습니다');
      },
      onError: () => setItems(ddays),
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>D-day · {lectureName}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          끌어서 순서를 바꾸면 학생 포털에도 같은 순서로 보입니다.
        </Typography>
        {items.length === 0 && <Box sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>등록된 D-day가 없습니다</Box>}
        <List dense data-testid="dday-list">
          {items.map((d) => (
            <ListItem
              key={d.id}
              draggable
              onDragStart={() => setDragId(d.id)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => drop(d.id)}
              data-testid="dday-item"
              sx={{ border: 1, borderColor: dragId === d.id ? 'primary.main' : 'divider', borderRadius: 1, mb: 0.5, cursor: 'grab', bgcolor: 'background.paper' }}
              secondaryAction={
                <Stack direction="row">
                  <IconButton aria-label="수정" size="small" onClick={() => setEditing({ id: d.id, title: d.title, date: d.date })}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton aria-label="삭제" size="small" onClick={() => remove.mutate({ params: { id: d.id } }, { onSuccess: (r) => setItems((list) => list.filter((x) => x.id !== r.id)) })}>
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Stack>
              }
            >
              <DragIndicator fontSize="small" sx={{ color: 'text.disabled', mr: 1 }} />
              <Chip size="small" label={d.label} color={d.label.startsWith('D+') ? 'default' : 'primary'} sx={{ mr: 1.5, minWidth: 64, fontWeight: 700 }} />
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{d.title}</Typography>
                <Typography variant="caption" color="textSecondary">{formatKoreanDate(d.date)}</Typography>
              </Box>
            </ListItem>
          ))}
        </List>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <TextField size="small" label="D-day 이름" value={editing.title} onChange={(e) => setEditing((s) => ({ ...s, title: e.target.value }))} placeholder="기말고사" sx={{ flex: 1 }} slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'dday-title' } }} />
          <DateInput size="small" label="날짜" value={editing.date} onChange={(date) => setEditing((s) => ({ ...s, date }))} testId="dday-date" width={224} />
          <Button variant="contained" disabled={!editing.title.trim() || !editing.date || save.isPending} onClick={submit} data-testid="dday-save">
            {editing.id ? '수정' : '추가'}
          </Button>
          {editing.id && <Button onClick={() => setEditing({ id: null, title: '', date: '' })}>취소</Button>}
        </Stack>
        {save.isError && <Alert severity="error" sx={{ mt: 1 }}>{errorMessage(save.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}
