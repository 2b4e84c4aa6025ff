import { formatPhone } from '@academy/contracts/format';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import {
  Alert, Box, Button, Card, CardContent, Divider, IconButton, LinearProgress, Pagination, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { AnswerPanel } from '../../features/board/answer-panel.tsx';
import { useBoardList } from '../../features/board/api/board-list.ts';
import { useBoardPost } from '../../features/board/api/board-post.ts';
import { useDeletePost } from '../../features/board/api/delete-post.ts';
import { useSortNotices } from '../../features/board/api/sort-notices.ts';
import { AttachmentList } from '../../features/board/attachment-list.tsx';
import { PostBody } from '../../features/board/post-body.tsx';
import { PostList } from '../../features/board/post-list.tsx';
import { postDate } from '../../features/board/post-meta.ts';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';

const PAGE_SIZE = 15;

/** The post chosen on the left: everything staff see (the writer's whole name and phone), answers, delete. */
function PostPanel({ id, onDeleted }: { id: number; onDeleted: () => void }) {
  const post = useBoardPost(id);
  const remove = useDeletePost();
  const confirm = useConfirm();
  if (post.isPending) return <LinearProgress aria-label="글을 불러오는 중" />;
  if (post.isError) return <Alert severity="warning">{errorMessage(post.error)}</Alert>;
  const p = post.data;
  return (
    <Stack spacing={2} data-testid="crm-board-post">
      <Box>
        <Typography variant="h6" component="h3" sx={{ wordBreak: 'break-word' }}>{p.title}</Typography>
        <Typography variant="body2" color="textSecondary">
          {p.contact ? `${p.contact.name}${p.contact.phone ? ` · ${formatPhone(p.contact.phone)}` : ''}` : p.authorName} · {p.authorType === 'visitor' ? '방문자' : p.authorType === 'student' ? '학생' : '직원'} · {postDate(p.createdAt)}
          {p.secret ? ' · 비밀글' : ''}
        </Typography>
      </Box>
      <PostBody text={p.body} />
      <AttachmentList files={p.attachments} />
      <Divider />
      {p.kind === 'question' ? <AnswerPanel post={p} /> : <Typography color="textSecondary">공지에는 답변을 달지 않습니다.</Typography>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={`/board/${p.id}`} target="_blank" startIcon={<OpenInNewOutlined />}>게시판에서 보기</Button>
        <Button
          color="error"
          onClick={() =>
            void confirm({ title: '글 지우기', message: `'${p.title}'을(를) 지웁니다. 게시판에서 사라지고 첨부도 지워집니다.`, confirmLabel: '지우기', danger: true }).then(
              (ok) => ok && remove.mutate({ params: { id: p.id }, body: {} }, { onSuccess: () => { toast.success('글을 지웠습니다'); onDeleted(); } }),
            )
          }
        >
          글 지우기
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * /crm/board — staff work the Q&A board: questions waiting for an answer first, the post with the
 * writer's contact on the right, answers (with an SMS to the writer), deleting, and the order of
 * the pinned notices. Notices are written on the board itself (signed in as staff).
 */
export default function CrmBoardPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('post')) || null;
  const [status, setStatus] = useState<'unanswered' | 'all' | 'answered'>('unanswered');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const list = useBoardList({ page, size: PAGE_SIZE, q: q.trim() || undefined, status: status === 'all' ? undefined : status });
  const pinned = useBoardList({ page: 1, size: 1 });
  const sort = useSortNotices();
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));
  const notices = pinned.data?.notices ?? [];

  const move = (index: number, delta: number) => {
    const ids = notices.map((n) => n.id);
    const j = index + delta;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j]!, ids[index]!];
    sort.mutate({ body: { ids } });
  };

  return (
    <Box sx={{ maxWidth: 1240 }}>
      <PageHeader
        title="게시판 관리"
        description="답변을 달면 작성자에게 문자로 알릴 수 있습니다. 공지는 게시판에서 직원 계정으로 씁니다."
        actions={<Button variant="outlined" component={RouterLink} to="/board/write" data-testid="crm-board-notice">공지 쓰기</Button>}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.2fr)', gap: 2, alignItems: 'start' }}>
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
                <ToggleButtonGroup exclusive size="small" value={status} onChange={(_, v: typeof status | null) => { if (v) { setStatus(v); setPage(1); } }} aria-label="답변 여부">
                  <ToggleButton value="unanswered" data-testid="crm-board-unanswered">답변 대기</ToggleButton>
                  <ToggleButton value="all">전체</ToggleButton>
                  <ToggleButton value="answered">답변 완료</ToggleButton>
                </ToggleButtonGroup>
                <TextField size="small" placeholder="제목 검색" value={q} onChange={(e) => { setQ(e.target.value); setPage(1); }} slotProps={{ htmlInput: { 'aria-label': '제목 검색', maxLength: 50 } }} sx={{ flex: 1 }} />
              </Stack>
              {list.isFetching && <LinearProgress aria-label="목록을 불러오는 중" />}
              {list.data && <PostList notices={[]} items={list.data.items} selectedId={selected} onOpen={(p) => setParams({ post: String(p.id) })} />}
              {pages > 1 && (
                <Stack sx={{ alignItems: 'center', mt: 1 }}>
                  <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />
                </Stack>
              )}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>고정 공지 순서</Typography>
              {notices.length === 0 && <Typography color="textSecondary">고정 공지가 없습니다.</Typography>}
              {notices.map((n, i) => (
                <Stack key={n.id} direction="row" sx={{ alignItems: 'center' }} spacing={1}>
                  <Typography sx={{ flex: 1 }}>{i + 1}. {n.title}</Typography>
                  <IconButton size="small" aria-label={`${n.title} 위로`} disabled={i === 0} onClick={() => move(i, -1)}><ArrowUpwardOutlined fontSize="small" /></IconButton>
                  <IconButton size="small" aria-label={`${n.title} 아래로`} disabled={i === notices.length - 1} onClick={() => move(i, 1)}><ArrowDownwardOutlined fontSize="small" /></IconButton>
                  <Button size="small" onClick={() => sort.mutate({ body: { ids: notices.filter((x) => x.id !== n.id).map((x) => x.id) } })}>고정 풀기</Button>
                </Stack>
              ))}
            </CardContent>
          </Card>
        </Stack>
        <Card variant="outlined" sx={{ position: 'sticky', top: 88 }}>
          <CardContent>
            {selected ? <PostPanel key={selected} id={selected} onDeleted={() => setParams({})} /> : <Typography color="textSecondary">왼쪽에서 글을 고르세요.</Typography>}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
