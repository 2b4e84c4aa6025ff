import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { Alert, Box, Button, Card, Container, InputAdornment, LinearProgress, OutlinedInput, Pagination, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useBoardList } from '../../../features/board/api/board-list.ts';
import { PostList } from '../../../features/board/post-list.tsx';
import { errorMessage } from '../../../lib/http.ts';

const PAGE_SIZE = 10;

/**
 * /board — the public Q&A board on any screen: pinned notices, questions newest first with
 * whether they are answered, a title search and pages (SPEC: page size 10). Anyone may ask.
 */
export default function BoardListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Number(params.get('page')) || 1;
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const list = useBoardList({ page, size: PAGE_SIZE, q: q || undefined });
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2.5, md: 5 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mb: 2, gap: 1 }}>
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 26, md: 32 } }}>
            Q&amp;A 게시판
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>수업, 교재, 상담 무엇이든 물어보세요. 선생님이 답해 드립니다.</Typography>
        </Box>
        <Button variant="contained" component={RouterLink} to="/board/write" startIcon={<EditOutlined />} sx={{ flexShrink: 0 }} data-testid="board-write">
          질문하기
        </Button>
      </Stack>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(search.trim() ? { q: search.trim() } : {});
        }}
        sx={{ mb: 2 }}
      >
        {/* The outlined input a label-less TextField draws, without TextField's Select (menu, popover, modal) in this page's chunk. */}
        <OutlinedInput
          fullWidth
          size="small"
          placeholder="제목으로 찾기"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          inputProps={{ 'aria-label': '제목으로 찾기', maxLength: 50 }}
          startAdornment={<InputAdornment position="start"><SearchOutlined /></InputAdornment>}
        />
      </Box>
      {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        {list.isFetching && <LinearProgress aria-label="목록을 불러오는 중" />}
        {list.data && <PostList notices={list.data.notices} items={list.data.items} onOpen={(p) => navigate(`/board/${p.id}`)} />}
      </Card>
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 2 }}>
          <Pagination
            count={pages}
            page={page}
            size="large"
            onChange={(_, p) => setParams({ ...(q ? { q } : {}), page: String(p) })}
            getItemAriaLabel={(type, p) => (type === 'page' ? `${p} 쪽` : type === 'next' ? '다음 쪽' : type === 'previous' ? '이전 쪽' : String(type))}
          />
        </Stack>
      )}
    </Container>
  );
}
