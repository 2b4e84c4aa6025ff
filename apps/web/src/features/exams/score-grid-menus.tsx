import {
  CLINIC_STATUSES,
  CLINIC_STATUS_LABEL,
  type ClinicStatus,
  DELIVERY_TYPES,
  DELIVERY_TYPE_LABEL,
  type DeliveryType,
  SCORE_STATUSES,
  SCORE_STATUS_LABEL,
  type ScoreStatus,
} from '@academy/contracts/exams';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import { Box, Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Popover, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import { useState } from 'react';

/** Keys that set a status (by physical key, so they work with the Korean keyboard too). */
export const STATUS_KEYS: Record<string, ScoreStatus> = { KeyT: 'taken', KeyN: 'not_taken', KeyA: 'absent', KeyE: 'exempt' };
const STATUS_KEY_LABEL: Record<ScoreStatus, string> = { taken: 'T', not_taken: 'N', absent: 'A', exempt: 'E' };

export const SHORTCUTS: [string, string][] = [
  ['숫자 입력 → Enter', '점수 저장하고 아래 칸으로 (Tab: 오른쪽, Esc: 취소)'],
  ['Enter · F2 · 더블클릭', '지금 점수를 고치기'],
  ['방향키 · Tab · Home/End · PageUp/Down', '칸 이동 (Shift+방향키: 여러 칸 선택, Ctrl+Home: 첫 칸)'],
  ['Delete · Backspace', '점수 지우기 (선택한 칸 모두)'],
  ['Ctrl+V', '엑셀에서 복사한 열·표를 그대로 붙여넣기 (한 번에 저장, 하나라도 틀리면 전부 취소)'],
  ['Ctrl+C', '선택한 칸 복사'],
  ['Ctrl+Z', '마지막 입력·붙여넣기 되돌리기'],
  ['A · E · N · T', '결시 · 면제 · 미응시 · 응시'],
  ['C', '클리닉 상태 바꾸기 (해당없음 → 클리닉대상 → 예약완료 → 완료 → 면제)'],
  ['D', '전달 방법 바꾸기 (미발송 → 문자 → 링크 → 직접전달)'],
  ['M', '칸 메모'],
  ['Q', '문항별 답 입력 (바로 채점)'],
  ['Space', '학생 선택 (학부모 링크 보내기)'],
  ['Shift+F10 · 메뉴 키 · 오른쪽 클릭', '상태·클리닉·전달 메뉴'],
];

/** The "단축키" button and its popover. */
export function ShortcutsButton({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button size="small" startIcon={<KeyboardOutlined />} ref={setAnchor} onClick={() => onOpenChange(!open)} aria-expanded={open} data-testid="shortcuts-button">
        단축키
      </Button>
      <Popover open={open && !!anchor} anchorEl={anchor} onClose={() => onOpenChange(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ p: 2, maxWidth: 560 }} data-testid="shortcuts">
          <Typography variant="subtitle2" sx={{ mb: 1 }}>성적표 단축키</Typography>
          <Table size="small" aria-label="성적표 단축키">
            <TableBody>
              {SHORTCUTS.map(([k, v]) => (
                <TableRow key={k}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 700, fontFamily: 'monospace' }}>{k}</TableCell>
                  <TableCell>{v}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Popover>
    </>
  );
}

export type MenuTarget = { x: number; y: number; status: ScoreStatus | null; clinic: ClinicStatus | null; delivery: DeliveryType | null; hasMemo: boolean; canAnswers: boolean; hasAnswers: boolean; retake: boolean };

/** The cell's menu (right-click, Shift+F10, the menu key): status, clinic, delivery, memo, answers, the OMR sheet. */
export function CellMenu(props: {
  target: MenuTarget | null;
  onClose: () => void;
  onStatus: (s: ScoreStatus) => void;
  onClinic: (s: ClinicStatus) => void;
  onDelivery: (d: DeliveryType) => void;
  onMemo: () => void;
  onAnswers: () => void;
  onSheet: () => void;
  onClear: () => void;
}) {
  const t = props.target;
  const pick = (f: () => void) => () => {
    props.onClose();
    f();
  };
  return (
    <Menu
      open={!!t}
      onClose={props.onClose}
      anchorReference="anchorPosition"
      anchorPosition={t ? { top: t.y, left: t.x } : undefined}
      slotProps={{ paper: { sx: { maxHeight: 520 } }, list: { dense: true, 'aria-label': '성적 칸 메뉴' } }}
      data-testid="cell-menu"
    >
      {!t?.retake && <ListSubheader>응시 상태</ListSubheader>}
      {!t?.retake &&
        SCORE_STATUSES.map((s) => (
          <MenuItem key={s} onClick={pick(() => props.onStatus(s))} selected={t?.status === s}>
            <ListItemIcon>{t?.status === s && <CheckOutlined fontSize="small" />}</ListItemIcon>
            <ListItemText>{SCORE_STATUS_LABEL[s]}</ListItemText>
            <Typography variant="caption" color="textSecondary" sx={{ ml: 2 }}>{STATUS_KEY_LABEL[s]}</Typography>
          </MenuItem>
        ))}
      {!t?.retake && <ListSubheader>클리닉</ListSubheader>}
      {!t?.retake &&
        CLINIC_STATUSES.map((s) => (
          <MenuItem key={s} onClick={pick(() => props.onClinic(s))} selected={t?.clinic === s}>
            <ListItemIcon>{t?.clinic === s && <CheckOutlined fontSize="small" />}</ListItemIcon>
            <ListItemText>{CLINIC_STATUS_LABEL[s]}</ListItemText>
          </MenuItem>
        ))}
      {!t?.retake && <ListSubheader>성적 전달</ListSubheader>}
      {!t?.retake &&
        DELIVERY_TYPES.map((d) => (
          <MenuItem key={d} onClick={pick(() => props.onDelivery(d))} selected={t?.delivery === d}>
            <ListItemIcon>{t?.delivery === d && <CheckOutlined fontSize="small" />}</ListItemIcon>
            <ListItemText>{DELIVERY_TYPE_LABEL[d]}</ListItemText>
          </MenuItem>
        ))}
      <Divider />
      <MenuItem onClick={pick(props.onMemo)} disabled={t?.retake}>
        <ListItemText>{t?.hasMemo ? '메모 보기·고치기' : '메모 달기'}</ListItemText>
        <Typography variant="caption" color="textSecondary" sx={{ ml: 2 }}>M</Typography>
      </MenuItem>
      <MenuItem onClick={pick(props.onAnswers)} disabled={!t?.canAnswers}>
        <ListItemText>문항별 답 입력</ListItemText>
        <Typography variant="caption" color="textSecondary" sx={{ ml: 2 }}>Q</Typography>
      </MenuItem>
      <MenuItem onClick={pick(props.onSheet)} disabled={!t?.hasAnswers || t.retake} data-testid="cell-omr-sheet">
        <ListItemText>OMR 답안지 보기</ListItemText>
      </MenuItem>
      <MenuItem onClick={pick(props.onClear)}>
        <ListItemText>점수 지우기</ListItemText>
        <Typography variant="caption" color="textSecondary" sx={{ ml: 2 }}>Delete</Typography>
      </MenuItem>
    </Menu>
  );
}
