import { formatMonth, customWageBody, type CustomWageInput } from '@academy/contracts/payroll';
import { MenuItem, TextField } from '@mui/material';
import { FormDialog } from '../../components/form-dialog.tsx';
import { useCreateCustomWage } from './api/create-custom-wage.ts';
import { useTas } from './api/tas.ts';

/** An addition (+) or deduction (−) for one TA in one month, with a memo. */
export function CustomWageDialog({ month, onClose }: { month: string; onClose: () => void }) {
  const create = useCreateCustomWage();
  const tas = useTas();
  return (
    <FormDialog<CustomWageInput, unknown>
      title={`${formatMonth(month)} 추가·공제`}
      schema={customWageBody as never}
      defaultValues={{ month, memo: '' }}
      onSubmit={(body) => create.mutateAsync({ body: body as CustomWageInput })}
      onClose={onClose}
      testId="custom-wage-dialog"
      submitLabel="넣기"
    >
      {(form) => {
        const err = form.formState.errors;
        return (
          <>
            <TextField select label="조교" defaultValue="" {...form.register('taId', { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })} error={!!err.taId} helperText={err.taId?.message}>
              {(tas.data ?? []).map((t) => <MenuItem key={t.id} value={t.id}>{t.name} ({t.loginId})</MenuItem>)}
            </TextField>
            <TextField label="금액 (원, 공제는 −)" type="number" {...form.register('amount', { valueAsNumber: true })} error={!!err.amount} helperText={err.amount?.message ?? '예: 30000 (감독 수당), -10000 (지각 공제)'} slotProps={{ htmlInput: { step: 10, inputMode: 'numeric' } }} />
            <TextField label="내용" {...form.register('memo')} error={!!err.memo} helperText={err.memo?.message} />
          </>
        );
      }}
    </FormDialog>
  );
}
