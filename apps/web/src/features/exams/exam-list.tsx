import { type Exam, GRADE_MODE_LABEL } from '@academy/contracts/exams';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import DocumentScannerOutlined from '@mui/icons-material/DocumentScannerOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Box, Button, Chip, Divider, FormControlLabel, IconButton, ListItemText, Menu, MenuItem, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useChangeSequence } from './api/change-sequence.ts';
import { useDeleteExam } from './api/delete-exam.ts';
import { useReadyToShow } from './api/ready-to-show.ts';
import { useRegrade } from './api/regrade.ts';
import { useSetCutline } from './api/set-cutline.ts';
import { useUnlinkExam } from './api/unlink-exam.ts';

export type ExamAction = 'settings' | 'answers' | 'copy' | 'link' | 'retakes' | 'statistics';

/** The cutline, typed in place: Enter (or leaving the field) saves it. */
function CutlineField({ exam }: { exam: Exam }) {
  const [text, setText] = useState(exam.cutline === null ? '' : String(exam.cutline));
  const [shown, setShown] = useState(exam.cutline);
  const set = useSetCutline();
  if (shown !== exam.cutline) {
    setShown(exam.cutline);
    setText(exam.cutline === null ? '' : String(exam.cutline));
  }
  const save = () => {
    const value = text.trim() === '' ? null : Number(text);
    if (value === exam.cutline) return;
    if (value !== null && (Number.isNaN(value) || value > exam.maxScore)) {
      toast.error(`커트라인은 0~${exam.maxScore}점 사이로 입력해 주세요`);
      return;
    }
    set.mutate(
      { params: { id: exam.lectureId, wlId: exam.weeklyLectureId, examId: exam.id }, body: { cutline: value } },
      {
        onSuccess: () => toast.success(value === null ? `${exam.title}: 커트라인을 지웠습니다` : `${exam.title}: 커트라인 ${value}점`),
        onError: (err) => toast.error(err.message),
      },
    );
  };
  return (
    <TextField
      size="small"
      label="커트라인"
      value={text}
      onChange={(e) => setText(e.target.value.replace(/[^0-9.]/g, ''))}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          save();
        }
      }}
      onBlur={save}
      sx={{ width: 96 }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${exam.title} 커트라인`, 'data-testid': 'exam-cutline-inline' } }}
    />
  );
}

/**
 * The exams of the session, in order: drag a row (or Alt+↑/↓ on it) to reorder; the cutline in
 * place; 공개/숨김; statistics, settings and the rest from the row's menu.
 */
export function ExamList({ exams, takers, onAction }: { exams: Exam[]; takers?: Map<number, number>; onAction: (a: ExamAction, exam: Exam) => void }) {
  const confirm = useConfirm();
  const reorder = useChangeSequence();
  const release = useReadyToShow();
  const remove = useDeleteExam();
  const unlink = useUnlinkExam();
  const regrade = useRegrade();
  const [order, setOrder] = useState<number[] | null>(null);
  const [dragId, setDragId] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; exam: Exam } | null>(null);
  const byId = new Map(exams.map((e) => [e.id, e]));
  const list = order && order.length === exams.length && order.every((id) => byId.has(id)) ? order.map((id) => byId.get(id)!) : exams;

  const save = (ids: number[], focusId?: number) => {
    setOrder(ids);
    reorder.mutate(
      { body: { ids } },
      {
        onSuccess: () => {
          toast.success('시험 순서를 저장했습니다');
          setOrder(null);
        },
        onError: () => setOrder(null),
      },
    );
    if (focusId) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-exam-item="${focusId}"]`)?.focus());
  };
  const move = (id: number, to: number) => {
    const ids = list.map((e) => e.id);
    const from = ids.indexOf(id);
    if (to < 0 || to >= ids.length || from === to) return;
    ids.splice(from, 1);
    ids.splice(to, 0, id);
    save(ids, id);
  };

  const act = async (kind: 'unlink' | 'regrade' | 'delete', exam: Exam) => {
    setMenu(null);
    if (kind === 'unlink') {
      await unlink.mutateAsync({ params: { examId: exam.id } });
      toast.success(`${exam.title}을(를) 묶음에서 뺐습니다`);
    } else if (kind === 'regrade') {
      const r = await regrade.mutateAsync({ params: { examId: exam.id } });
      toast.success(`답안 ${r.regraded}장을 다시 채점했습니다 (점수가 바뀐 학생 ${r.changed}명)`);
    } else if (
      await confirm({
        title: '시험 삭제',
        message: `"${exam.title}"과(와) 입력한 점수 ${exam.takers}명분을 삭제할까요? 삭제 기록은 감사 로그에 남습니다.`,
        confirmLabel: '삭제',
        danger: true,
      })
    ) {
      await remove.mutateAsync({ params: { id: exam.lectureId, wlId: exam.weeklyLectureId, examId: exam.id } });
      toast.success(`"${exam.title}"을(를) 삭제했습니다`);
    }
  };

  if (exams.length === 0) return null;
  return (
    <Box role="list" aria-label="이 회차의 시험 (Alt+위/아래 화살표로 순서 바꾸기)" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper', mb: 2, maxHeight: 232, overflowY: 'auto' }}>
      {list.map((e, i) => (
        <Box key={e.id}>
          {i > 0 && <Divider />}
          <Stack
            role="listitem"
            tabIndex={0}
            draggable
            data-exam-item={e.id}
            data-testid="exam-item"
            aria-label={`${i + 1}번째 시험 ${e.title}`}
            direction="row"
            spacing={1.5}
            onDragStart={() => setDragId(e.id)}
            onDragOver={(ev) => ev.preventDefault()}
            onDrop={(ev) => {
              ev.preventDefault();
              if (dragId !== null && dragId !== e.id) move(dragId, list.findIndex((x) => x.id === e.id));
              setDragId(null);
            }}
            onKeyDown={(ev) => {
              if (ev.target !== ev.currentTarget) return;
              if (ev.altKey && (ev.key === 'ArrowUp' || ev.key === 'ArrowDown')) {
                ev.preventDefault();
                move(e.id, i + (ev.key === 'ArrowUp' ? -1 : 1));
              }
            }}
            sx={{ alignItems: 'center', px: 1.5, py: 0.75, opacity: dragId === e.id ? 0.5 : 1, '&:focus-visible': { outline: '2px solid #1b5e20', outlineOffset: -2 } }}
          >
            <Tooltip title="끌어서 순서 바꾸기 (Alt+↑/↓)">
              <DragIndicator sx={{ color: 'text.secondary', cursor: 'grab' }} aria-hidden />
            </Tooltip>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }} data-testid="exam-item-title">{e.title}</Typography>
              <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
                <Chip size="small" variant="outlined" label={e.questionCount ? `${e.questionCount}문항 · ${e.maxScore}점` : `점수만 · ${e.maxScore}점`} />
                <Chip size="small" variant="outlined" label={`응시 ${takers?.get(e.id) ?? e.takers}명`} />
                {e.gradeMode !== 'none' && <Chip size="small" variant="outlined" label={GRADE_MODE_LABEL[e.gradeMode]} />}
                {e.onlineSubmission && <Chip size="small" color="info" variant="outlined" label="온라인 제출" />}
                {e.linkGroupId !== null && <Chip size="small" color="secondary" label={`묶음 ${e.linkedExamIds.length + 1}반`} sx={{ color: '#3d2a00' }} />}
                {e.retakes.map((r) => <Chip key={r.id} size="small" variant="outlined" label={`재시험: ${r.title}`} />)}
              </Stack>
            </Box>
            <CutlineField exam={e} />
            <FormControlLabel
              control={
                <Switch
                  checked={e.readyToShow}
                  onChange={(ev) =>
                    release.mutate(
                      { params: { examId: e.id }, body: { readyToShow: ev.target.checked } },
                      { onSuccess: (x) => toast.success(x.readyToShow ? `${x.title}: 학생·학부모에게 공개했습니다` : `${x.title}: 다시 숨겼습니다`) },
                    )
                  }
                  slotProps={{ input: { 'aria-label': `${e.title} 공개`, 'data-testid': 'exam-release' } as never }}
                />
              }
              label={e.readyToShow ? '공개' : '숨김'}
              sx={{ mr: 0, minWidth: 84 }}
            />
            <Button size="small" startIcon={<BarChartOutlined />} onClick={() => onAction('statistics', e)} data-testid="exam-statistics">통계</Button>
            <Tooltip title={e.questionCount ? '답안지 인쇄, 스캔·사진 채점' : '정답을 넣으면 OMR로 채점할 수 있습니다'}>
              <span>
                <Button size="small" startIcon={<DocumentScannerOutlined />} component={RouterLink} to={`/crm/lectures/${e.lectureId}/omr/${e.id}`} disabled={!e.questionCount} data-testid="exam-omr">
                  OMR
                </Button>
              </span>
            </Tooltip>
            <IconButton aria-label={`${e.title} 설정`} onClick={() => onAction('settings', e)} data-testid="exam-settings">
              <SettingsOutlined />
            </IconButton>
            <IconButton aria-label={`${e.title} 메뉴`} aria-haspopup="menu" onClick={(ev) => setMenu({ anchor: ev.currentTarget, exam: e })} data-testid="exam-menu">
              <MoreVertOutlined />
            </IconButton>
          </Stack>
        </Box>
      ))}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menu && [
          <MenuItem key="answers" onClick={() => { setMenu(null); onAction('answers', menu.exam); }}><ListItemText>정답 {menu.exam.questionCount ? '수정' : '넣기'}</ListItemText></MenuItem>,
          <MenuItem key="retakes" onClick={() => { setMenu(null); onAction('retakes', menu.exam); }}><ListItemText>재시험</ListItemText></MenuItem>,
          <MenuItem key="copy" onClick={() => { setMenu(null); onAction('copy', menu.exam); }}><ListItemText>다른 회차로 복사</ListItemText></MenuItem>,
          <MenuItem key="link" onClick={() => { setMenu(null); onAction('link', menu.exam); }}><ListItemText>다른 반 시험과 묶기</ListItemText></MenuItem>,
          menu.exam.linkGroupId !== null && <MenuItem key="unlink" onClick={() => void act('unlink', menu.exam)}><ListItemText>묶음에서 빼기</ListItemText></MenuItem>,
          menu.exam.questionCount > 0 && <MenuItem key="regrade" onClick={() => void act('regrade', menu.exam)}><ListItemText>다시 채점</ListItemText></MenuItem>,
          <Divider key="d" />,
          <MenuItem key="delete" onClick={() => void act('delete', menu.exam)} sx={{ color: 'error.main' }}><ListItemText>시험 삭제</ListItemText></MenuItem>,
        ]}
      </Menu>
    </Box>
  );
}
