import { formatKoreanDate, formatWon } from '@academy/contracts/format';
import { CLAIM_STATUS_LABEL, formatMonth, type ClaimStatus } from '@academy/contracts/payroll';
import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { CrudFilter } from '@refinedev/core';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { ResourceGrid } from '../../../components/resource-grid.tsx';
import { ClaimReviewDialog } from '../../../features/payroll/claim-review-dialog.tsx';
import { ClaimStatusChip } from '../../../features/payroll/status-chip.tsx';

type Row = { id: string; taName: string; date: string; amount: number; memo: string; status: ClaimStatus; payMonth: string | null; createdAt: string };
const FIELDS = ['id', 'taName', 'date', 'amount', 'memo', 'status', 'payMonth', 'createdAt'];

const columns: GridColDef<Row>[] = [
  { field: 'taName', headerName: '조교', width: 120 },
  { field: 'date', headerName: '쓴 날짜', width: 150, valueFormatter: (v) => formatKoreanDate(v as string) },
  { field: 'memo', headerName: '내용', flex: 1, minWidth: 200 },
  { field: 'amount', headerName: '금액', width: 130, type: 'number', valueFormatter: (v) => formatWon(v as number) },
  { field: 'status', headerName: '상태', width: 100, type: 'singleSelect', valueOptions: Object.entries(CLAIM_STATUS_LABEL).map(([value, label]) => ({ value, label })), renderCell: (p) => <ClaimStatusChip status={p.row.status} /> },
  { field: 'payMonth', headerName: '지급 월', width: 120, valueFormatter: (v) => (v ? formatMonth(v as string) : '') },
  { field: 'createdAt', headerName: '청구일', width: 150, type: 'dateTime', valueGetter: (v) => (v ? new Date(v as string) : null), valueFormatter: (v) => (v ? formatKoreanDate(v as Date) : '') },
];

/** /crm/admin/expense-claims: TAs' claims with their receipts; approve or reject with a reason. */
export default function ExpenseClaimsPage() {
  const [status, setStatus] = useState<ClaimStatus | 'all'>('pending');
  const [open, setOpen] = useState<number | null>(null);
  const filters = useMemo<CrudFilter[]>(() => (status === 'all' ? [] : [{ field: 'status', operator: 'eq', value: status }]), [status]);
  return (
    <>
      <PageHeader title="경비 청구" description="조교가 센터를 위해 쓴 돈입니다. 영수증을 보고 승인하면 쓴 날짜가 속한 달 급여에 비과세 경비로 더해집니다." />
      <Stack direction="row" sx={{ mb: 1.5 }}>
        <ToggleButtonGroup size="small" exclusive sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.secondary' } }} value={status} onChange={(_, v: ClaimStatus | 'all' | null) => v && setStatus(v)} aria-label="상태로 거르기">
          <ToggleButton value="pending" data-testid="claims-pending">대기</ToggleButton>
          <ToggleButton value="approved">승인</ToggleButton>
          <ToggleButton value="rejected">반려</ToggleButton>
          <ToggleButton value="all">전체</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <ResourceGrid<Row>
        resource="expenseClaims"
        typeName="ExpenseClaim"
        fields={FIELDS}
        columns={columns}
        filters={filters}
        initialSort={[{ field: 'createdAt', order: 'desc' }]}
        onRowClick={(row) => setOpen(Number(row.id))}
        noRowsLabel={status === 'pending' ? '처리할 청구가 없습니다.' : '청구가 없습니다.'}
      />
      {open !== null && <ClaimReviewDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
