import { kstToday } from '@academy/contracts/dates';
import { formatWon } from '@academy/contracts/format';
import { wageTypeBody, type WageType, type WageTypeInput } from '@academy/contracts/staff';
import { Alert, FormControlLabel, Switch, TextField } from '@mui/material';
import { Controller } from 'react-hook-form';
import { FormDateInput } from '../../components/date-field.tsx';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { useCreateWageType } from './api/create-wage-type.ts';
import { useUpdateWageType } from './api/update-wage-type.ts';
import { useMinimumWage } from './wage-settings-dialog.tsx';

/** A wage type: name, its own rate (or each TA's own), whether TAs may pick it, display order. */
export function WageTypeDialog({ type, onClose }: { type: WageType | null; onClose: () => void }) {
  const create = useCreateWageType();
  const update = useUpdateWageType();
  const minimum = useMinimumWage();
  return (
    <FormDialog<WageTypeInput, unknown>
      title={type ? `${type.name} 수정` : '근무 유형 추가'}
      schema={wageTypeBody as never}
      defaultValues={type ? { name: type.name, rate: type.rate, isActive: type.isActive, sortOrder: type.sortOrder, effectiveFrom: kstToday(new Date()) } : { name: '', rate: null, isActive: true, sortOrder: 0 }}
      onSubmit={(body) => (type ? update.mutateAsync({ params: { id: type.id }, body: body as WageTypeInput }) : create.mutateAsync({ body: body as WageTypeInput }))}
      onClose={onClose}
      testId="wage-type-dialog"
    >
      {(form) => {
        const rate = form.watch('rate');
        return (
          <>
            <FormTextField name="name" label="이름" autoFocus placeholder="수업보조, 클리닉, 채점 …" slotProps={{ htmlInput: { 'data-testid': 'wage-type-name' } }} />
            <TextField
              label="시급 (원)"
              type="number"
              {...form.register('rate', { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
              error={!!form.formState.errors.rate}
              helperText={form.formState.errors.rate?.message ?? '비우면 조교 각자의 시급으로 계산합니다'}
              slotProps={{ htmlInput: { 'data-testid': 'wage-type-rate', min: 0, step: 10, inputMode: 'numeric' } }}
            />
            {type && (
              <FormDateInput<WageTypeInput> name="effectiveFrom" label="적용 시작일" helperText="시급을 바꾸면 이날 근무부터 적용합니다. 그 전 근무일은 그때 시급 그대로입니다." testId="wage-type-effective-from" />
            )}
            {minimum && typeof rate === 'number' && rate < minimum.hourly && (
              <Alert severity="error">{minimum.year}년 최저시급 {formatWon(minimum.hourly)}보다 낮습니다.</Alert>
            )}
            <TextField label="표시 순서" type="number" {...form.register('sortOrder', { valueAsNumber: true })} helperText="작을수록 먼저 보입니다" />
            <Controller
              control={form.control}
              name="isActive"
              render={({ field }) => <FormControlLabel control={<Switch checked={field.value !== false} onChange={(e) => field.onChange(e.target.checked)} />} label="출근할 때 고를 수 있음" />}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
