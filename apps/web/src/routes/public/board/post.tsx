import { BOARD_ERRORS, type BoardPost } from '@academy/contracts/board';
import { formatKoreanDate } from '@academy/contracts/format';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Container, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useBoardPost } from '../../../features/board/api/board-post.ts';
import { useDeletePost } from '../../../features/board/api/delete-post.ts';
import { useUnlockPost } from '../../../features/board/api/unlock-post.ts';
import { AttachmentList } from '../../../features/board/attachment-list.tsx';
import { PasswordForm } from '../../../features/board/password-form.tsx';
import { PostBody } from '../../../features/board/post-body.tsx';
import { postDate } from '../../../features/board/post-meta.ts';
import { hasPermission } from '@academy/contracts/roles';
import { dayjs } from '../../../lib/dayjs.ts';
import { useSession } from '../../../lib/session.ts';
import { errorMessage, isApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';

function PostView({ post }: { post: BoardPost }) {
  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, wordBreak: 'break-word' }} data-testid="board-post-title">
          {post.title}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mt: 0.75 }}>
          {post.authorName} · {postDate(post.createdAt)} · 조회 {post.viewCount.toLocaleString('ko-KR')}
          {post.secret ? ' · 비밀글' : ''}
        </Typography>
      </Box>
      <Divider />
      <PostBody text={post.body} testId="board-post-body" />
      <AttachmentList files={post.attachments} />
      {post.answers.map((a) => (
        <Box key={a.id} sx={{ p: 2, bgcolor: '#eef5ee', borderRadius: 2, borderLeft: 4, borderColor: 'primary.main' }} data-testid="board-answer">
          <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 0.75 }}>
            답변 · {a.authorName}
            <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
              {formatKoreanDate(a.createdAt)} {dayjs(a.createdAt).format('HH:mm')}
            </Typography>
          </Typography>
          <PostBody text={a.body} />
        </Box>
      ))}
      {post.kind === 'question' && post.answers.length === 0 && <Alert severity="info">아직 답변이 없습니다. 답변이 달리면 남겨 주신 번호로 문자를 보내 드립니다.</Alert>}
    </Stack>
  );
}

/**
 * /board/:id — one post with its files and answers. Someone else's 비밀글 asks for its password
 * (visitors) — a student who wrote one reads it signed in. The writer changes or deletes it: by
 * session, or by the password they chose.
 */
export default function BoardPostPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const post = useBoardPost(id, Number.isInteger(id) && id > 0);
  const unlock = useUnlockPost();
  const remove = useDeletePost();
  // Just written: the writer sees their post at once, 비밀글 or not.
  const written = (useLocation().state as { post?: BoardPost } | null)?.post;
  const [unlocked, setUnlocked] = useState<BoardPost | null>(written?.id === id ? written : null);
  const [deleting, setDeleting] = useState(false);
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const shown = post.data ?? unlocked ?? null;
  const secret = post.isError && isApiError(post.error, BOARD_ERRORS.secret);
  const staff = hasPermission(useSession().principal, 'TA');

  const deleteIt = async () => {
    if (!shown) return;
    if (shown.canEdit) {
      if (!(await confirm({ title: '글 지우기', message: '이 글과 첨부를 지웁니다. 되돌릴 수 없습니다.', confirmLabel: '지우기', danger: true }))) return;
      await remove.mutateAsync({ params: { id }, body: {} }).catch((e: unknown) => toast.error(errorMessage(e)));
      toast.success('글을 지웠습니다');
      navigate('/board');
      return;
    }
    setDeleting(true);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
      <Button component={RouterLink} to="/board" startIcon={<ArrowBackOutlined />} sx={{ mb: 1.5 }}>
        목록
      </Button>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.25, md: 4 } }}>
          {post.isPending && <CircularProgress aria-label="글을 불러오는 중" />}
          {post.isError && !secret && <Alert severity="warning">{errorMessage(post.error)}</Alert>}
          {secret && !unlocked && (
            <PasswordForm
              title="비밀글입니다"
              description="글을 쓸 때 정한 비밀번호를 입력하면 볼 수 있습니다."
              submitLabel="열기"
              testId="board-unlock"
              onSubmit={async (password) => setUnlocked(await unlock.mutateAsync({ params: { id }, body: { password } }))}
            />
          )}
          {shown && <PostView post={shown} />}
        </CardContent>
      </Card>
      {shown && (shown.canEdit || shown.authorType === 'visitor') && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          {/* Staff change only notices here (questions are the writers'); visitors change theirs with the password. */}
          {(staff ? shown.authorType === 'staff' : shown.canEdit || shown.authorType === 'visitor') && (
            <Button component={RouterLink} to={`/board/${id}/edit`} variant="outlined" data-testid="board-edit">
              고치기
            </Button>
          )}
          <Button color="error" variant="outlined" onClick={() => void deleteIt()} data-testid="board-delete">
            지우기
          </Button>
        </Stack>
      )}
      <Dialog open={deleting} onClose={() => setDeleting(false)} maxWidth="xs" fullWidth aria-labelledby="board-delete-title">
        <DialogTitle id="board-delete-title">글 지우기</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>글을 쓸 때 정한 비밀번호를 입력해 주세요.</Typography>
          <TextField fullWidth type="password" label="비밀번호" value={deletePassword} onChange={(e) => setDeletePassword(e.target.value)} error={!!deleteError} helperText={deleteError} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)}>취소</Button>
          <Button
            color="error"
            variant="contained"
            disabled={!deletePassword || remove.isPending}
            onClick={() =>
              remove.mutate(
                { params: { id }, body: { password: deletePassword } },
                {
                  onSuccess: () => {
                    toast.success('글을 지웠습니다');
                    navigate('/board');
                  },
                  onError: (e) => setDeleteError(isApiError(e, BOARD_ERRORS.wrong_password) ? '비밀번호가 맞지 않습니다' : errorMessage(e)),
                },
              )
            }
          >
            지우기
          </Button>
        </DialogActions>
      </Dialog>
    </Container>
  );
}
