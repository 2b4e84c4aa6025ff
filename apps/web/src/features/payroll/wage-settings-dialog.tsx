import { kstToday } from '@academy/contracts/dates';
import { formatKoreanDate, formatWon } from '@academy/contracts/format';
import { MONTHLY_WAGE_TYPE_LABEL, MONTHLY_WAGE_TYPES, PAYMENT_TYPE_LABEL, PAYMENT_TYPES, wageSettingsBody, type Ta, type WageSettingsInput, type WageType } from '@academy/contracts/staff';
import { Alert, Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, List, ListItem, ListItemText, Radio, RadioGroup, Switch, TextField, Typography } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormDateInput } from '../../components/date-field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { usePayrollSettings } from './api/payroll-settings.ts';
import { useSetWage } from './api/set-wage.ts';
import { useWageHistory } from './api/wage-history.ts';
import { useWageTypes } from './api/wage-types.ts';

/** The legal minimum of this year, from the payroll settings (2026: 10,320원). */
export function useMinimumWage(): { year: number; hourly: number } | null {
  const settings = usePayrollSettings();
  const year = new Date().getFullYear();
  const row = settings.data?.years.find((y) => y.year === year) ?? settings.data?.years[0];
  return row ? { year: row.year, hourly: row.minimumWage } : null;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The minimum-wage warning: every rate the TA would be paid (each allowed type's rate, or their
 * own) checked against this year's minimum; a monthly salary compared with the 209-hour month.
 */
export function MinimumWageWarning({ values, types }: { values: Partial<WageSettingsInput>; types: readonly WageType[] }) {
  const minimum = useMinimumWage();
  if (!minimum) return null;
  if (values.paymentType === 'MONTHLY') {
    const full = minimum.hourly * 209;
    const salary = num(values.monthlySalary);
    return (
      <Alert severity={salary !== null && salary < full ? 'warning' : 'info'} data-testid="minimum-wage-info">
        주 40시간 근무라면 {minimum.year}년 최저임금 환산 월급은 {formatWon(full)}입니다 (209시간). 실제 근무 시간으로 본 시간당 금액은 급여 계산에서 확인합니다.
      </Alert>
    );
  }
  const own = num(values.hourlyWage);
  const ids = (values.wageTypeIds ?? []) as number[];
  const used = (ids.length ? types.filter((t) => ids.includes(t.id)) : types.filter((t) => t.isActive)).map((t) => ({ name: t.name, rate: t.rate ?? own }));
  const checked = used.length ? used : [{ name: '본인 시급', rate: own }];
  const below = checked.filter((r) => r.rate !== null && r.rate < minimum.hourly);
  if (below.length === 0) return null;
  return (
    <Alert severity="error" data-testid="minimum-wage-warning">
      {minimum.year}년 최저시급 {formatWon(minimum.hourly)}보다 낮습니다: {below.map((b) => `${b.name} ${formatWon(b.rate!)}`).join(', ')}
    </Alert>
  );
}

/** The fields of the wage settings, shared by the new-TA dialog and the settings dialog. */
export function WageFields({ form, showAdminLevel = true }: { form: UseFormReturn<WageSettingsInput, unknown, unknown>; showAdminLevel?: boolean }) {
  const types = useWageTypes();
  const err = form.formState.errors;
  const values = form.watch();
  const monthly = values.paymentType === 'MONTHLY';
  return (
    <>
      <Controller
        control={form.control}
        name="paymentType"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="payment-type">급여 형태</FormLabel>
            <RadioGroup row aria-labelledby="payment-type" {...field} value={field.value ?? 'HOURLY'}>
              {PAYMENT_TYPES.map((p) => <FormControlLabel key={p} value={p} control={<Radio />} label={PAYMENT_TYPE_LABEL[p]} />)}
            </RadioGroup>
          </FormControl>
        )}
      />
      <TextField
        label="본인 시급 (원)"
        type="number"
        {...form.register('hourlyWage', { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
        error={!!err.hourlyWage}
        helperText={err.hourlyWage?.message ?? '시급이 정해지지 않은 근무 유형에 적용됩니다'}
        slotProps={{ htmlInput: { 'data-testid': 'wage-hourly', min: 0, step: 10, inputMode: 'numeric' } }}
      />
      {monthly && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextField
            label="월급 (원)"
            type="number"
            fullWidth
            {...form.register('monthlySalary', { setValueAs: (v: string) => (v === '' || v === null ? null : Number(v)) })}
            error={!!err.monthlySalary}
            helperText={err.monthlySalary?.message}
            slotProps={{ htmlInput: { 'data-testid': 'wage-monthly', min: 0, step: 1000, inputMode: 'numeric' } }}
          />
          <TextField
            label="월급 시작"
            fullWidth
            placeholder="2026-03 또는 2026-03-16"
            {...form.register('salaryStartMonth', { setValueAs: (v: string) => (v ? v : null) })}
            error={!!err.salaryStartMonth}
            helperText={err.salaryStartMonth?.message ?? '중간에 시작하면 첫 달은 날짜로 일할 계산'}
            slotProps={{ htmlInput: { 'data-testid': 'wage-start' } }}
          />
        </Box>
      )}
      <Controller
        control={form.control}
        name="monthlyWageType"
        render={({ field }) => (
          <FormControl>
            <FormLabel id="withholding">원천징수</FormLabel>
            <RadioGroup row aria-labelledby="withholding" {...field} value={field.value ?? 'BUSINESS'}>
              {MONTHLY_WAGE_TYPES.map((p) => <FormControlLabel key={p} value={p} control={<Radio />} label={MONTHLY_WAGE_TYPE_LABEL[p]} />)}
            </RadioGroup>
          </FormControl>
        )}
      />
      <Controller
        control={form.control}
        name="wageTypeIds"
        render={({ field }) => {
          const selected = (field.value ?? []) as number[];
          return (
            <FormControl component="fieldset">
              <FormLabel component="legend">출근할 때 고를 수 있는 근무 유형</FormLabel>
              <FormGroup row>
                {(types.data ?? []).map((t) => (
                  <FormControlLabel
                    key={t.id}
                    control={<Checkbox checked={selected.includes(t.id)} onChange={(e) => field.onChange(e.target.checked ? [...selected, t.id] : selected.filter((x) => x !== t.id))} />}
                    label={`${t.name} (${t.rate === null ? '본인 시급' : formatWon(t.rate)})`}
                  />
                ))}
              </FormGroup>
              <FormHelperText error={!!err.wageTypeIds}>{err.wageTypeIds?.message ?? '하나도 고르지 않으면 사용 중인 모든 유형'}</FormHelperText>
            </FormControl>
          );
        }}
      />
      {showAdminLevel && (
        <Controller
          control={form.control}
          name="isAdminLevel"
          render={({ field }) => (
            <FormControlLabel control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />} label="관리자급 조교 (실장): 관리 화면을 씁니다" />
          )}
        />
      )}
      <MinimumWageWarning values={values} types={types.data ?? []} />
    </>
  );
}

