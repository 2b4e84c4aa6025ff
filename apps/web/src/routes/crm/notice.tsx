import { hasPermission } from '@academy/contracts/roles';
import { formatKoreanDate } from '@academy/contracts/format';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Alert, Box, Button, Card, CardContent, Divider, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header.tsx';
import { useStaffNotice } from '../../features/notice/api/staff-notice.ts';
import { useUpdateStaffNotice } from '../../features/notice/api/update-staff-notice.ts';
import { errorMessage } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { dayjs } from '../../lib/dayjs.ts';

const MAX_LENGTH = 20000;

function NoticeMeta({ updatedAt, updatedByName }: { updatedAt: string | null; updatedByName: string | null }) {
  if (!updatedAt) return null;
  return (
    <Typography variant="body2" color="textSecondary" data-testid="notice-meta">
      {updatedByName ?? '관리자'} · {formatKoreanDate(updatedAt)} {dayjs(updatedAt).format('HH:mm')} 수정
    </Typography>
  );
}

/** SPEC Admin "PUT notice": TAs read the staff notice here; admins also edit it. */
export default function CrmNoticePage() {
  const { principal } = useSession();
  const canEdit = hasPermission(principal, 'ADMIN');
  const notice = useStaffNotice();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useUpdateStaffNotice();

  const editing = draft !== null;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="직원 공지"
        description="조교와 선생님이 출근하면 가장 먼저 확인하는 안내입니다."
        actions={
          canEdit && !editing && notice.data ? (
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setDraft(notice.data.content)} data-testid="notice-edit">
              공지 수정
            </Button>
          ) : null
        }
      />
      <Card variant="outlined">
        <CardContent sx={{ p: 3 }}>
          {notice.isPending && (
            <Stack spacing={1}>
              <Skeleton width="40%" />
              <Skeleton />
              <Skeleton />
              <Skeleton width="70%" />
            </Stack>
          )}
          {notice.isError && <Alert severity="error">{errorMessage(notice.error)}</Alert>}
          {notice.data && !editing && (
            <>
              <NoticeMeta updatedAt={notice.data.updatedAt} updatedByName={notice.data.updatedByName} />
              {notice.data.updatedAt && <Divider sx={{ my: 2 }} />}
              {notice.data.content.trim() ? (
                <Typography component="div" sx={{ whiteSpace: 'pre-wrap', lineHeight: 1.8, wordBreak: 'keep-all' }} data-testid="notice-content">
                  {notice.data.content}
                </Typography>
              ) : (
                <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="notice-empty">
                  등록된 공지가 없습니다
                </Box>
              )}
            </>
          )}
          {editing && (
            <Stack spacing={2}>
              <TextField
                label="공지 내용"
                multiline
                minRows={12}
                maxRows={30}
                fullWidth
                autoFocus
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                slotProps={{ htmlInput: { maxLength: MAX_LENGTH, 'data-testid': 'notice-input' } }}
                helperText={`${draft.length.toLocaleString('ko-KR')} / ${MAX_LENGTH.toLocaleString('ko-KR')}자 · 줄바꿈은 그대로 표시됩니다`}
              />
              {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                  취소
                </Button>
                <Button variant="contained" onClick={() => save.mutate({ body: { content: draft } }, { onSuccess: () => { setDraft(null); toast.success('공지를 저장했습니다'); } })} disabled={save.isPending} data-testid="notice-save">
                  저장
                </Button>
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
