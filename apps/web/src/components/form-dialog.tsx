import { installKoreanErrors } from '@academy/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, type TextFieldProps } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldPath, type FieldValues, FormProvider, get, type Path, type Resolver, useForm, useFormContext, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, fieldIssues } from '../lib/http.ts';

// zod's Korean messages, for every form: the browser build loads a contract file only when the page
// reads one of its exports (vite-contract-endpoints.ts), so the install cannot rest on one's import.
installKoreanErrors();

type Props<In extends FieldValues, Out> = {
  title: string;
  /** The request schema from `@academy/contracts`: the same rules the server checks run here first. */
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Sends the form (usually a mutation's `mutateAsync`); the dialog closes when it resolves. */
  onSubmit: (values: Out) => Promise<unknown>;
  onClose: () => void;
  submitLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Shown above the buttons: what saving will do. */
  footnote?: ReactNode;
  testId?: string;
  submitTestId?: string;
  children: (form: UseFormReturn<In, unknown, Out>) => ReactNode;
};

/**
 * A dialog with a form: react-hook-form checked by a contracts schema, and the server's answer
 * mapped back onto the form — a field the server refuses (a duplicate name, an overlapping time)
 * gets its message under that field; anything else shows above the buttons. Enter submits.
 */
export function FormDialog<In extends FieldValues, Out>(props: Props<In, Out>) {
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(props.schema as never) as unknown as Resolver<In, unknown, Out>, defaultValues: props.defaultValues, mode: 'onTouched' });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (err) {
      const issues = fieldIssues(err);
      for (const i of issues) form.setError(i.path as Path<In>, { type: 'server', message: i.message }, { shouldFocus: true });
      if (issues.length === 0) setFormError(errorMessage(err));
    }
  });
  return (
    <Dialog open onClose={props.onClose} maxWidth={props.maxWidth ?? 'sm'} fullWidth data-testid={props.testId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          <FormProvider {...form}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {props.children(form)}
              {formError && <Alert severity="error" data-testid="form-error">{formError}</Alert>}
              {props.footnote}
            </Stack>
          </FormProvider>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose}>취소</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} data-testid={props.submitTestId ?? 'form-submit'}>
            {props.submitLabel ?? '저장'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The error message of a field of the surrounding form, if any (for a list, its own message: `root`). */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** A text field bound to the surrounding form by name, with its error shown under it. */
export function FormTextField<T extends FieldValues>({ name, ...rest }: { name: FieldPath<T> } & Omit<TextFieldProps, 'name'>) {
  const { register } = useFormContext<T>();
  const error = useFieldError(name);
  return <TextField {...rest} {...register(name)} error={!!error} helperText={error ?? rest.helperText} />;
}
