import { formatWon } from '@academy/contracts/format';
import { formatRatePpm, PPM, type YearRates } from '@academy/contracts/payroll';
import { z } from 'zod';
import { Alert, Box, Button, FormControlLabel, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { Section } from '../../components/section.tsx';
import { toast } from '../../lib/toast.ts';
import { usePayrollSettings } from './api/payroll-settings.ts';
import { useSetYearRates } from './api/set-year-rates.ts';
import { useUpdatePayrollSettings } from './api/update-settings.ts';

const percent = z.coerce.number({ message: '숫자를 입력해 주세요' }).min(0, '0 이상').max(20, '20% 이하');
const yearForm = z.object({
  minimumWage: z.coerce.number({ message: '숫자를 입력해 주세요' }).int('원 단위 정수').min(1, '1원 이상'),
  pension: percent, health: percent, longTermCare: percent, employment: percent,
  source: z.string().trim().max(500),
});
type YearForm = z.input<typeof yearForm>;
const toPpm = (pct: number) => Math.round(pct * (PPM / 100));

/** One year's minimum wage and employee insurance rates, in percent as people read them. */
function YearDialog({ rates, onClose }: { rates: YearRates & { source: string }; onClose: () => void }) {
  const save = useSetYearRates();
  return (
    <FormDialog<YearForm, z.output<typeof yearForm>>
      title={`${rates.year}년 최저임금·4대보험 요율`}
      schema={yearForm}
      defaultValues={{ minimumWage: rates.minimumWage, pension: rates.pensionPpm / 10_000, health: rates.healthPpm / 10_000, longTermCare: rates.longTermCarePpm / 10_000, employment: rates.employmentPpm / 10_000, source: rates.source }}
      onSubmit={(v) => save.mutateAsync({ params: { year: rates.year }, body: { minimumWage: v.minimumWage, pensionPpm: toPpm(v.pension), healthPpm: toPpm(v.health), longTermCarePpm: toPpm(v.longTermCare), employmentPpm: toPpm(v.employment), source: v.source || '센터 입력' } })}
      onClose={onClose}
      testId="year-rates-dialog"
    >
      {(form) => {
        const err = form.formState.errors;
        const field = (name: keyof YearForm, label: string, helper?: string) => (
          <TextField label={label} type="number" {...form.register(name)} error={!!err[name]} helperText={err[name]?.message ?? helper} slotProps={{ htmlInput: { step: 'any' } }} />
        );
        return (
          <>
            {field('minimumWage', '최저시급 (원)')}
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
              {field('pension', '국민연금 근로자 부담 (%)')}
              {field('health', '건강보험 근로자 부담 (%)')}
              {field('longTermCare', '장기요양 근로자 부담, 소득 대비 (%)')}
              {field('employment', '고용보험 근로자 부담 (%)')}
            </Box>
            <TextField label="출처" multiline {...form.register('source')} />
          </>
        );
      }}
    </FormDialog>
  );
}

/** The center's payroll settings: the premium switch (5+ employees) and the rates by year. */
export function PayrollSettingsPanel() {
  const settings = usePayrollSettings();
  const update = useUpdatePayrollSettings();
  const [editing, setEditing] = useState<(YearRates & { source: string }) | null>(null);
  if (!settings.data) return null;
  const s = settings.data;
  return (
    <Section title="급여 설정" testId="payroll-settings">
      <FormControlLabel
        control={
          <Switch
            checked={s.premiumsEnabled}
            onChange={(e) => void update.mutateAsync({ body: { premiumsEnabled: e.target.checked } }).then((r) => toast.success(`연장·야간 가산을 ${r.premiumsEnabled ? '켰습니다' : '껐습니다'}`))}
            data-testid="premiums-switch"
          />
        }
        label="연장·야간 가산 50% (상시 근로자 5인 이상 사업장)"
      />
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        켜면 하루 8시간·주 40시간을 넘는 시간과 22:00–06:00 근무에 시급의 50%를 더합니다. 마감한 달에는 영향이 없습니다.
      </Typography>
      <Table size="small" aria-label="연도별 최저임금과 4대보험 근로자 부담률">
        <TableHead>
          <TableRow>
            <TableCell>연도</TableCell>
            <TableCell align="right">최저시급</TableCell>
            <TableCell align="right">국민연금</TableCell>
            <TableCell align="right">건강보험</TableCell>
            <TableCell align="right">장기요양</TableCell>
            <TableCell align="right">고용보험</TableCell>
            <TableCell>출처</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {s.years.map((y) => (
            <TableRow key={y.year}>
              <TableCell>{y.year}년</TableCell>
              <TableCell align="right">{formatWon(y.minimumWage)}</TableCell>
              <TableCell align="right">{formatRatePpm(y.pensionPpm)}</TableCell>
              <TableCell align="right">{formatRatePpm(y.healthPpm)}</TableCell>
              <TableCell align="right">{formatRatePpm(y.longTermCarePpm)}</TableCell>
              <TableCell align="right">{formatRatePpm(y.employmentPpm)}</TableCell>
              <TableCell sx={{ color: 'text.secondary', fontSize: 12, maxWidth: 360 }}>{y.source}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => setEditing(y)} aria-label={`${y.year}년 요율 수정`}>
                  수정
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Alert severity="info" sx={{ mt: 2 }}>
        근로소득세(간이세액)·연말정산·퇴직금은 계산하지 않습니다. 4대보험은 이달 임금에 근로자 부담률을 곱한 금액이며 보험사의 연간 정산은 반영하지 않습니다.
      </Alert>
      {editing && <YearDialog rates={editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}
