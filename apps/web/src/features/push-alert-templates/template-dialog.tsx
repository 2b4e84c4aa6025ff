import {
  PUSH_ALERT_CATEGORIES,
  TEMPLATE_VARIABLES,
  pushAlertTemplateCreateSchema,
  type PushAlertCategory,
} from '@academy/contracts/push-alert-templates';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/http.ts';
import { TemplatePreview } from './template-preview.tsx';
import { createTemplate, updateTemplate, type PushAlertTemplate, type TemplateDraft } from './api/templates.ts';

type FormValues = z.input<typeof pushAlertTemplateCreateSchema>;

const EMPTY: FormValues = { title: '', category: '일반', body: '', isActive: true };

/**
 * New or existing template: the form on the left, the live preview on the right. Variable chips
 * insert their token at the cursor. Deleting is offered for an existing template.
 */
export function TemplateDialog(props: {
  open: boolean;
  template: PushAlertTemplate | null;
  onClose: () => void;
  onSaved: (t: PushAlertTemplate, created: boolean) => void;
  onDelete: (t: PushAlertTemplate) => void;
}) {
  const { template } = props;
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const { register, control, handleSubmit, reset, setValue, getValues, formState } = useForm<FormValues, unknown, TemplateDraft>({
    resolver: zodResolver(pushAlertTemplateCreateSchema) as never,
    defaultValues: EMPTY,
  });
  const body = useWatch({ control, name: 'body' }) ?? '';

  useEffect(() => {
    if (props.open) reset(template ? { title: template.title, category: template.category, body: template.body, isActive: template.isActive } : EMPTY);
  }, [props.open, template, reset]);

  const save = useMutation({
    mutationFn: (draft: TemplateDraft) => (template ? updateTemplate(template.id, draft) : createTemplate(draft)),
    onSuccess: (saved) => props.onSaved(saved, !template),
  });
  const close = () => {
    save.reset();
    props.onClose();
  };

  const insert = (token: string) => {
    const el = bodyRef.current;
    const current = getValues('body') ?? '';
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    setValue('body', current.slice(0, start) + token + current.slice(end), { shouldDirty: true, shouldValidate: formState.isSubmitted });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const { ref: bodyFieldRef, ...bodyField } = register('body');

  return (
    <Dialog open={props.open} onClose={close} maxWidth="md" fullWidth>
      <form onSubmit={handleSubmit((draft) => save.mutate(draft))} noValidate>
        <DialogTitle>{template ? '알림 템플릿 수정' : '알림 템플릿 추가'}</DialogTitle>
        <DialogContent dividers>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 3 }}>
            <Stack spacing={2}>
              {save.error && <Alert severity="error">{errorMessage(save.error)}</Alert>}
              <TextField
                label="제목"
                required
                autoFocus
                size="small"
                {...register('title')}
                error={!!formState.errors.title}
                helperText={formState.errors.title?.message}
              />
              <Controller
                control={control}
                name="category"
                render={({ field, fieldState }) => (
                  <TextField select label="분류" required size="small" {...field} value={field.value ?? '일반'} onChange={(e) => field.onChange(e.target.value as PushAlertCategory)} error={!!fieldState.error} helperText={fieldState.error?.message}>
                    {PUSH_ALERT_CATEGORIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField
                label="본문"
                required
                multiline
                minRows={7}
                size="small"
                {...bodyField}
                inputRef={(el: HTMLTextAreaElement | null) => {
                  bodyFieldRef(el);
                  bodyRef.current = el;
                }}
                error={!!formState.errors.body}
                helperText={formState.errors.body?.message ?? '변수를 누르면 커서 위치에 들어갑니다'}
              />
              <Box>
                <Typography variant="caption" color="textSecondary">
                  변수
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {TEMPLATE_VARIABLES.map((v) => (
                    <Chip key={v.token} size="small" variant="outlined" label={`${v.token} ${v.label}`} onClick={() => insert(v.token)} />
                  ))}
                </Stack>
              </Box>
              <Controller
                control={control}
                name="isActive"
                render={({ field }) => <FormControlLabel control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} />} label="사용" />}
              />
            </Stack>
            <TemplatePreview body={body} />
          </Box>
        </DialogContent>
        <DialogActions>
          {template && (
            <Button color="error" onClick={() => props.onDelete(template)} sx={{ mr: 'auto' }}>
              삭제
            </Button>
          )}
          <Button onClick={close}>취소</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            저장
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
