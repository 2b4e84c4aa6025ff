import type { ExamTemplate, ExamTemplateRow } from '@academy/contracts/exams';
import { formatKoreanDate } from '@academy/contracts/format';
import { hasPermission } from '@academy/contracts/roles';
import type { CrudFilter } from '@refinedev/core';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Button, Stack, TextField } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceGrid } from '../../../components/resource-grid.tsx';
import { useDeleteExamTemplate } from '../../../features/exams/api/delete-exam-template.ts';
import { examTemplateQuery } from '../../../features/exams/api/exam-template.ts';
import { TemplateDialog } from '../../../features/exams/template-dialog.tsx';
import { gqlKeys } from '../../../lib/data-provider.ts';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

type Row = ExamTemplateRow;

const FIELDS = ['id', 'title', 'subject', 'questionCount', 'maxScore', 'createdAt', 'updatedAt'];

const columns: GridColDef<Row>[] = [
  { field: 'title', headerName: '시험 이름', flex: 1, minWidth: 220 },
  { field: 'subject', headerName: '과목', width: 120 },
  { field: 'questionCount', headerName: '문항 수', width: 100, type: 'number', filterable: false },
  { field: 'maxScore', headerName: '만점', width: 90, type: 'number', filterable: false },
  {
    field: 'updatedAt',
    headerName: '수정일',
    width: 150,
    type: 'dateTime',
    valueGetter: (v) => (v ? new Date(v as string) : null),
    valueFormatter: (v) => (v ? formatKoreanDate(v as Date) : ''),
  },
];

/** The exam templates (answer keys kept for reuse): a GraphQL grid, and the editor for one. */
export default function ExamTemplatesPage() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const { principal } = useSession();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ template: ExamTemplate | null } | null>(null);
  const remove = useDeleteExamTemplate();

  const filters = useMemo<CrudFilter[]>(
    () => [
      ...(search.trim() ? [{ field: 'title', operator: 'contains' as const, value: search.trim() }] : []),
    ],
    [search],
  );
  const refresh = () => void client.invalidateQueries({ queryKey: gqlKeys.resource('examTemplates') });

  const open = async (row: Row) => {
    try {
      const template = await client.fetchQuery({ ...examTemplateQuery(Number(row.id)), staleTime: 0 });
      setEditing({ template });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const del = async (t: ExamTemplate) => {
    const ok = await confirm({ title: '시험 템플릿 삭제', message: `"${t.title}" 템플릿을 삭제할까요? 이미 만든 시험은 그대로 남습니다.`, confirmLabel: '삭제', danger: true });
    if (!ok) return;
    await remove.mutateAsync({ params: { id: t.id } });
    toast.success(`"${t.title}" 템플릿을 삭제했습니다`);
    setEditing(null);
    refresh();
  };

  return (
    <>
      <PageHeader
        title="시험 템플릿"
        description="매주 쓰는 시험의 문항과 정답을 저장해 두고, 강좌 회차에서 바로 시험을 만듭니다. 정답은 '13524 21435'처럼 붙여넣으면 문항으로 나뉩니다."
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ template: null })} data-testid="template-add">
            템플릿 추가
          </Button>
        }
      />
      <Stack direction="row" spacing={2} sx={{ mb: 1.5 }}>
        <TextField size="small" label="시험 이름 검색" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ width: 280 }} slotProps={{ htmlInput: { 'data-testid': 'template-search' } }} />
      </Stack>
      <ResourceGrid<Row>
        resource="examTemplates"
        typeName="ExamTemplate"
        fields={FIELDS}
        columns={columns}
        filters={filters}
        initialSort={[{ field: 'updatedAt', order: 'desc' }]}
        onRowClick={(row) => void open(row)}
        noRowsLabel="시험 템플릿이 없습니다. '템플릿 추가'로 정답을 붙여넣어 만들어 보세요."
      />
      {editing && (
        <TemplateDialog
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={(t, created) => {
            toast.success(created ? `"${t.title}" 템플릿을 추가했습니다` : `"${t.title}" 템플릿을 저장했습니다`);
            setEditing(null);
            refresh();
          }}
          onDelete={hasPermission(principal, 'ADMIN') ? (t) => void del(t) : undefined}
        />
      )}
    </>
  );
}
