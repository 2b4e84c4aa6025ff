import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, LinkButton } from '../../../components/light/button.tsx';
import { ErrorAlert, IndeterminateProgress } from '../../../components/light/feedback.tsx';
import { Icon } from '../../../components/light/icons.tsx';
import { Pagination } from '../../../components/light/pagination.tsx';
import { SearchField } from '../../../components/light/text-field.tsx';
import { useBoardList } from '../../../features/board/api/board-list.ts';
import { PostList, PostListSkeleton } from '../../../features/board/post-list.tsx';
import { errorMessage } from '../../../lib/http.ts';
import s from './list.module.css';

const PAGE_SIZE = 10;
const editIcon = 'm14.06 9.02.92.92L5.92 19H5v-.92zM17.66 3c-.25 0-.51.1-.7.29l-1.83 1.83 3.75 3.75 1.83-1.83c.39-.39.39-1.02 0-1.41l-2.34-2.34c-.2-.2-.45-.29-.71-.29m-3.6 3.19L3 17.25V21h3.75L17.81 9.94z';
const searchIcon = 'M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14';

/**
 * /board — the public Q&A board on any screen: pinned notices, questions newest first with
 * whether they are answered, a title search and pages (SPEC: page size 10). Anyone may ask. A light
 * page (own CSS, no MUI): visitors arrive here from the landing page and from shared links.
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
    <div className={s.page}>
      <div className={s.head}>
        <div>
          <h1 className={s.title}>Q&amp;A 게시판</h1>
          <p className={s.lead}>수업, 교재, 상담 무엇이든 물어보세요. 선생님이 답해 드립니다.</p>
        </div>
        <LinkButton variant="contained" to="/board/write" startIcon={<Icon path={editIcon} />} className={s.write} data-testid="board-write">
          질문하기
        </LinkButton>
      </div>
      <form
        role="search"
        className={s.search}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(search.trim() ? { q: search.trim() } : {});
        }}
      >
        <SearchField icon={<Icon path={searchIcon} />} placeholder="제목으로 찾기" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="제목으로 찾기" maxLength={50} />
        <Button type="submit" variant="outlined" className={s.searchButton} data-testid="board-search">
          검색
        </Button>
      </form>
      {list.isError && (
        <div className={s.error}>
          <ErrorAlert>{errorMessage(list.error)}</ErrorAlert>
        </div>
      )}
      <div className={s.card}>
        {list.isFetching && (
          <div className={s.progress}>
            <IndeterminateProgress label="목록을 불러오는 중" />
          </div>
        )}
        {list.data ? <PostList notices={list.data.notices} items={list.data.items} onOpen={(p) => navigate(`/board/${p.id}`)} /> : !list.isError && <PostListSkeleton rows={PAGE_SIZE} />}
      </div>
      {/* The pages' row keeps its height with one page too: nothing below jumps when the count arrives. */}
      <div className={s.pages}>{pages > 1 && <Pagination count={pages} page={page} onChange={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })} />}</div>
    </div>
  );
}
