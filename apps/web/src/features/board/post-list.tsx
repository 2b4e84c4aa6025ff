import type { BoardPostSummary } from '@academy/contracts/board';
import { Chip } from '../../components/light/chip.tsx';
import { Icon } from '../../components/light/icons.tsx';
import { postDate } from './post-meta.ts';
import s from './post-list.module.css';

const pinIcon = 'M14 4v5c0 1.12.37 2.16 1 3H9c.65-.86 1-1.9 1-3V4zm3-2H7c-.55 0-1 .45-1 1s.45 1 1 1h1v5c0 1.66-1.34 3-3 3v2h5.97v7l1 1 1-1v-7H19v-2c-1.66 0-3-1.34-3-3V4h1c.55 0 1-.45 1-1s-.45-1-1-1';
const lockIcon = 'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2';
const attachIcon = 'M16.5 6v11.5c0 2.21-1.79 4-4 4s-4-1.79-4-4V5c0-1.38 1.12-2.5 2.5-2.5s2.5 1.12 2.5 2.5v10.5c0 .55-.45 1-1 1s-1-.45-1-1V6H10v9.5c0 1.38 1.12 2.5 2.5 2.5s2.5-1.12 2.5-2.5V5c0-2.21-1.79-4-4-4S7 2.79 7 5v12.5c0 3.04 2.46 5.5 5.5 5.5s5.5-2.46 5.5-5.5V6z';

/** 답변 완료 / 답변 대기 for questions, 공지 for notices. */
function StateChip({ post }: { post: BoardPostSummary }) {
  if (post.kind === 'notice') return <Chip size="small" color="primary" label="공지" />;
  return post.answerCount > 0 ? <Chip size="small" label="답변 완료" className={s.done} /> : <Chip size="small" variant="outlined" label="답변 대기" />;
}

/** A small icon that says something (고정, 비밀글, 첨부): named for screen readers. */
function Mark({ path, label, className }: { path: string; label: string; className?: string }) {
  return (
    <span role="img" aria-label={label} className={className}>
      <Icon path={path} size={20} />
    </span>
  );
}

/**
 * The board's rows: pinned notices first, then posts. One layout for phone and desktop — title on
 * its own line, then who, when, views — so nothing is cut on a narrow screen. Plain CSS: the public
 * board's list is a light page (no MUI); the CRM's board shows the same rows.
 */
export function PostList({ notices, items, onOpen, selectedId }: { notices: BoardPostSummary[]; items: BoardPostSummary[]; onOpen: (p: BoardPostSummary) => void; selectedId?: number | null }) {
  const row = (p: BoardPostSummary, pinned: boolean) => (
    <li key={`${pinned ? 'n' : 'p'}${p.id}`}>
      <button
        type="button"
        onClick={() => onOpen(p)}
        className={[s.row, pinned && s.pinned, selectedId === p.id && s.selected].filter(Boolean).join(' ')}
        aria-current={selectedId === p.id ? 'true' : undefined}
        data-testid={pinned ? 'board-notice-row' : 'board-row'}
      >
        <span className={s.body}>
          <span className={s.titleLine}>
            {pinned && <Mark path={pinIcon} label="고정" className={s.pin} />}
            {p.secret && <Mark path={lockIcon} label="비밀글" className={s.mark} />}
            <span className={p.locked ? `${s.title} ${s.locked}` : s.title} data-testid="board-row-title">
              {p.title}
            </span>
            {p.attachmentCount > 0 && <Mark path={attachIcon} label={`첨부 ${p.attachmentCount}개`} className={s.mark} />}
          </span>
          <span className={s.meta}>
            <StateChip post={p} />
            <span>{p.authorName}</span>
            <span>{postDate(p.createdAt)}</span>
            <span>조회 {p.viewCount.toLocaleString('ko-KR')}</span>
          </span>
        </span>
      </button>
    </li>
  );
  return (
    <ul className={s.list} aria-label="게시글 목록" data-testid="board-list">
      {notices.map((n) => row(n, true))}
      {items.map((p) => row(p, false))}
      {notices.length === 0 && items.length === 0 && <li className={s.empty}>글이 없습니다.</li>}
    </ul>
  );
}

/**
 * The list's place while its first page loads: rows of the final rows' height (title line, then a
 * chip-high meta line), so the list arriving moves nothing below it (issue 35 item 21: CLS 0.38).
 * Hidden from screen readers; the progress bar above says it is loading.
 */
export function PostListSkeleton({ rows }: { rows: number }) {
  return (
    <ul className={s.list} aria-hidden="true" data-testid="board-list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={`${s.row} ${s.skeleton}`}>
          <span className={s.body}>
            <span className={s.titleLine}>
              <span className={s.title}>&nbsp;</span>
            </span>
            <span className={s.meta}>
              <Chip size="small" variant="outlined" label="답변 대기" />
              <span>&nbsp;</span>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
