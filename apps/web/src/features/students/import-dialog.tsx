import { formatPhone } from '@academy/contracts/format';
import { STUDENT_IMPORT_MAX_ROWS, type ImportReply } from '@academy/contracts/students';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { downloadStudentTemplate } from './api/excel-template.ts';
import { importForm, useImportStudents } from './api/import-students.ts';

/**
 * Excel import in two steps: the file is checked first (dry run) and every row is shown with its
 * problems; only a clean file can be confirmed, and then all rows are registered at once.
 */
export function StudentImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (count: number) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReply | null>(null);
  const check = useImportStudents();
  const commit = useImportStudents();

  function reset() {
    setFile(null);
    setReport(null);
    check.reset();
    commit.reset();
    if (input.current) input.current.value = '';
  }

  function pick(f: File | undefined) {
    if (!f) return;
    setFile(f);
    setReport(null);
    commit.reset();
    check.mutate({ body: importForm(f, true) }, { onSuccess: setReport });
  }

  function confirm(f: File) {
    commit.mutate({ body: importForm(f, false) }, {
      onSuccess: (r) => {
        if (r.inserted > 0) {
          onImported(r.inserted);
          reset();
        } else setReport(r);
      },
    });
  }

  const errorsByRow = new Map<number, string[]>();
  const badValue = new Map<string, string>();
  for (const e of report?.errors ?? []) {
    // "학년은 … 중 하나여야 합니다", not "학년: 학년은 …": the field is named once.
    errorsByRow.set(e.row, [...(errorsByRow.get(e.row) ?? []), e.message.startsWith(e.field) ? e.message : `${e.field}: ${e.message}`]);
    if (e.value !== undefined) badValue.set(`${e.row}|${e.field}`, e.value);
  }
  /** A cell as checked, or — when its value was refused — what the file had, marked as such. */
  const cell = (row: number, field: string, shown: string | null) => {
    const bad = badValue.get(`${row}|${field}`);
    return bad === undefined ? (shown ?? '') : <Box component="span" sx={{ fontWeight: 700 }}>(입력: {bad})</Box>;
  };
  const failure = check.error ?? commit.error;
  const canCommit = !!file && !!report && report.errors.length === 0 && report.valid > 0 && !commit.isPending;

  return (
    <Dialog open={open} onClose={() => { reset(); onClose(); }} maxWidth="lg" fullWidth data-testid="student-import-dialog">
      <DialogTitle>엑셀로 학생 등록</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            양식의 머리글(이름, 아이디, 비밀번호, 학생 전화번호, 학부모 전화번호, 학교, 학년, 메모)을 지켜 주세요. 비밀번호를 비우면 학생
            전화번호 끝 4자리 + 아이디가 초기 비밀번호입니다. 한 번에 {STUDENT_IMPORT_MAX_ROWS.toLocaleString('ko-KR')}명, 5MB까지 올릴 수 있고,
            한 행이라도 오류가 있으면 아무도 등록되지 않습니다.{' '}
            <Link component="button" type="button" onClick={() => void downloadStudentTemplate()}>
              양식 내려받기
            </Link>
          </Typography>
          <Box>
            <input
              ref={input}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              data-testid="student-import-file"
              onChange={(e) => pick(e.target.files?.[0])}
            />
            <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={check.isPending || commit.isPending}>
              {file ? '다른 파일 선택' : '엑셀 파일 선택'}
            </Button>
            {file && <Typography component="span" sx={{ ml: 2 }}>{file.name}</Typography>}
          </Box>
          {check.isPending && <Alert severity="info">파일을 검사하는 중입니다…</Alert>}
          {commit.isPending && <Alert severity="info">학생을 등록하는 중입니다. 인원이 많으면 잠시 걸립니다…</Alert>}
          {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
          {report && (
            <Alert severity={report.errors.length ? 'error' : 'success'} data-testid="student-import-summary">
              {report.errors.length
                ? `${report.total}행 중 ${report.total - report.valid}행에 오류가 ${report.errors.length}건 있습니다. 고친 뒤 다시 올려 주세요.`
                : `${report.total}명 모두 등록할 수 있습니다. ${report.valid}명 등록을 누르면 한 번에 등록합니다.`}
            </Alert>
          )}
          {report && (
            <TableContainer sx={{ maxHeight: 420 }}>
              <Table size="small" stickyHeader data-testid="student-import-rows">
                <TableHead>
                  <TableRow>
                    {['행', '이름', '아이디', '학생 전화번호', '학부모 전화번호', '학교', '학년', '비밀번호', '확인 결과'].map((h) => (
                      <TableCell key={h}>{h}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {report.rows.map((r) => (
                    <TableRow key={r.row} sx={r.ok ? undefined : { bgcolor: 'error.50', '& td': { color: 'error.dark' } }}>
                      <TableCell>{r.row}</TableCell>
                      <TableCell>{r.name}</TableCell>
                      <TableCell>{r.loginId}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{cell(r.row, '학생 전화번호', formatPhone(r.phone))}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{cell(r.row, '학부모 전화번호', formatPhone(r.parentPhone))}</TableCell>
                      <TableCell>{cell(r.row, '학교', r.school)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{cell(r.row, '학년', r.grade)}</TableCell>
                      <TableCell>{r.passwordGenerated ? '초기 비밀번호' : '입력값'}</TableCell>
                      <TableCell>{r.ok ? '정상' : (errorsByRow.get(r.row) ?? []).join(' / ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => { reset(); onClose(); }}>취소</Button>
        <Button variant="contained" disabled={!canCommit} onClick={() => file && confirm(file)} data-testid="student-import-confirm">
          {report && report.errors.length === 0 ? `${report.valid}명 등록` : '등록'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
