import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import { hasPermission } from '@academy/contracts/roles';
import { STUDENT_GRADES, STUDENT_STATUSES, type Student, type StudentSelection } from '@academy/contracts/students';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Box,
  Button,
  Card,
  Chip,
  InputAdornment,
  Link,
  Menu,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAddStudentTags } from '../../../features/students/api/add-student-tags.ts';
import { useDeleteStudents } from '../../../features/students/api/delete-students.ts';
import { downloadStudentList } from '../../../features/students/api/excel-export.ts';
import { useResetStudentPasswords } from '../../../features/students/api/reset-student-passwords.ts';
import { useRemoveStudentTags } from '../../../features/students/api/remove-student-tags.ts';
import { useRestoreStudents } from '../../../features/students/api/restore-students.ts';
import { type StudentListParams, useStudentList } from '../../../features/students/api/student-list.ts';
import { StudentAvatar } from '../../../components/student-avatar.tsx';
import { useProfileImages } from '../../../lib/profile-images.ts';
import { useToggleStudentStatus } from '../../../features/students/api/toggle-student-status.ts';
import { StudentImportDialog } from '../../../features/students/import-dialog.tsx';
import { StudentCreateDialog } from '../../../features/students/student-form-dialog.tsx';
import { useTagList } from '../../../features/tags/api/tag-list.ts';
import { TagChip } from '../../../features/tags/tag-chip.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { GRID_KO_TEXT } from '../../../components/grid-locale.ts';

const STATUS_LABEL: Record<(typeof STUDENT_STATUSES)[number], string> = { active: '재원', inactive: '비활성', all: '전체', deleted: '삭제됨' };
const SORTABLE = new Set(['name', 'loginId', 'school', 'grade', 'createdAt', 'isActive']);

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/**
 * The roster grid. Paging, sorting and filters run on the server (REST GET /api/students, the same
 * semantics as the GraphQL `students` resource); the search box matches name, 초성, id and phone digits.
 *
 * Selection: ticking rows selects those ids; the header checkbox selects every student the search
 * found, on every page (the grid's `exclude` model: all but the rows unticked afterwards). Bulk
 * actions then send the filter with the exclusions, and the server resolves it in one transaction.
 */
