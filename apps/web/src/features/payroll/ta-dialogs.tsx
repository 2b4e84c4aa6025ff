import { PASSWORD_RULE_TEXT } from '@academy/contracts/validation';
import { createTaBody, updateTaBody, type CreateTaInput, type Ta, type UpdateTaInput, type WageSettingsInput } from '@academy/contracts/staff';
import { Divider, Typography } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { useCreateTa } from './api/create-ta.ts';
import { useUpdateTa } from './api/update-ta.ts';
import { useMinimumWage, WageFields } from './wage-settings-dialog.tsx';

/** A new TA account with its wage settings (starting at this year's minimum wage). */
export function CreateTaDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateTa();
  const minimum = useMinimumWage();
  return (
    <FormDialog<CreateTaInput, unknown>
      title="조교 추가"
      schema={createTaBody as never}
      defaultValues={{ loginId: '', name: '', phone: '', password: '', paymentType: 'HOURLY', hourlyWage: minimum?.hourly ?? null, monthlyWageType: 'BUSINESS', wageTypeIds: [], isAdminLevel: false }}
      onSubmit={(body) => create.mutateAsync({ body: body as CreateTaInput })}
      onClose={onClose}
      maxWidth="md"
      testId="ta-create-dialog"
      submitLabel="추가"
    >
      {(form) => (
        <>
          <FormTextField name="name" label="이름" autoFocus slotProps={{ htmlInput: { 'data-testid': 'ta-name' } }} />
          <FormTextField name="loginId" label="아이디" slotProps={{ htmlInput: { 'data-testid': 'ta-login' } }} />
          <FormTextField name="password" label="처음 비밀번호" type="password" autoComplete="new-password" helperText={PASSWORD_RULE_TEXT} slotProps={{ htmlInput: { 'data-testid': 'ta-password' } }} />
          <FormTextField name="phone" label="전화번호" placeholder="010-1234-5678" slotProps={{ htmlInput: { 'data-testid': 'ta-phone' } }} />
          <Divider />
          <Typography variant="subtitle2">급여 설정</Typography>
          <WageFields form={form as unknown as UseFormReturn<WageSettingsInput, unknown, unknown>} />
        </>
      )}
    </FormDialog>
  );
}

/** A TA's account: login id, name and phone. */
export function EditTaDialog({ ta, onClose }: { ta: Ta; onClose: () => void }) {
  const update = useUpdateTa();
  return (
    <FormDialog<UpdateTaInput, unknown>
      title={`${ta.name} 계정`}
      schema={updateTaBody as never}
      defaultValues={{ loginId: ta.loginId, name: ta.name, phone: ta.phone ?? '' }}
      onSubmit={(body) => update.mutateAsync({ params: { id: ta.id }, body: body as UpdateTaInput })}
      onClose={onClose}
      testId="ta-edit-dialog"
    >
      {() => (
        <>
          <FormTextField name="name" label="이름" />
          <FormTextField name="loginId" label="아이디" />
          <FormTextField name="phone" label="전화번호" placeholder="010-1234-5678" />
        </>
      )}
    </FormDialog>
  );
}
