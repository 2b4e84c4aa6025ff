import { formatFileSize, type FilePermissionScope, type ListedFile } from '@academy/contracts/files';
import type { LectureDetail } from '@academy/contracts/lectures';
import { compareKorean, formatKoreanDate, formatPhone } from '@academy/contracts/format';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, IconButton, Link, MenuItem, Skeleton, Stack, Switch, Table, TableBody,
  TableCell, TableHead, TableRow, TextField, Tooltip, Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';
import { useDeleteFile } from './api/delete-file.ts';
import { fetchDownloadUrl, useFileLink } from './api/download-url.ts';
import { useFilePermission } from './api/file-permission.ts';
import { useFileViews } from './api/file-views.ts';
import { useSaveFilePermission } from './api/save-file-permission.ts';
import { useSetParentAccess } from './api/set-parent-access.ts';
import { useUpdateFileMemo } from './api/update-memo.ts';
import { useWeeklyLectureFiles, weeklyLectureFilesQuery } from './api/weekly-lecture-files.ts';
import { ParentLinksDialog } from './parent-links-dialog.tsx';
import { DropZone, UploadList, useUploadQueue } from './upload-queue.tsx';
import { DateTimeInput } from '../../components/date-field.tsx';

/** A student on the lecture's roster (the permission editor's choices). */
export type RosterStudent = Pick<LectureDetail['students'][number], 'userId' | 'name'>;

const SCOPE_LABEL: Record<FilePermissionScope, string> = {
  participants: '이 회차 참여 학생',
  lecture: '강좌 수강생 전체',
  selected: '지정한 학생만',
  none: '비공개 (직원만)',
};

/** Opens a file in a dialog: PDFs and images inline, anything else as a download link. */
function PreviewDialog({ file, onClose }: { file: ListedFile | null; onClose: () => void }) {
  const url = useFileLink(file?.id ?? null);
  const isPdf = file?.contentType === 'application/pdf';
  const isImage = file?.contentType.startsWith('image/');
  return (
    <Dialog open={!!file} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{file?.fileName}</DialogTitle>
      <DialogContent>
        {url.isPending && <Skeleton variant="rectangular" height={400} />}
        {url.isError && <Alert severity="error">{errorMessage(url.error)}</Alert>}
        {url.data && isPdf && <Box component="iframe" title={file?.fileName} src={url.data.url} sx={{ width: '100%', height: '75vh', border: 0 }} data-testid="preview-pdf" />}
        {url.data && isImage && <Box component="img" alt={file?.fileName} src={url.data.url} sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }} data-testid="preview-image" />}
        {url.data && !isPdf && !isImage && (
          <Typography>미리보기를 지원하지 않는 형식입니다. <Link href={url.data.url}>내려받기</Link></Typography>
        )}
      </DialogContent>
      <DialogActions>
        {file && <Button onClick={() => void fetchDownloadUrl(file.id).then((u) => window.location.assign(u.url)).catch((e: unknown) => toast.error(errorMessage(e)))}>내려받기</Button>}
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}

