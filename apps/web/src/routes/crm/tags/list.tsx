import { hasPermission } from '@academy/contracts/roles';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { Tag } from '@academy/contracts/tags';
import { useState, type KeyboardEvent } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCreateTag } from '../../../features/tags/api/create-tag.ts';
import { useDeleteTag } from '../../../features/tags/api/delete-tag.ts';
import { useReorderTags } from '../../../features/tags/api/reorder-tags.ts';
import { useTagList } from '../../../features/tags/api/tag-list.ts';
import { useUpdateTag } from '../../../features/tags/api/update-tag.ts';
import { TagChip } from '../../../features/tags/tag-chip.tsx';
import { TAG_COLORS } from '../../../features/tags/tag-colors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

function ColorPicker({ value, onChange }: { value: string; onChange: (c: string) => void }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {TAG_COLORS.map((c) => (
        <Box
          key={c}
          component="button"
          type="button"
          aria-label={`색상 ${c}`}
          onClick={() => onChange(c)}
          sx={{ width: 22, height: 22, borderRadius: '50%', bgcolor: c, border: 2, borderColor: value === c ? 'text.primary' : 'transparent', cursor: 'pointer', p: 0 }}
        />
      ))}
      <Box component="input" type="color" value={value} onChange={(e: { target: { value: string } }) => onChange(e.target.value)} aria-label="직접 고르기" sx={{ width: 30, height: 24, border: 0, p: 0, bgcolor: 'transparent' }} />
    </Stack>
  );
}

/** Enter saves, Esc cancels. */
const keys = (save: () => void, cancel: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
    e.preventDefault();
    save();
  } else if (e.key === 'Escape') {
    e.preventDefault();
    cancel();
  }
};

/**
 * Tags: create, rename, recolour, delete (admin), and drag rows to set the display order. The order
 * is saved in one call with the whole list; the list shows the new order at once and rolls back
 * if the server refuses.
 */
export default function CrmTagListPage() {
  const { principal } = useSession();
  const isAdmin = hasPermission(principal, 'ADMIN');
  const tags = useTagList();
  const [draft, setDraft] = useState({ name: '', color: TAG_COLORS[0]! });
  const [editing, setEditing] = useState<{ id: number; name: string; color: string } | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [overId, setOverId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Tag | null>(null);
  const create = useCreateTag();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const reorder = useReorderTags();
  const add = () => create.mutate({ body: draft }, { onSuccess: () => setDraft({ name: '', color: draft.color }) });
  const save = (t: { id: number; name: string; color: string }) => update.mutate({ params: { id: t.id }, body: { name: t.name, color: t.color } }, { onSuccess: () => setEditing(null) });
  const removeTag = (id: number) => remove.mutate({ params: { id } }, { onSuccess: () => { setRemoving(null); toast.success('태그를 삭제했습니다'); } });

  function moveTo(targetId: number) {
    const list = tags.data ?? [];
    if (dragId === null || dragId === targetId) return;
    const ids = list.map((t) => t.id).filter((id) => id !== dragId);
    const at = ids.indexOf(targetId);
    const from = list.findIndex((t) => t.id === dragId);
    const to = list.findIndex((t) => t.id === targetId);
    ids.splice(from < to ? at + 1 : at, 0, dragId);
    reorder.mutate(ids);
  }

  /** Keyboard reordering for those who do not drag: Alt+↑/↓ on a focused row. */
  function moveBy(id: number, delta: number) {
    const ids = (tags.data ?? []).map((t) => t.id);
    const i = ids.indexOf(id);
    const j = i + delta;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate(ids);
  }

  return (
    <Box sx={{ maxWidth: 760 }}>
      <PageHeader title="태그 관리" description="행을 끌어서 순서를 바꿉니다 (키보드: Alt+↑/↓). 이 순서대로 학생 목록에 표시됩니다." />
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            label="새 태그"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            onKeyDown={keys(() => draft.name.trim() && add(), () => setDraft({ ...draft, name: '' }))}
            slotProps={{ htmlInput: { 'data-testid': 'new-tag-name', maxLength: 20 } }}
          />
          <ColorPicker value={draft.color} onChange={(color) => setDraft({ ...draft, color })} />
          <Button variant="contained" disabled={!draft.name.trim() || create.isPending} onClick={add}>추가</Button>
        </Stack>
      </Card>
      {tags.error && <Alert severity="error">{errorMessage(tags.error)}</Alert>}
      <Card variant="outlined" data-testid="tag-list">
        {(tags.data ?? []).map((t) => (
          <Box
            key={t.id}
            data-testid="tag-row"
            data-tag-id={t.id}
            draggable={editing?.id !== t.id}
            tabIndex={0}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(t.id));
              setDragId(t.id);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOverId(t.id);
            }}
            onDragLeave={() => setOverId((o) => (o === t.id ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              moveTo(t.id);
              setDragId(null);
              setOverId(null);
            }}
            onDragEnd={() => {
              setDragId(null);
              setOverId(null);
            }}
            onKeyDown={(e) => {
              if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
                e.preventDefault();
                moveBy(t.id, e.key === 'ArrowUp' ? -1 : 1);
              }
            }}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 1.5,
              py: 1,
              borderBottom: 1,
              borderColor: 'divider',
              bgcolor: overId === t.id && dragId !== t.id ? 'action.hover' : dragId === t.id ? 'action.selected' : undefined,
              cursor: 'grab',
            }}
          >
            <DragIndicator color="action" />
            {editing?.id === t.id ? (
              <>
                <TextField
                  size="small"
                  autoFocus
                  value={editing.name}
                  onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                  onKeyDown={keys(() => save(editing), () => setEditing(null))}
                />
                <ColorPicker value={editing.color} onChange={(color) => setEditing({ ...editing, color })} />
                <Button size="small" onClick={() => setEditing(null)}>취소</Button>
                <Button size="small" variant="contained" onClick={() => save(editing)}>저장</Button>
              </>
            ) : (
              <>
                <TagChip name={t.name} color={t.color} data-testid="tag-name" />
                <Typography variant="body2" color="textSecondary" sx={{ flex: 1 }}>{t.userCount}명</Typography>
                <IconButton size="small" aria-label={`${t.name} 수정`} onClick={() => setEditing({ id: t.id, name: t.name, color: t.color })}><EditOutlined fontSize="small" /></IconButton>
                {isAdmin && (
                  <IconButton size="small" aria-label={`${t.name} 삭제`} onClick={() => setRemoving(t)}><DeleteOutlined fontSize="small" /></IconButton>
                )}
              </>
            )}
          </Box>
        ))}
        {tags.data?.length === 0 && <Typography color="textSecondary" sx={{ p: 2 }}>태그가 없습니다. 위에서 추가해 주세요.</Typography>}
      </Card>
      <Dialog open={!!removing} onClose={() => setRemoving(null)}>
        <DialogTitle>태그 삭제</DialogTitle>
        <DialogContent>
          <DialogContentText>"{removing?.name}" 태그를 삭제하면 {removing?.userCount ?? 0}명에게서 떨어집니다.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>취소</Button>
          <Button color="error" variant="contained" autoFocus onClick={() => removing && removeTag(removing.id)}>삭제</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