export default function CrmStudentListPage() {
  const { principal } = useSession();
  const isAdmin = hasPermission(principal, 'ADMIN');
  const confirm = useConfirm();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 250);
  const [grades, setGrades] = useState<string[]>([]);
  const [status, setStatus] = useState<NonNullable<StudentListParams['status']>>('active');
  const [tagFilter, setTagFilter] = useState<number[]>([]);
  const [paging, setPaging] = useState({ page: 0, pageSize: 20 });
  const [sort, setSort] = useState<GridSortModel>([{ field: 'name', sort: 'asc' }]);
  const [selection, setSelection] = useState<GridRowSelectionModel>({ type: 'include', ids: new Set() });
  const [importOpen, setImportOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [tagMenu, setTagMenu] = useState<{ anchor: HTMLElement; mode: 'add' | 'remove' } | null>(null);

  const params: StudentListParams = {
    page: paging.page + 1,
    pageSize: paging.pageSize,
    sortField: (sort[0] && SORTABLE.has(sort[0].field) ? sort[0].field : 'name') as StudentListParams['sortField'],
    sortDir: sort[0]?.sort === 'desc' ? 'desc' : 'asc',
    status,
    search: search.trim() || undefined,
    grade: grades as StudentListParams['grade'],
    tagIds: tagFilter,
  };
  const list = useStudentList(params);
  const photos = useProfileImages(list.data?.nodes.map((n) => n.id) ?? []);
  const tags = useTagList();
  const selectedIds = useMemo(() => [...selection.ids].map(Number), [selection]);
  const allMatching = selection.type === 'exclude';
  const total = list.data?.totalCount ?? 0;
  const target: StudentSelection = allMatching
    ? { filter: { status, search: params.search, grade: params.grade, tagIds: tagFilter }, ...(selectedIds.length ? { excludeIds: selectedIds } : {}) }
    : { ids: selectedIds };

  // Writes refresh the grid and the tag counts themselves (their mutations); the selection is cleared here.
  const clearSelection = () => setSelection({ type: 'include', ids: new Set() });
  useEffect(() => {
    setPaging((p) => ({ ...p, page: 0 }));
    setSelection({ type: 'include', ids: new Set() });
  }, [search, status, grades, tagFilter]);
  const done = (message: string) => ({
    onSuccess: () => {
      clearSelection();
      toast.success(message);
    },
  });
  const toggleStatus = useToggleStudentStatus();
  const removeStudents = useDeleteStudents();
  const restoreStudents = useRestoreStudents();
  const resetPasswords = useResetStudentPasswords();
  const addTags = useAddStudentTags();
  const removeTags = useRemoveStudentTags();
  const askThen = async (c: { title: string; text: string; run: (after: ReturnType<typeof done>) => void }) => {
    if (await confirm({ title: c.title, message: c.text, confirmLabel: '확인', danger: true })) c.run(done(`${c.title}: 완료했습니다`));
  };

  // Widths add up to the grid's room at 1366 px (SPEC's CRM minimum), so 상태 and 등록일 stay in view.
  const columns: GridColDef<Student>[] = [
    {
      field: 'name',
      headerName: '이름',
      width: 110,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <StudentAvatar name={row.name} url={photos.get(row.id)} />
          <Link component={RouterLink} to={`/crm/students/${row.id}`} underline="hover">
            {row.name}
          </Link>
        </Stack>
      ),
    },
    { field: 'representativeLectureName', headerName: '대표 강좌', width: 120, sortable: false },
    { field: 'loginId', headerName: '아이디', width: 92 },
    { field: 'phone', headerName: '학생 전화번호', width: 122, sortable: false, valueFormatter: (v: string | null) => formatPhone(v) },
    { field: 'parentPhone', headerName: '학부모 전화번호', width: 122, sortable: false, valueFormatter: (v: string | null) => formatPhone(v) },
    { field: 'school', headerName: '학교', width: 84 },
    { field: 'grade', headerName: '학년', width: 58 },
    {
      field: 'tags',
      headerName: '태그',
      flex: 1,
      minWidth: 96,
      sortable: false,
      // The first tag and "+N" for the rest (every name in the tooltip), not a row of chips cut mid-name.
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }} title={row.tags.map((t) => t.name).join(', ')}>
          {row.tags.slice(0, 1).map((t) => <TagChip key={t.id} name={t.name} color={t.color} />)}
          {row.tags.length > 1 && <Typography variant="caption" color="textSecondary" sx={{ flexShrink: 0 }}>+{row.tags.length - 1}</Typography>}
        </Stack>
      ),
    },
    {
      field: 'isActive',
      headerName: '상태',
      width: 76,
      renderCell: ({ row }) => (
        <Chip size="small" variant="outlined" color={row.deletedAt ? 'default' : row.isActive ? 'success' : 'warning'} label={row.deletedAt ? '삭제됨' : row.isActive ? '재원' : '비활성'} />
      ),
    },
    { field: 'createdAt', headerName: '등록일', width: 124, valueFormatter: (v: string) => formatKoreanDate(v) },
  ];

  const n = allMatching ? Math.max(total - selectedIds.length, 0) : selectedIds.length;
  const count = n.toLocaleString('ko-KR');
  return (
    <Box>
      <PageHeader
        title="학생 관리"
        description="이름, 초성(예: ㄱㅊㅅ), 아이디, 전화번호로 찾을 수 있습니다."
        actions={
          <>
            <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => void downloadStudentList(params).catch((e: unknown) => toast.error(errorMessage(e)))}>
              엑셀 내보내기
            </Button>
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImportOpen(true)}>
              엑셀로 등록
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreateOpen(true)}>
              학생 등록
            </Button>
          </>
        }
      />
      <Card variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
          <TextField
            size="small"
            placeholder="이름·초성·아이디·전화번호"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setSearchText('')}
            slotProps={{ htmlInput: { 'data-testid': 'student-search', 'aria-label': '학생 검색' }, input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> } }}
            sx={{ width: 260 }}
          />
          <TextField
            select
            size="small"
            label="학년"
            sx={{ width: 160 }}
            value={grades}
            onChange={(e) => setGrades(typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
            slotProps={{ select: { multiple: true, renderValue: (v) => (v as string[]).join(', ') } }}
          >
            {STUDENT_GRADES.map((g) => <MenuItem key={g} value={g}>{g}</MenuItem>)}
          </TextField>
          <TextField select size="small" label="상태" sx={{ width: 120 }} value={status} onChange={(e) => setStatus(e.target.value as NonNullable<StudentListParams['status']>)}>
            {STUDENT_STATUSES.map((s) => <MenuItem key={s} value={s}>{STATUS_LABEL[s]}</MenuItem>)}
          </TextField>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-testid="tag-filter">
            <Typography variant="body2" color="textSecondary">태그</Typography>
            {(tags.data ?? []).map((t) => {
              const on = tagFilter.includes(t.id);
              return on ? (
                <TagChip key={t.id} name={t.name} color={t.color} onClick={() => setTagFilter((f) => f.filter((x) => x !== t.id))} />
              ) : (
                <Chip key={t.id} size="small" variant="outlined" label={t.name} sx={{ borderColor: t.color }} onClick={() => setTagFilter((f) => [...f, t.id])} />
              );
            })}
          </Stack>
        </Stack>
      </Card>

      {n > 0 && (
        <Card variant="outlined" sx={{ px: 2, py: 1, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }} data-testid="bulk-bar">
          <Typography sx={{ mr: 1 }} data-testid="bulk-count">
            {!allMatching ? `${count}명 선택` : selectedIds.length ? `검색된 ${total.toLocaleString('ko-KR')}명 중 ${count}명 선택` : `검색된 ${count}명 모두 선택`}
          </Typography>
          {!allMatching && <Button size="small" component={RouterLink} to={`/crm/sms?students=${selectedIds.join(',')}`} data-testid="bulk-sms">문자 보내기</Button>}
          <Button size="small" onClick={(e) => setTagMenu({ anchor: e.currentTarget, mode: 'add' })}>태그 붙이기</Button>
          <Button size="small" onClick={(e) => setTagMenu({ anchor: e.currentTarget, mode: 'remove' })}>태그 떼기</Button>
          <Button size="small" onClick={() => toggleStatus.mutate({ body: target }, done(`${count}명의 상태를 바꿨습니다`))}>상태 전환</Button>
          {isAdmin && (
            <Button
              size="small"
              onClick={() =>
                void askThen({
                  title: '비밀번호 초기화',
                  text: `${count}명의 비밀번호를 초기 비밀번호(전화번호 끝 4자리 + 아이디)로 바꿉니다.`,
                  run: (after) => resetPasswords.mutate({ body: target }, after),
                })}
            >
              비밀번호 초기화
            </Button>
          )}
          {isAdmin && status !== 'deleted' && (
            <Button
              size="small"
              color="error"
              onClick={() =>
                void askThen({
                  title: '학생 삭제',
                  text: `${count}명을 삭제합니다. 성적·출결 기록은 남고, 관리자가 복구할 수 있습니다.`,
                  run: (after) => removeStudents.mutate({ body: target }, after),
                })}
            >
              삭제
            </Button>
          )}
          {isAdmin && status === 'deleted' && (
            <Button size="small" onClick={() => restoreStudents.mutate({ body: target }, done(`${count}명을 복구했습니다`))}>복구</Button>
          )}
        </Card>
      )}

      <Box sx={{ height: 'calc(100vh - 330px)', minHeight: 420 }}>
        <DataGrid
          rows={list.data?.nodes ?? []}
          columns={columns}
          rowCount={list.data?.totalCount ?? 0}
          loading={list.isFetching}
          paginationMode="server"
          sortingMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          sortModel={sort}
          onSortModelChange={setSort}
          checkboxSelection
          hideFooterSelectedRowCount
          keepNonExistentRowsSelected
          rowSelectionModel={selection}
          onRowSelectionModelChange={setSelection}
          disableColumnFilter
          // A localeText prop replaces the theme's Korean texts instead of merging, so they are spread back in.
          localeText={{ ...GRID_KO_TEXT, noRowsLabel: search ? `"${search}"에 맞는 학생이 없습니다` : '학생이 없습니다' }}
        />
      </Box>

      <Menu open={!!tagMenu} anchorEl={tagMenu?.anchor} onClose={() => setTagMenu(null)}>
        {(tags.data ?? []).map((t) => (
          <MenuItem
            key={t.id}
            onClick={() => {
              const mode = tagMenu?.mode;
              setTagMenu(null);
              const body = { ...target, tagIds: [t.id] };
              if (mode === 'add') addTags.mutate({ body }, done(`${count}명에게 "${t.name}" 태그를 붙였습니다`));
              else removeTags.mutate({ body }, done(`${count}명에게서 "${t.name}" 태그를 뗐습니다`));
            }}
          >
            <TagChip name={t.name} color={t.color} />
          </MenuItem>
        ))}
      </Menu>

      <StudentImportDialog
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onImported={(count) => {
          setImportOpen(false);
          toast.success(`${count}명을 등록했습니다`);
          clearSelection();
        }}
      />
      <StudentCreateDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(s) => {
          setCreateOpen(false);
          toast.success(`${s.name} 학생을 등록했습니다`);
          clearSelection();
        }}
      />
    </Box>
  );
}
