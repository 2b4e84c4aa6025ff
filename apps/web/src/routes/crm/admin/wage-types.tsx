import { formatWon } from '@academy/contracts/format';
import type { WageType } from '@academy/contracts/staff';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import { Button, IconButton, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceGrid } from '../../../components/resource-grid.tsx';
import { useDeleteWageType } from '../../../features/payroll/api/delete-wage-type.ts';
import { WageTypeDialog } from '../../../features/payroll/wage-type-dialog.tsx';
import { toast } from '../../../lib/toast.ts';

type Row = { id: string; name: string; rate: number | null; isActive: boolean; sortOrder: number; createdAt: string };
const FIELDS = ['id', 'name', 'rate', 'isActive', 'sortOrder', 'createdAt'];
const toType = (r: Row): WageType => ({ id: Number(r.id), name: r.name, rate: r.rate, isActive: r.isActive, sortOrder: r.sortOrder, createdAt: r.createdAt });

/** /crm/admin/wage-types: the kinds of work TAs clock in as, with their hourly rates. */
export default function WageTypesPage() {
  const confirm = useConfirm();
  const remove = useDeleteWageType();
  const [editing, setEditing] = useState<{ type: WageType | null } | null>(null);

  const del = async (row: Row) => {
    if (!(await confirm({ title: '근무 유형 삭제', message: `"${row.name}" 유형을 삭제할까요? 지난 근무 기록에는 이름이 그대로 남습니다.`, confirmLabel: '삭제', danger: true }))) return;
    await remove.mutateAsync({ params: { id: Number(row.id) } });
    toast.success(`"${row.name}" 유형을 삭제했습니다`);
  };

  const columns: GridColDef<Row>[] = [
    { field: 'name', headerName: '이름', flex: 1, minWidth: 180 },
    { field: 'rate', headerName: '시급', width: 160, type: 'number', valueFormatter: (v) => (v === null || v === undefined ? '조교 본인 시급' : formatWon(v as number)) },
    { field: 'isActive', headerName: '사용 중', width: 100, type: 'boolean' },
    { field: 'sortOrder', headerName: '순서', width: 90, type: 'number', filterable: false },
    { field: 'actions', headerName: '삭제', width: 80, sortable: false, filterable: false, renderCell: (p) => (
      <Tooltip title="삭제">
        <IconButton aria-label={`${p.row.name} 삭제`} onClick={(e) => { e.stopPropagation(); void del(p.row); }}>
          <DeleteOutlineOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    ) },
  ];

  return (
    <>
      <PageHeader
        title="근무 유형"
        description="조교가 출근할 때 고르는 근무 유형과 시급입니다. 시급을 비운 유형은 조교 각자의 시급으로 계산합니다."
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setEditing({ type: null })} data-testid="wage-type-add">
            유형 추가
          </Button>
        }
      />
      <ResourceGrid<Row>
        resource="hourlyWageTypes"
        typeName="HourlyWageType"
        fields={FIELDS}
        columns={columns}
        initialSort={[{ field: 'sortOrder', order: 'asc' }]}
        onRowClick={(row) => setEditing({ type: toType(row) })}
        noRowsLabel="근무 유형이 없습니다. '유형 추가'로 수업보조, 클리닉 같은 유형을 만드세요."
        height={480}
      />
      {editing && <WageTypeDialog type={editing.type} onClose={() => setEditing(null)} />}
    </>
  );
}