function ViewsDialog({ file, onClose }: { file: ListedFile | null; onClose: () => void }) {
  const views = useFileViews(file?.id ?? null);
  return (
    <Dialog open={!!file} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>열람 현황 · {file?.fileName}</DialogTitle>
      <DialogContent>
        {views.isPending && <Skeleton height={120} />}
        {views.isError && <Alert severity="error">{errorMessage(views.error)}</Alert>}
        {views.data && (
          <Stack spacing={2}>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>열어 본 학생 {views.data.opened.length}명</Typography>
              <Table size="small" data-testid="views-opened">
                <TableHead><TableRow><TableCell>이름</TableCell><TableCell>전화번호</TableCell><TableCell>처음 연 날</TableCell><TableCell align="right">횟수</TableCell></TableRow></TableHead>
                <TableBody>
                  {views.data.opened.map((v) => (
                    <TableRow key={v.userId}>
                      <TableCell>{v.name}</TableCell>
                      <TableCell>{formatPhone(v.phone)}</TableCell>
                      <TableCell>{formatKoreanDate(v.firstOpenedAt)} {dayjs(v.firstOpenedAt).format('HH:mm')}</TableCell>
                      <TableCell align="right">{v.openCount}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>아직 안 연 학생 {views.data.notOpened.length}명</Typography>
              <Typography variant="body2" color="textSecondary" data-testid="views-not-opened">
                {views.data.notOpened.map((v) => v.name).join(', ') || '없음'}
              </Typography>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>닫기</Button></DialogActions>
    </Dialog>
  );
}

function MemoDialog({ file, onClose }: { file: ListedFile | null; onClose: () => void }) {
  const [memo, setMemo] = useState('');
  useEffect(() => setMemo(file?.memo ?? ''), [file]);
  const save = useUpdateFileMemo();
  const submit = () =>
    save.mutate(
      { params: { id: file!.id }, body: { memo } },
      {
        onSuccess: () => {
          toast.success('메모를 저장했습니다');
          onClose();
        },
      },
    );
  return (
    <Dialog open={!!file} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>메모 · {file?.fileName}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth multiline minRows={3} value={memo} onChange={(e) => setMemo(e.target.value)} slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'file-memo' } }} sx={{ mt: 1 }} />
        {save.isError && <Alert severity="error" sx={{ mt: 1 }}>{errorMessage(save.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>취소</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="file-memo-save">저장</Button>
      </DialogActions>
    </Dialog>
  );
}

function PermissionEditor({ lectureId, wlId, students }: { lectureId: number; wlId: number; students: RosterStudent[] }) {
  const current = useFilePermission(lectureId, wlId);
  const [draft, setDraft] = useState<{ scope: FilePermissionScope; availableFrom: string; studentIds: number[] } | null>(null);
  useEffect(() => {
    if (current.data) {
      setDraft({
        scope: current.data.scope,
        availableFrom: current.data.availableFrom ? dayjs(current.data.availableFrom).format('YYYY-MM-DDTHH:mm') : '',
        studentIds: current.data.studentIds,
      });
    }
  }, [current.data]);
  const save = useSaveFilePermission();
  const submit = () =>
    save.mutate(
      {
        params: { id: lectureId, wlId },
        body: { scope: draft!.scope, availableFrom: draft!.availableFrom ? dayjs(draft!.availableFrom).toISOString() : null, studentIds: draft!.studentIds },
      },
      { onSuccess: () => toast.success('열람 권한을 저장했습니다') },
    );
  if (!draft) return <Skeleton height={80} />;
  const sorted = [...students].sort((a, b) => compareKorean(a.name, b.name));
  const toggle = (id: number) => setDraft({ ...draft, studentIds: draft.studentIds.includes(id) ? draft.studentIds.filter((x) => x !== id) : [...draft.studentIds, id] });
  return (
    <Box data-testid="file-permission">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>자료 열람 권한</Typography>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select size="small" label="누가" value={draft.scope} onChange={(e) => setDraft({ ...draft, scope: e.target.value as FilePermissionScope })} sx={{ minWidth: 200 }} slotProps={{ htmlInput: { 'data-testid': 'permission-scope' } }}>
          {Object.entries(SCOPE_LABEL).map(([v, l]) => <MenuItem key={v} value={v}>{l}</MenuItem>)}
        </TextField>
        <DateTimeInput size="small" label="언제부터 (비우면 바로)" value={draft.availableFrom} onChange={(availableFrom) => setDraft({ ...draft, availableFrom })} testId="permission-from" width={320} />
        <Button variant="contained" size="small" onClick={submit} disabled={save.isPending || (draft.scope === 'selected' && draft.studentIds.length === 0)} data-testid="permission-save">권한 저장</Button>
      </Stack>
      {draft.scope === 'selected' && (
        <Box sx={{ mt: 1, maxHeight: 180, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1 }}>
          {sorted.length === 0 && <Typography variant="body2" color="textSecondary" sx={{ p: 1 }}>수강생이 없습니다</Typography>}
          {sorted.map((s) => (
            <FormControlLabel key={s.userId} sx={{ width: 160 }} control={<Checkbox size="small" checked={draft.studentIds.includes(s.userId)} onChange={() => toggle(s.userId)} />} label={<Typography variant="body2">{s.name}</Typography>} />
          ))}
        </Box>
      )}
      {save.isError && <Alert severity="error" sx={{ mt: 1 }}>{errorMessage(save.error)}</Alert>}
    </Box>
  );
}

/**
 * The file area of one weekly lecture (회차) in the CRM: drag and drop many files (each with a
 * progress bar and cancel; files over 10 MB go up in parallel parts with retries), the list of
 * materials with preview, memo, parent-access switch, who-opened-it and delete, and the
 * permission editor (who may open the materials, from when). Students always get watermarked copies.
 */
export function WeeklyLectureFileArea({ lectureId, wlId, students }: { lectureId: number; wlId: number; students: RosterStudent[] }) {
  const client = useQueryClient();
  const confirm = useConfirm();
  const list = useWeeklyLectureFiles(lectureId, wlId);
  const queue = useUploadQueue({
    target: { kind: 'material', weeklyLectureId: wlId },
    onUploaded: () => void client.invalidateQueries({ queryKey: weeklyLectureFilesQuery(lectureId, wlId).queryKey }),
  });
  const [preview, setPreview] = useState<ListedFile | null>(null);
  const [views, setViews] = useState<ListedFile | null>(null);
  const [memo, setMemo] = useState<ListedFile | null>(null);
  const [links, setLinks] = useState<ListedFile | null>(null);
  const parent = useSetParentAccess();
  const remove = useDeleteFile();
  const askDelete = async (f: ListedFile) => {
    if (!(await confirm({ title: '파일 삭제', message: `${f.fileName}을(를) 삭제할까요?`, confirmLabel: '삭제', danger: true }))) return;
    remove.mutate({ params: { id: f.id } }, { onSuccess: () => toast.success('파일을 삭제했습니다') });
  };

  return (
    <Card variant="outlined" data-testid="file-area">
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>강의 자료</Typography>
        <DropZone onFiles={queue.add} label="파일을 여기에 끌어다 놓거나 선택하세요 (여러 개 가능, PDF·이미지·한글·오피스·ZIP·MP4)" />
        <UploadList items={queue.items} onCancel={queue.cancel} onClear={queue.clearFinished} />
        {list.isError && <Alert severity="error" sx={{ mt: 2 }}>{errorMessage(list.error)}</Alert>}
        {list.isPending && <Skeleton height={80} />}
        {list.data && (
          <Table size="small" sx={{ mt: 2 }} data-testid="material-table">
            <TableHead>
              <TableRow>
                <TableCell>파일</TableCell>
                <TableCell align="right">크기</TableCell>
                <TableCell>올린 날</TableCell>
                <TableCell>메모</TableCell>
                <TableCell align="center">열람</TableCell>
                <TableCell align="center">학부모 공개</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.length === 0 && (
                <TableRow><TableCell colSpan={7}><Typography variant="body2" color="textSecondary">이 회차에 올린 자료가 없습니다</Typography></TableCell></TableRow>
              )}
              {list.data.map((f) => (
                <TableRow key={f.id} data-testid="material-row">
                  <TableCell>
                    <Link component="button" variant="body2" onClick={() => setPreview(f)} sx={{ textAlign: 'left' }}>{f.fileName}</Link>
                  </TableCell>
                  <TableCell align="right">{formatFileSize(f.size)}</TableCell>
                  <TableCell>{formatKoreanDate(f.createdAt)}</TableCell>
                  <TableCell sx={{ maxWidth: 220 }}>
                    <Stack direction="row" sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" color="textSecondary" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{f.memo}</Typography>
                      <IconButton size="small" aria-label="메모 수정" onClick={() => setMemo(f)}><EditNoteOutlined fontSize="small" /></IconButton>
                    </Stack>
                  </TableCell>
                  <TableCell align="center">
                    <Button size="small" startIcon={<VisibilityOutlined fontSize="small" />} onClick={() => setViews(f)} data-testid="views-button">{f.viewCount}명</Button>
                  </TableCell>
                  <TableCell align="center">
                    <Switch size="small" checked={f.hasParentAccess} onChange={(e) => parent.mutate({ params: { id: f.id }, body: { hasParentAccess: e.target.checked } })} slotProps={{ input: { 'aria-label': `${f.fileName} 학부모 공개` } }} />
                    {f.hasParentAccess && (
                      <Button size="small" startIcon={<LinkOutlined fontSize="small" />} onClick={() => setLinks(f)} data-testid="parent-links-button">학부모 링크</Button>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title="삭제">
                      <IconButton size="small" aria-label={`${f.fileName} 삭제`} onClick={() => void askDelete(f)}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Box sx={{ mt: 2 }}>
          <PermissionEditor lectureId={lectureId} wlId={wlId} students={students} />
        </Box>
      </CardContent>
      <PreviewDialog file={preview} onClose={() => setPreview(null)} />
      <ViewsDialog file={views} onClose={() => setViews(null)} />
      <MemoDialog file={memo} onClose={() => setMemo(null)} />
      <ParentLinksDialog file={links} onClose={() => setLinks(null)} />
    </Card>
  );
}
