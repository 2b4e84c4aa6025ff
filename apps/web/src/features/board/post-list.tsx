import type { BoardPostSummary } from '@academy/contracts/board';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import { Box, Chip, List, ListItem, ListItemButton, Stack, Typography } from '@mui/material';
import { postDate } from './post-meta.ts';

/** 답변 완료 / 답변 대기 for questions, 공지 for notices. */
function StateChip({ post }: { post: BoardPostSummary }) {
  if (post.kind === 'notice') return <Chip size="small" color="primary" label="공지" />;
  return post.answerCount > 0 ? <Chip size="small" color="success" label="답변 완료" /> : <Chip size="small" variant="outlined" label="답변 대기" />;
}

/**
 * The board's rows: pinned notices first, then posts. One layout for phone and desktop — title on
 * its own line, then who, when, views — so nothing is cut on a narrow screen.
 */
export function PostList({ notices, items, onOpen, selectedId }: { notices: BoardPostSummary[]; items: BoardPostSummary[]; onOpen: (p: BoardPostSummary) => void; selectedId?: number | null }) {
  const row = (p: BoardPostSummary, pinned: boolean) => (
    <ListItem key={`${pinned ? 'n' : 'p'}${p.id}`} disablePadding>
      <ListItemButton
        onClick={() => onOpen(p)}
        selected={selectedId === p.id}
        divider
        sx={{ py: 1.25, alignItems: 'flex-start', bgcolor: pinned ? 'rgba(46,125,50,0.05)' : undefined }}
        data-testid={pinned ? 'board-notice-row' : 'board-row'}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: 0.5 }}>
            {pinned && <PushPinOutlined fontSize="small" color="primary" aria-label="고정" />}
            {p.secret && <LockOutlined fontSize="small" color="action" aria-label="비밀글" />}
            <Typography sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: p.locked ? 'text.secondary' : 'text.primary' }} data-testid="board-row-title">
              {p.title}
            </Typography>
            {p.attachmentCount > 0 && <AttachFileOutlined fontSize="small" color="action" aria-label={`첨부 ${p.attachmentCount}개`} />}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', flexWrap: 'wrap' }}>
            <StateChip post={p} />
            <Typography variant="body2">{p.authorName}</Typography>
            <Typography variant="body2">{postDate(p.createdAt)}</Typography>
            <Typography variant="body2">조회 {p.viewCount.toLocaleString('ko-KR')}</Typography>
          </Stack>
        </Box>
      </ListItemButton>
    </ListItem>
  );
  return (
    <List disablePadding aria-label="게시글 목록" data-testid="board-list">
      {notices.map((n) => row(n, true))}
      {items.map((p) => row(p, false))}
      {notices.length === 0 && items.length === 0 && (
        <ListItem sx={{ justifyContent: 'center', p: 3, color: 'text.secondary' }}>글이 없습니다.</ListItem>
      )}
    </List>
  );
}