/** The rate in force before rate history existed starts on this day: shown as 처음부터. */
const EARLIEST_RATE_DATE = '1900-01-01';

/** The TA's own rates by 적용 시작일 (적용 시작일 · 시급), newest first. */
function WageHistory({ taId }: { taId: number }) {
  const history = useWageHistory(taId);
  if (!history.data?.length) return null;
  return (
    <Box data-testid="wage-history">
      <Typography variant="subtitle2" component="h3">본인 시급 이력</Typography>
      <List dense disablePadding>
        {history.data.map((r) => (
          <ListItem key={r.effectiveFrom} disableGutters>
            <ListItemText primary={`${r.effectiveFrom === EARLIEST_RATE_DATE ? '처음부터' : `${formatKoreanDate(r.effectiveFrom)}부터`} · ${r.hourlyWage === null ? '시급 없음' : formatWon(r.hourlyWage)}`} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The wage settings of one TA (SPEC §3 hourlyWage … wageTypeIds). */
export function WageSettingsDialog({ ta, onClose }: { ta: Ta; onClose: () => void }) {
  const save = useSetWage();
  return (
    <FormDialog<WageSettingsInput, unknown>
      title={`${ta.name} 급여 설정`}
      schema={wageSettingsBody as never}
      defaultValues={{ paymentType: ta.paymentType, hourlyWage: ta.hourlyWage, monthlySalary: ta.monthlySalary, salaryStartMonth: ta.salaryStartMonth, monthlyWageType: ta.monthlyWageType, wageTypeIds: ta.wageTypeIds, isAdminLevel: ta.isAdminLevel, effectiveFrom: kstToday(new Date()) }}
      onSubmit={(body) => save.mutateAsync({ params: { id: ta.id }, body: body as WageSettingsInput })}
      onClose={onClose}
      testId="wage-dialog"
      submitTestId="wage-save"
    >
      {(form) => (
        <>
          <WageFields form={form} />
          <FormDateInput<WageSettingsInput> name="effectiveFrom" label="적용 시작일" helperText="이날 근무부터 새 시급을 적용합니다. 그 전 근무일은 그때 시급 그대로입니다 (마감한 달은 바뀌지 않음)." testId="wage-effective-from" />
          <WageHistory taId={ta.id} />
        </>
      )}
    </FormDialog>
  );
}
