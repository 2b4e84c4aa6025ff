import { formatFileSize } from '@academy/contracts/files';
import { formatKoreanDate } from '@academy/contracts/format';
import { PUBLIC_LINK_ERRORS } from '@academy/contracts/links';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Alert, AlertTitle, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useParams } from 'react-router';
import { useSharedFile } from '../../features/files/api/shared-file.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { ApiError, errorMessage, isApiError } from '../../lib/http.ts';
import { AuthCard } from './auth-card.tsx';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const GONE_TEXT = '자료가 필요하시면 학원에 새 링크를 요청해 주세요.';

/** Why the link opens nothing, in a parent's words (the server's own sentence underneath). */
function goneTitle(err: unknown): string {
  if (isApiError(err, PUBLIC_LINK_ERRORS.expired)) return '기간이 지난 링크예요';
  if (isApiError(err, PUBLIC_LINK_ERRORS.revoked)) return '취소된 링크예요';
  return '링크를 열 수 없어요';
}
/** Ask for a fresh signed URL when the one in hand has less than this left. */
const URL_MARGIN_MS = 30_000;

/**
 * /link/file/:token — the page a parent opens from the SMS (no account). It shows which file it is,
 * for which child and until when, with one big download button. The signed URL lives a few minutes,
 * so a page left open asks for a new one on click.
 */
export default function ParentFileLinkPage() {
  const { token = '' } = useParams();
  const validShape = TOKEN.test(token);
  const link = useSharedFile(token, validShape);
  const [fetching, setFetching] = useState(false);
  const gone = !validShape || (link.error instanceof ApiError && link.error.status >= 400 && link.error.status < 500);

  const download = async (e: MouseEvent) => {
    if (!link.data || new Date(link.data.download.expiresAt).getTime() - Date.now() > URL_MARGIN_MS) return;
    e.preventDefault();
    setFetching(true);
    try {
      const fresh = await link.refetch();
      if (fresh.data) window.location.assign(fresh.data.download.url);
    } finally {
      setFetching(false);
    }
  };

  return (
    <AuthCard title="학부모 자료 받기">
      {link.isPending && validShape && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress />
        </Box>
      )}
      {gone && (
        <Alert severity="warning" data-testid="shared-file-gone">
          <AlertTitle>{validShape ? goneTitle(link.error) : '링크를 찾을 수 없어요'}</AlertTitle>
          {link.error instanceof ApiError ? link.error.message : GONE_TEXT}
        </Alert>
      )}
      {link.isError && !gone && <Alert severity="error">{errorMessage(link.error)}</Alert>}
      {link.data && (
        <Stack spacing={2.5} data-testid="shared-file">
          {link.data.studentName && (
            <Typography variant="body1" sx={{ wordBreak: 'keep-all' }}>
              <strong data-testid="shared-file-student">{link.data.studentName}</strong> 학생 학부모님께 보내드리는 자료입니다.
            </Typography>
          )}
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'grey.50' }}>
            <InsertDriveFileOutlined color="primary" sx={{ fontSize: 40 }} />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }} data-testid="shared-file-name">{link.data.fileName}</Typography>
              <Typography variant="body2" color="textSecondary" data-testid="shared-file-size">{formatFileSize(link.data.fileSize)}</Typography>
            </Box>
          </Stack>
          <Button
            component="a"
            href={link.data.download.url}
            onClick={(e: MouseEvent) => void download(e)}
            variant="contained"
            size="large"
            fullWidth
            startIcon={fetching ? <CircularProgress size={20} color="inherit" /> : <DownloadOutlined />}
            sx={{ py: 1.75, fontSize: '1.1rem', fontWeight: 700 }}
            data-testid="shared-file-download"
          >
            다운로드
          </Button>
          <Typography variant="body2" color="textSecondary" data-testid="shared-file-expires">
            이 링크는 {formatKoreanDate(link.data.expiresAt)} {dayjs(link.data.expiresAt).format('HH:mm')}까지 열 수 있습니다.
          </Typography>
        </Stack>
      )}
    </AuthCard>
  );
}
