import { PUSH_ALERT_CATEGORIES, fillTemplate } from '@academy/contracts/push-alert-templates';
import { formatKoreanDate } from '@academy/contracts/format';
import { messageKind } from '@academy/contracts/sms';
import type { CrudFilter } from '@refinedev/core';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceGrid } from '../../../components/resource-grid.tsx';
import { TemplateDialog } from '../../../features/push-alert-templates/template-dialog.tsx';
import { deleteTemplate, deleteTemplates, FIELDS, RESOURCE, TYPE_NAME, type PushAlertTemplate } from '../../../features/push-alert-templates/api/templates.ts';
import { gqlKeys } from '../../../lib/data-provider.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';

const columns: GridColDef<PushAlertTemplate>[] = [
  { field: 'title', headerName: '제목', flex: 1, minWidth: 180 },
  { field: 'category', headerName: '분류', width: 110, type: 'singleSelect', valueOptions: [...PUSH_ALERT_CATEGORIES] },
  { field: 'body', headerName: '본문', flex: 2, minWidth: 260, sortable: false },
  {
    field: 'kind',
    headerName: '유형',
    width: 80,
    sortable: false,
    filterable: false,
    valueGetter: (_v, row) => messageKind(fillTemplate(row.body)),
    renderCell: (p) => <Chip size="small" label={p.value as string} color={p.value === 'SMS' ? 'primary' : 'info'} variant="outlined" />,
  },
  { field: 'isActive', headerName: '사용', width: 80, type: 'boolean' },
  {
    field: 'updatedAt',
    headerName: '수정일',
    width: 150,
    type: 'dateTime',
    valueGetter: (v) => (v ? new Date(v as string) : null),
    valueFormatter: (v) => (v ? formatKoreanDate(v as Date, { weekday: true }) : ''),
  },
];

/** Admin: the message templates staff send (출결·성적·클리닉·상담·일반), with a live SMS/LMS preview. */
export default function PushAlertTemplatesPage() {
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ template: PushAlertTemplate | null } | null>(null);
  const [confirm, setConfirm] = useState<{ ids: string[]; label: string } | null>(null);

  const filters = useMemo<CrudFilter[]>(
    () => [
      ...(search.trim() ? [{ field: 'title', operator: 'contains' as const, value: search.trim() }] : []),
      ...(category ? [{ field: 'category', operator: 'eq' as const, value: category }] : []),
    ],
    [search, category],
  );
  const refresh = () => void client.invalidateQueries({ queryKey: gqlKeys.resource(RESOURCE) });

  const remove = useMutation({
    mutationFn: (ids: string[]) => (ids.length === 1 ? deleteTemplate(ids[0]!) : deleteTemplates(ids)),
    onSuccess: (_r, ids) => {
      toast.success(`템플릿 ${ids.length}개를 삭제했습니다`);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      setConfirm(null);
      setEditing(null);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  return (
    <>
      <PageHeader
        title="알림 템플릿"
        description="문자 발송에 쓰는 문구입니다. #{이름} #{점수} #{링크} 같은 변수는 보낼 때 학생마다 채워집니다."
        actions={
          <>
            <Button color="error" variant="outlined" startIcon={<DeleteOutlined />} disabled={selected.length === 0} onClick={() => setConfirm({ ids: selected, label: `선택한 템플릿 ${selected.length}개` })}>
              선택 삭제{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ template: null })}>
              템플릿 추가
            </Button>
          </>
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 1.5, alignItems: 'center' }}>
        <TextField size="small" label="제목 검색" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ width: 260 }} />
        <ToggleButtonGroup size="small" exclusive value={category} onChange={(_e, v: string | null) => setCategory(v)} aria-label="분류">
          <ToggleButton value="" onClick={() => setCategory(null)} selected={category === null}>
            전체
          </ToggleButton>
          {PUSH_ALERT_CATEGORIES.map((c) => (
            <ToggleButton key={c} value={c}>
              {c}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <ResourceGrid<PushAlertTemplate>
        resource={RESOURCE}
        typeName={TYPE_NAME}
        fields={FIELDS}
        columns={columns}
        filters={filters}
        initialSort={[{ field: 'updatedAt', order: 'desc' }]}
        checkboxSelection
        selectedIds={selected}
        onSelectionChange={setSelected}
        onRowClick={(row) => setEditing({ template: row })}
        noRowsLabel="템플릿이 없습니다"
      />
      <TemplateDialog
        open={!!editing}
        template={editing?.template ?? null}
        onClose={() => setEditing(null)}
        onSaved={(t, created) => {
          toast.success(created ? `"${t.title}" 템플릿을 추가했습니다` : `"${t.title}" 템플릿을 저장했습니다`);
          setEditing(null);
          refresh();
        }}
        onDelete={(t) => setConfirm({ ids: [t.id], label: `"${t.title}" 템플릿` })}
      />
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} maxWidth="xs" fullWidth>
        <DialogTitle>템플릿 삭제</DialogTitle>
        <DialogContent>
          <DialogContentText>{confirm?.label}을(를) 삭제할까요? 되돌릴 수 없습니다.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>취소</Button>
          <Button color="error" variant="contained" disabled={remove.isPending} onClick={() => confirm && remove.mutate(confirm.ids)}>
            삭제
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
