import type { BaseRecord, CrudFilter, CrudOperators, CrudSort } from '@refinedev/core';
import { Alert, Box } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridFilterItem,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { gql } from '@urql/core';
import { useMemo, useState } from 'react';
import { getList, gqlKeys } from '../lib/data-provider.ts';
import { GRID_KO_TEXT } from './grid-locale.ts';

/**
 * A MUI X Data Grid bound to a resource of /api/gql: paging, sorting and the column filter run on
 * the server through refine's GraphQL data provider (default page size 10, first page 1 — SPEC §9).
 *
 *   <ResourceGrid
 *     resource="students" typeName="Student"
 *     fields={['id', 'name', 'phone', 'createdAt']}   // what to fetch; `id` is always fetched
 *     columns={columns}                               // sortable/filterable: false for computed columns
 *     filters={[{ field: 'search', operator: 'contains', value: search }]}  // the page's own filters
 *     initialSort={[{ field: 'name', order: 'asc' }]}
 *     checkboxSelection onSelectionChange={setSelected} onRowClick={(row) => open(row)}
 *   />
 *
 * Column types map to operators: string (contains, equals, starts/ends with, empty …), number,
 * boolean, singleSelect (is, is not, any of) and date/dateTime (is, after, before …).
 */
export type ResourceGridProps<T extends BaseRecord> = {
  resource: string;
  typeName: string;
  fields: string[];
  columns: GridColDef<T>[];
  filters?: CrudFilter[];
  initialSort?: CrudSort[];
  checkboxSelection?: boolean;
  /** Selected row ids, controlled by the page (e.g. cleared after a bulk delete). */
  selectedIds?: string[];
  onSelectionChange?: (ids: string[]) => void;
  onRowClick?: (row: T) => void;
  noRowsLabel?: string;
  height?: number | string;
};

const STRING_OPS: Record<string, CrudOperators> = {
  contains: 'contains',
  doesNotContain: 'ncontains',
  equals: 'eq',
  doesNotEqual: 'ne',
  startsWith: 'startswith',
  endsWith: 'endswith',
  isAnyOf: 'in',
  is: 'eq',
  not: 'ne',
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'gte',
  '<': 'lt',
  '<=': 'lte',
  after: 'gt',
  onOrAfter: 'gte',
  before: 'lt',
  onOrBefore: 'lte',
};

function dayRange(v: unknown): [string, string] | null {
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  const end = new Date(start.getTime() + 86_400_000 - 1);
  return [start.toISOString(), end.toISOString()];
}

/** One column-filter item of the grid as a refine filter; incomplete items give none. */
export function gridFilterToCrud(item: GridFilterItem, type: string | undefined): CrudFilter | null {
  const field = item.field;
  if (item.operator === 'isEmpty') return { field, operator: 'null', value: true };
  if (item.operator === 'isNotEmpty') return { field, operator: 'nnull', value: true };
  const value: unknown = item.value;
  if (value === undefined || value === null || value === '') return null;
  if (type === 'boolean') return { field, operator: 'eq', value: value === true || value === 'true' };
  if ((type === 'date' || type === 'dateTime') && (item.operator === 'is' || item.operator === 'not')) {
    const range = dayRange(value);
    return range ? { field, operator: item.operator === 'is' ? 'between' : 'nbetween', value: range } : null;
  }
  const op = STRING_OPS[item.operator];
  if (!op) return null;
  const convert = (v: unknown) => (type === 'number' ? Number(v) : v instanceof Date ? v.toISOString() : v);
  return { field, operator: op, value: Array.isArray(value) ? value.map(convert) : convert(value) } as CrudFilter;
}

export function ResourceGrid<T extends BaseRecord>(props: ResourceGridProps<T>) {
  const { resource, typeName, fields, columns } = props;
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sort, setSort] = useState<GridSortModel>(() => (props.initialSort ?? []).map((s) => ({ field: s.field, sort: s.order })));
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });
  const [ownSelection, setOwnSelection] = useState<string[]>([]);
  const selectedIds = props.selectedIds ?? ownSelection;
  const selection = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selectedIds) }), [selectedIds]);

  const query = useMemo(() => {
    const selectionSet = [...new Set(['id', ...fields])].join(' ');
    return gql(`
      query ${typeName}Grid($filter: ${typeName}Filter!, $sorting: [${typeName}Sort!]!, $paging: OffsetPaging!) {
        ${resource}(filter: $filter, sorting: $sorting, paging: $paging) { nodes { ${selectionSet} } totalCount }
      }
    `);
  }, [resource, typeName, fields]);

  const filters = useMemo(() => {
    const types = new Map(columns.map((c) => [c.field, c.type]));
    const fromGrid = filterModel.items.map((i) => gridFilterToCrud(i, types.get(i.field))).filter((f): f is CrudFilter => f !== null);
    return [...(props.filters ?? []), ...fromGrid];
  }, [columns, filterModel, props.filters]);
  const sorters: CrudSort[] = sort.map((s) => ({ field: s.field, order: s.sort ?? 'asc' }));
  const pagination = { currentPage: paging.page + 1, pageSize: paging.pageSize };

  const list = useQuery({
    queryKey: gqlKeys.list({ resource, filters, sorters, pagination }),
    queryFn: () => getList<T>({ resource, query, filters, sorters, pagination }),
    placeholderData: keepPreviousData,
  });

  const changeSelection = (model: GridRowSelectionModel) => {
    // "Select all" on a server-paged grid means this page's rows.
    const ids = model.type === 'include' ? [...model.ids].map(String) : (list.data?.data ?? []).map((r) => String(r.id)).filter((id) => !model.ids.has(id));
    setOwnSelection(ids);
    props.onSelectionChange?.(ids);
  };

  return (
    <Box sx={{ height: props.height ?? 'calc(100vh - 230px)', minHeight: 420, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      <DataGrid<T>
        rows={list.data?.data ?? []}
        columns={columns}
        rowCount={list.data?.total ?? 0}
        loading={list.isFetching}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        sortModel={sort}
        onSortModelChange={(m) => {
          setSort(m);
          setPaging((p) => ({ ...p, page: 0 }));
        }}
        filterModel={filterModel}
        onFilterModelChange={(m) => {
          setFilterModel(m);
          setPaging((p) => ({ ...p, page: 0 }));
        }}
        checkboxSelection={props.checkboxSelection}
        disableRowSelectionOnClick
        keepNonExistentRowsSelected
        rowSelectionModel={selection}
        onRowSelectionModelChange={changeSelection}
        onRowClick={props.onRowClick ? (p) => props.onRowClick!(p.row) : undefined}
        getRowId={(r) => String(r.id)}
        // The theme's grid locale does not reach the column menu and pagination here; set it on the grid.
        localeText={{ ...GRID_KO_TEXT, ...(props.noRowsLabel ? { noRowsLabel: props.noRowsLabel } : {}) }}
        sx={{ flex: 1, bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: props.onRowClick ? 'pointer' : undefined } }}
      />
    </Box>
  );
}
