import { examTemplateBody, type ExamTemplate } from '@academy/contracts/exams';
import type { Question } from '@academy/contracts/grading';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { errorMessage, fieldIssues } from '../../lib/http.ts';
import { useCreateExamTemplate } from './api/create-exam-template.ts';
import { useUpdateExamTemplate } from './api/update-exam-template.ts';
import { QuestionsEditor, type RowErrors, splitIssues } from './questions-editor.tsx';

/**
 * A template's editor: title, subject, description and the answer key (pasted as text, then
 * adjusted per question). The contracts schema checks it before it is sent; the server's field
 * errors land on the same places.
 */
export function TemplateDialog(props: { template: ExamTemplate | null; onClose: () => void; onSaved: (t: ExamTemplate, created: boolean) => void; onDelete?: (t: ExamTemplate) => void }) {
  const t = props.template;
  const [title, setTitle] = useState(t?.title ?? '');
  const [subject, setSubject] = useState(t?.subject ?? '');
  const [description, setDescription] = useState(t?.description ?? '');
  const [questions, setQuestions] = useState<Question[]>((t?.questions ?? []) as Question[]);
  const [errors, setErrors] = useState<{ rows: RowErrors; other: Map<string, string> }>({ rows: new Map(), other: new Map() });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateExamTemplate();
  const update = useUpdateExamTemplate();
  const saving = create.isPending || update.isPending;

  const save = async () => {
    setFormError(null);
    const body = { title, subject: subject || null, description: description || null, questions };
    const parsed = examTemplateBody.safeParse(body);
    if (!parsed.success) {
      setErrors(splitIssues(parsed.error.issues));
      return;
    }
    setErrors({ rows: new Map(), other: new Map() });
    try {
      const saved = t ? await update.mutateAsync({ params: { id: t.id }, body: parsed.data }) : await create.mutateAsync({ body: parsed.data });
      props.onSaved(saved, !t);
    } catch (err) {
      const issues = fieldIssues(err);
      if (issues.length) setErrors(splitIssues(issues.map((i) => ({ path: i.path.split('.'), message: i.message }))));
      else setFormError(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth data-testid="template-dialog">
      <DialogTitle>{t ? '시험 템플릿 수정' : '시험 템플릿 추가'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            <TextField
              label="시험 이름"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              required
              autoFocus
              fullWidth
              error={errors.other.has('title')}
              helperText={errors.other.get('title')}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'template-title' } }}
            />
            <TextField label="과목" value={subject} onChange={(e) => setSubject(e.target.value)} sx={{ width: 180 }} slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'template-subject' } }} />
          </Stack>
          <TextField label="설명" value={description} onChange={(e) => setDescription(e.target.value)} multiline maxRows={3} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          <QuestionsEditor value={questions} onChange={setQuestions} errors={errors.rows} />
          {errors.other.get('questions') && <Alert severity="error">{errors.other.get('questions')}</Alert>}
          {formError && <Alert severity="error" data-testid="form-error">{formError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {t && props.onDelete && (
          <Button color="error" onClick={() => props.onDelete?.(t)} sx={{ mr: 'auto' }}>
            삭제
          </Button>
        )}
        <Button onClick={props.onClose}>취소</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="template-save">
          저장
        </Button>
      </DialogActions>
    </Dialog>
  );
}
