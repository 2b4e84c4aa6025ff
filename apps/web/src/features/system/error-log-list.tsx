import { formatKoreanDateTime } from '@academy/contracts/dates';
import { Alert, Box, Skeleton, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useErrorLogs } from './api/error-logs.ts';

/** Errors the app reported from people's browsers, newest first (admins): what broke, where, for whom. */
export function ErrorLogList() {
  const [paging, setPaging] = useState({ page: 0, size: 20 });
  const logs = useErrorLogs(paging.page + 1, paging.size);
  if (logs.isError) return <Alert severity="error">{errorMessage(logs.error)}</Alert>;
  if (logs.isPending) return <Skeleton variant="rounded" height={200} />;
  const { items, totalCount } = logs.data;
  if (totalCount === 0) return <Typography variant="body2" color="textSecondary">기록된 오류가 없습니다. 화면에서 오류가 나면 여기에 쌓입니다.</Typography>;
  return (
    <Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="error-log-table" sx={{ tableLayout: 'fixed', minWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 170 }}>시각</TableCell>
              <TableCell>오류</TableCell>
              <TableCell sx={{ width: '30%' }}>화면</TableCell>
              <TableCell sx={{ width: 90 }}>사용자 ID</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((l) => (
              <TableRow key={l.id} sx={{ verticalAlign: 'top' }}>
                <TableCell>{formatKoreanDateTime(l.createdAt)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {l.message}
                  {l.stack && (
                    <Box component="details" sx={{ mt: 0.5 }}>
                      <Box component="summary" sx={{ cursor: 'pointer', color: 'text.secondary', fontSize: 13 }}>스택 보기</Box>
                      <Box component="pre" sx={{ m: 0, mt: 0.5, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{l.stack}</Box>
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.url ?? '—'}</TableCell>
                <TableCell>{l.userId ?? '로그인 전'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={totalCount}
        page={paging.page}
        rowsPerPage={paging.size}
        rowsPerPageOptions={[20, 50, 100]}
        onPageChange={(_e, page) => setPaging((p) => ({ ...p, page }))}
        onRowsPerPageChange={(e) => setPaging({ page: 0, size: Number(e.target.value) })}
        labelRowsPerPage="페이지당"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} / 전체 ${count}건`}
      />
    </Box>
  );
}
