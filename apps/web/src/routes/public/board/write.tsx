import { BOARD_ERRORS, type BoardPost } from '@academy/contracts/board';
import { hasPermission } from '@academy/contracts/roles';
import { Alert, Card, CardContent, CircularProgress, Container, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { meQuery } from '../../../features/auth/api/me.ts';
import { useBoardPost } from '../../../features/board/api/board-post.ts';
import { useCreatePost } from '../../../features/board/api/create-post.ts';
import { useUnlockPost } from '../../../features/board/api/unlock-post.ts';
import { useUpdatePost } from '../../../features/board/api/update-post.ts';
import { PasswordForm } from '../../../features/board/password-form.tsx';
import { PostForm, type PostFormValues } from '../../../features/board/post-form.tsx';
import { errorMessage, isApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * /board/write and /board/:id/edit. A visitor writes with a name and a password; a signed-in
 * student or staff member as themselves (staff posts are notices). Changing a visitor's 비밀글
 * first asks its password to show it.
 */
export default function BoardWritePage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const navigate = useNavigate();
  const { principal } = useSession();
  const me = useQuery({ ...meQuery(), enabled: !!principal });
  const staff = hasPermission(principal, 'TA');
  const existing = useBoardPost(id ?? 0, id !== null);
  const unlock = useUnlockPost();
  const create = useCreatePost();
  const update = useUpdatePost();
  const [unlocked, setUnlocked] = useState<{ post: BoardPost; password: string } | null>(null);

  const done = (post: BoardPost) => navigate(`/board/${post.id}`, { state: { post } });

  const submitNew = async (v: PostFormValues) => {
    const post = await create.mutateAsync({
      body: {
        title: v.title, body: v.body, secret: v.secret, notice: staff, website: v.website || undefined,
        attachments: v.attachments.map((a) => ({ fileId: a.fileId, ticket: a.ticket! })),
        ...(principal ? {} : { name: v.name, password: v.password, ...(v.phone.trim() ? { phone: v.phone, privacyConsent: v.privacyConsent } : {}) }),
      },
    });
    toast.success('글을 올렸습니다');
    done(post);
  };

  const submitEdit = async (v: PostFormValues) => {
    const post = await update.mutateAsync({
      params: { id: id! },
      body: { title: v.title, body: v.body, secret: v.secret, password: v.password || undefined, attachments: v.attachments.map((a) => ({ fileId: a.fileId, ticket: a.ticket })) },
    });
    toast.success('글을 고쳤습니다');
    done(post);
  };

  const post = unlocked?.post ?? existing.data ?? null;
  const visitorPost = post?.authorType === 'visitor';
  const secretLocked = id !== null && existing.isError && isApiError(existing.error, BOARD_ERRORS.secret) && !unlocked;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 2 }}>
        {id === null ? (staff ? '공지 쓰기' : '질문하기') : '글 고치기'}
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2.25, md: 4 } }}>
          {id === null && (
            <PostForm
              mode={principal ? 'signed-in' : 'visitor'}
              signedInAs={me.data?.name}
              staff={staff}
              submitLabel="올리기"
              onSubmit={submitNew}
              onCancel={() => navigate('/board')}
            />
          )}
          {id !== null && existing.isPending && <CircularProgress aria-label="글을 불러오는 중" />}
          {id !== null && existing.isError && !secretLocked && !unlocked && <Alert severity="warning">{errorMessage(existing.error)}</Alert>}
          {secretLocked && (
            <PasswordForm
              title="비밀번호 확인"
              description="글을 쓸 때 정한 비밀번호를 입력해 주세요."
              submitLabel="확인"
              onSubmit={async (password) => setUnlocked({ post: await unlock.mutateAsync({ params: { id: id! }, body: { password } }), password })}
            />
          )}
          {id !== null && post && (
            <PostForm
              key={post.id}
              mode={visitorPost ? 'visitor' : 'signed-in'}
              editing
              staff={staff}
              initial={{ title: post.title, body: post.body, secret: post.secret, password: unlocked?.password ?? '', attachments: post.attachments.map((a) => ({ fileId: a.id, fileName: a.fileName, size: a.size })) }}
              submitLabel="저장"
              onSubmit={submitEdit}
              onCancel={() => navigate(`/board/${id}`)}
            />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}
