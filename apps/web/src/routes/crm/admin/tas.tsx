import { formatPhone, formatWon } from '@academy/contracts/format';
import { MONTHLY_WAGE_TYPE_LABEL, PAYMENT_TYPE_LABEL, type MonthlyWageType, type PaymentType, type Ta } from '@academy/contracts/staff';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { Box, Button, Chip, IconButton, Stack, Switch, TextField, Tooltip } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import type { CrudFilter } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceGrid } from '../../../components/resource-grid.tsx';
import { useDeleteTa } from '../../../features/payroll/api/delete-ta.ts';
import { taQuery } from '../../../features/payroll/api/ta.ts';
import { useToggleTa } from '../../../features/payroll/api/toggle-ta.ts';
import { CreateTaDialog, EditTaDialog } from '../../../features/payroll/ta-dialogs.tsx';
import { useMinimumWage, WageSettingsDialog } from '../../../features/payroll/wage-settings-dialog.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';

type Row = {
  id: string; name: string; loginId: string; phone: string | null; isActive: boolean; isAdminLevel: boolean;
  paymentType: PaymentType; hourlyWage: number | null; monthlySalary: number | null; monthlyWageType: MonthlyWageType;
};
const FIELDS = ['id', 'name', 'loginId', 'phone', 'isActive', 'isAdminLevel', 'paymentType', 'hourlyWage', 'monthlySalary', 'monthlyWageType'];

/** /crm/admin/tas: every TA with pay settings; add, edit, wage settings (with the minimum-wage check), on/off, delete. */
export default function TasPage() {
  const client = useQueryClient();
  const confirm = useConfirm();
  const toggle = useToggleTa();
  const remove = useDeleteTa();
  const minimum = useMinimumWage();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'wage' | 'edit'; ta: Ta } | null>(null);

  const open = async (kind: 'wage' | 'edit', id: string) => {
    try {
      setDialog({ kind, ta: await client.fetchQuery({ ...taQuery(Number(id)), staleTime: 0 }) });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const del = async (row: Row) => {
    if (!(await confirm({ title: '조교 삭제', message: `${row.name} 조교를 삭제할까요? 로그인할 수 없게 되고, 근무 기록과 급여 내역은 남습니다.`, confirmLabel: '삭제', danger: true }))) return;
    await remove.mutateAsync({ params: { id: Number(row.id) } });
    toast.success(`${row.name} 조교를 삭제했습니다`);
  };

  const columns = useMemo<GridColDef<Row>[]>(() => [
    { field: 'name', headerName: '이름', width: 130, renderCell: (p) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        {p.row.name}
        {p.row.isAdminLevel && <Chip size="small" label="실장" color="primary" variant="outlined" />}
      </Box>
    ) },
    { field: 'loginId', headerName: '아이디', width: 120 },
    { field: 'phone', headerName: '전화번호', width: 140, valueFormatter: (v) => formatPhone(v as string | null) },
    { field: 'paymentType', headerName: '급여 형태', width: 100, type: 'singleSelect', valueOptions: [{ value: 'HOURLY', label: '시급' }, { value: 'MONTHLY', label: '월급' }], valueFormatter: (v) => PAYMENT_TYPE_LABEL[v as PaymentType] },
    { field: 'hourlyWage', headerName: '시급·월급', width: 150, type: 'number', renderCell: (p) => {
      const amount = p.row.paymentType === 'MONTHLY' ? p.row.monthlySalary : p.row.hourlyWage;
      const below = p.row.paymentType === 'HOURLY' && minimum !== null && p.row.hourlyWage !== null && p.row.hourlyWage < minimum.hourly;
      return (
        <Box sx={{ color: below ? 'error.dark' : undefined, fontWeight: below ? 700 : 400 }} title={below ? '최저임금 미달' : undefined}>
          {amount === null ? '미설정' : `${formatWon(amount)}${p.row.paymentType === 'MONTHLY' ? '/월' : ''}`}{below ? ' ⚠' : ''}
        </Box>
      );
    } },
    { field: 'monthlyWageType', headerName: '원천징수', width: 150, valueFormatter: (v) => MONTHLY_WAGE_TYPE_LABEL[v as MonthlyWageType] },
    { field: 'isActive', headerName: '활성', width: 90, type: 'boolean', renderCell: (p) => (
      <Switch
        checked={p.row.isActive}
        onClick={(e) => e.stopPropagation()}
        onChange={() => void toggle.mutateAsync({ params: { id: Number(p.row.id) } }).then((t) => toast.success(`${t.name}: ${t.isActive ? '활성' : '비활성'}`))}
        slotProps={{ input: { 'aria-label': `${p.row.name} 계정 활성` } }}
        data-testid="ta-active"
      />
    ) },
    { field: 'actions', headerName: '관리', width: 170, sortable: false, filterable: false, renderCell: (p) => (
      <Box onClick={(e) => e.stopPropagation()}>
        <Tooltip title="급여 설정">
          <IconButton aria-label={`${p.row.name} 급여 설정`} onClick={() => void open('wage', p.row.id)} data-testid="ta-wage">
            <PaymentsOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="계정 수정">
          <IconButton aria-label={`${p.row.name} 계정 수정`} onClick={() => void open('edit', p.row.id)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="삭제">
          <IconButton aria-label={`${p.row.name} 삭제`} onClick={() => void del(p.row)}>
            <DeleteOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    ) },
  ], [minimum]); // eslint-disable-line react-hooks/exhaustive-deps -- the handlers close over stable mutations

  const filters = useMemo<CrudFilter[]>(() => (search.trim() ? [{ field: 'name', operator: 'contains', value: search.trim() }] : []), [search]);

  return (
    <>
      <PageHeader
        title="조교 관리"
        description={`조교 계정과 급여 설정(시급·월급, 근무 유형, 원천징수)을 관리합니다.${minimum ? ` ${minimum.year}년 최저시급은 ${formatWon(minimum.hourly)}입니다.` : ''}`}
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialog({ kind: 'create' })} data-testid="ta-add">
            조교 추가
          </Button>
        }
      />
      <Stack direction="row" sx={{ mb: 1.5 }}>
        <TextField size="small" label="이름 검색" value={search} onChange={(e) => setSearch(e.target.value)} sx={{ width: 260 }} />
      </Stack>
      <ResourceGrid<Row>
        resource="tas"
        typeName="Ta"
        fields={FIELDS}
        columns={columns}
        filters={filters}
        initialSort={[{ field: 'name', order: 'asc' }]}
        onRowClick={(row) => void open('wage', row.id)}
        noRowsLabel="조교가 없습니다. '조교 추가'로 계정을 만드세요."
      />
      {dialog?.kind === 'create' && <CreateTaDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'wage' && <WageSettingsDialog ta={dialog.ta} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditTaDialog ta={dialog.ta} onClose={() => setDialog(null)} />}
    </>
  );
}
