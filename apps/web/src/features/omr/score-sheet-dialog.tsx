import { Button } from '@mui/material';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { toast } from '../../lib/toast.ts';
import { useDeleteScoreSheet } from './api/delete-score-sheet.ts';
import { useScoreSheet } from './api/score-sheet.ts';
import { SheetDialog } from './sheet-dialog.tsx';

/** The sheet behind a score, opened from the score grid; it can be deleted (with the answers it gave). */
export function ScoreSheetDialog({ examId, userId, onClose }: { examId: number; userId: number; onClose: () => void }) {
  const sheet = useScoreSheet(examId, userId);
  const remove = useDeleteScoreSheet();
  const confirm = useConfirm();
  return (
    <SheetDialog
      sheet={sheet.data}
      loading={sheet.isPending}
      error={sheet.error}
      onClose={onClose}
      actions={
        sheet.data && (
          <Button
            color="error"
            data-testid="omr-delete-sheet"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await confirm({
                title: 'OMR 답안지 삭제',
                message: `${sheet.data?.studentName ?? ''} 학생의 OMR 답안지와 칸별 값을 지우고, 이 답안지로 넣은 답과 점수도 지웁니다. 기록은 변경 이력에 남습니다.`,
                confirmLabel: '삭제',
                danger: true,
              });
              if (!ok) return;
              remove.mutate({ params: { examId, userId } }, { onSuccess: () => { toast.success('OMR 답안지를 지웠습니다'); onClose(); } });
            }}
          >
            답안지 삭제
          </Button>
        )
      }
    />
  );
}
