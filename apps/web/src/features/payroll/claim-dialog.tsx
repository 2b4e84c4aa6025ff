import { kstToday } from '@academy/contracts/dates';
import { claimBody, type ClaimInput, type ExpenseClaim } from '@academy/contracts/payroll';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { FormDialog, useFieldError } from '../../components/form-dialog.tsx';
import { errorMessage } from '../../lib/http.ts';
import { precheck, uploadFile } from '../../lib/uploader.ts';
import { useCreateClaim } from './api/create-claim.ts';
import { useUpdateClaim } from './api/update-claim.ts';
import { FormDateInput } from '../../components/date-field.tsx';

/** The receipt picker: uploads the photo or PDF at once (progress shown) and keeps its file id. */
function ReceiptField({ value, fileName, onUploaded }: { value: number | undefined; fileName: string | null; onUploaded: (id: number, name: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = useFieldError('receiptFileId');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const pre = precheck(file, 'receipt');
    if (pre) return setProblem(pre);
    setProblem(null);
    setProgress(0);
    try {
      const stored = await uploadFile({ file, target: { kind: 'receipt', weeklyLectureId: null }, signal: new AbortController().signal, onProgress: (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0) });
      setProgress(null);
      onUploaded(stored.id, stored.fileName);
    } catch (err) {
      setProgress(null);
      setProblem(errorMessage(err));
    }
  };
  return (
    <Box>
      <input ref={input} type="file" hidden accept="image/jpeg,image/png,image/webp,application/pdf" onChange={(e) => void pick(e.target.files?.[0])} data-testid="receipt-input" aria-label="영수증 파일" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button variant="outlined" startIcon={<AttachFileOutlined />} onClick={() => input.current?.click()} disabled={progress !== null}>
          {value ? '영수증 바꾸기' : '영수증 올리기'}
        </Button>
        <Typography variant="body2" color={value ? 'text.primary' : 'text.secondary'} data-testid="receipt-name">
          {fileName ?? '사진(JPG, PNG) 또는 PDF, 10MB까지'}
        </Typography>
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} aria-label="영수증 올리는 중" />}
      {(problem ?? error) && (
        <Typography variant="caption" color="error" role="alert">
          {problem ?? error}
        </Typography>
      )}
    </Box>
  );
}

/** File or edit an expense claim: date, amount, memo and the receipt. */
export function ClaimDialog({ claim, onClose }: { claim: ExpenseClaim | null; onClose: () => void }) {
  const create = useCreateClaim();
  const update = useUpdateClaim();
  const [receiptName, setReceiptName] = useState<string | null>(claim?.receipt?.fileName ?? null);
  return (
    <FormDialog<ClaimInput, ClaimInput>
      title={claim ? '경비 청구 수정' : '경비 청구'}
      schema={claimBody as never}
      defaultValues={claim ? { date: claim.date, amount: claim.amount, memo: claim.memo, receiptFileId: claim.receipt?.fileId } : { date: kstToday(new Date()), memo: '' }}
      onSubmit={(body) => (claim ? update.mutateAsync({ params: { id: claim.id }, body }) : create.mutateAsync({ body }))}
      onClose={onClose}
      submitLabel={claim ? '저장' : '청구하기'}
      testId="claim-dialog"
      footnote={<Typography variant="body2" color="textSecondary">승인되면 쓴 날짜가 속한 달 급여에 비과세 경비로 더해집니다.</Typography>}
    >
      {(form) => {
        const err = form.formState.errors;
        return (
          <>
            <FormDateInput<ClaimInput> name="date" label="쓴 날짜" testId="claim-date" maxDate={kstToday(new Date())} />
            <TextField label="금액 (원)" type="number" {...form.register('amount', { valueAsNumber: true })} error={!!err.amount} helperText={err.amount?.message} slotProps={{ htmlInput: { 'data-testid': 'claim-amount', min: 1, step: 1, inputMode: 'numeric' } }} />
            <TextField label="내용" {...form.register('memo')} error={!!err.memo} helperText={err.memo?.message ?? '예: 클리닉 간식, 채점용 펜'} slotProps={{ htmlInput: { 'data-testid': 'claim-memo' } }} />
            <ReceiptField
              value={form.watch('receiptFileId') as number | undefined}
              fileName={receiptName}
              onUploaded={(id, name) => {
                form.setValue('receiptFileId', id, { shouldValidate: true });
                setReceiptName(name);
              }}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
