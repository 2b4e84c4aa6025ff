import { CLINIC_STATUS_LABEL } from '@academy/contracts/exams';
import type { OmrApplyChoice, OmrApplyItem, OmrApplyPreview } from '@academy/contracts/omr';
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { TONE } from './tones.ts';

/** What the OMR score would do to the student's 클리닉대상, said beside the choice. */
function clinicNote(item: OmrApplyItem, cutline: number | null): string | null {
  if (cutline === null) return null;
  if (item.currentClinic === 'required' && item.omrScore >= cutline) return 'OMR 점수로 바꾸면 클리닉대상이 풀립니다';
  if (item.currentClinic === 'none' && item.omrScore < cutline) return 'OMR 점수로 바꾸면 클리닉대상이 됩니다';
  return null;
}

/**
 * Before "점수로 반영" writes over scores already in the grid: each student whose score differs from
 * the sheet's, with both scores and the clinic state, and a choice per student or for all. The
 * sheets of students without a score are applied as they are.
 */
export function ApplyDialog(props: {
  preview: OmrApplyPreview;
  pending: boolean;
  error: string | null;
  onApply: (choices: { sheetId: number; use: OmrApplyChoice }[]) => void;
  onClose: () => void;
}) {
  const differing = props.preview.items.filter((i) => i.differs);
  const plain = props.preview.items.length - differing.length;
  const [choice, setChoice] = useState<Record<number, OmrApplyChoice>>({});
  const all = (use: OmrApplyChoice) => setChoice(Object.fromEntries(differing.map((i) => [i.sheetId, use])));
  const decided = differing.every((i) => choice[i.sheetId] !== undefined);
  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby="omr-apply-title" data-testid="omr-apply-dialog">
      <DialogTitle id="omr-apply-title">이미 점수가 있는 학생 {differing.length}명</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">
            성적표의 점수와 OMR 점수가 다릅니다. 학생마다 반영할 점수를 골라 주세요.{plain > 0 ? ` 나머지 ${plain}장은 OMR 점수로 반영합니다.` : ''}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" onClick={() => all('omr')} data-testid="omr-apply-all-omr">모두 OMR 점수로</Button>
            <Button variant="outlined" onClick={() => all('current')} data-testid="omr-apply-all-current">모두 기존 점수 유지</Button>
          </Stack>
          <Table size="small" aria-label="점수가 다른 학생">
            <TableHead>
              <TableRow>
                <TableCell>학생</TableCell>
                <TableCell align="right">기존 점수</TableCell>
                <TableCell align="right">OMR 점수</TableCell>
                <TableCell>반영할 점수</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {differing.map((i) => {
                const note = clinicNote(i, props.preview.cutline);
                return (
                  <TableRow key={i.sheetId} data-testid="omr-apply-row" data-student={i.studentName}>
                    <TableCell>{i.studentName}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                        {i.currentClinic !== 'none' && <Chip size="small" sx={i.currentClinic === 'required' ? TONE.warning : undefined} label={CLINIC_STATUS_LABEL[i.currentClinic]} />}
                        <span>{i.currentScore}점</span>
                      </Stack>
                    </TableCell>
                    <TableCell align="right">{i.omrScore}점</TableCell>
                    <TableCell>
                      <RadioGroup
                        row
                        aria-label={`${i.studentName} 반영할 점수`}
                        value={choice[i.sheetId] ?? ''}
                        onChange={(e) => setChoice((c) => ({ ...c, [i.sheetId]: e.target.value as OmrApplyChoice }))}
                      >
                        <FormControlLabel value="omr" control={<Radio size="small" />} label={`OMR ${i.omrScore}점`} />
                        <FormControlLabel value="current" control={<Radio size="small" />} label={`기존 ${i.currentScore}점 유지`} />
                      </RadioGroup>
                      {note && <Typography variant="caption" color="textSecondary">{note}</Typography>}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          {props.error && <Alert severity="error" data-testid="omr-apply-error">{props.error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>닫기</Button>
        <Button
          variant="contained"
          disabled={!decided || props.pending}
          onClick={() => props.onApply(differing.map((i) => ({ sheetId: i.sheetId, use: choice[i.sheetId]! })))}
          data-testid="omr-apply-confirm"
        >
          {decided ? `점수로 반영 (${props.preview.items.length}장)` : `남은 선택 ${differing.filter((i) => choice[i.sheetId] === undefined).length}명`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
