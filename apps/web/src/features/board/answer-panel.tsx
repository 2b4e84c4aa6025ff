import type { BoardPost } from '@academy/contracts/board';
import { formatKoreanDate, formatPhone } from '@academy/contracts/format';
import { Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { toast } from '../../lib/toast.ts';
import { useCreateAnswer } from './api/create-answer.ts';
import { useDeleteAnswer } from './api/delete-answer.ts';
import { useUpdateAnswer } from './api/update-answer.ts';
import { PostBody } from './post-body.tsx';

/**
 * Staff answers under a post: the answers so far (change, delete) and a box for a new one that can
 * text the writer — a visitor at the phone they left, a student at their own phone.
 */
export function AnswerPanel({ post }: { post: BoardPost }) {
  const confirm = useConfirm();
  const create = useCreateAnswer();
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  const [draft, setDraft] = useState('');
  const phone = post.contact?.phone ?? null;
  const canText = post.authorType === 'student' || !!phone;
  const [notify, setNotify] = useState(canText);
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null);

  const submit = () =>
    create.mutate(
      { params: { id: post.id }, body: { body: draft, notifySms: notify && canText } },
      {
        onSuccess: (a) => {
          setDraft('');
          toast.success(a.smsQueued ? '답변을 달고 작성자에게 문자를 보냈습니다' : '답변을 달았습니다');
        },
      },
    );

  return (
    <Stack spacing={2} data-testid="crm-answers">
      {post.answers.map((a) => (
        <Box key={a.id} sx={{ p: 2, bgcolor: '#eef5ee', borderRadius: 2 }} data-testid="crm-answer">
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 0.5 }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
              {a.authorName} · {formatKoreanDate(a.createdAt)} {dayjs(a.createdAt).format('HH:mm')}
              {a.smsQueued ? ' · 문자 알림 보냄' : ''}
            </Typography>
            <Stack direction="row">
              <Button size="small" onClick={() => setEditing({ id: a.id, body: a.body })}>고치기</Button>
              <Button
                size="small"
                color="error"
                onClick={() => void confirm({ title: '답변 지우기', message: '이 답변을 지웁니다.', confirmLabel: '지우기', danger: true }).then((ok) => ok && remove.mutate({ params: { id: a.id } }))}
              >
                지우기
              </Button>
            </Stack>
          </Stack>
          {editing?.id === a.id ? (
            <Stack spacing={1}>
              <TextField multiline minRows={3} value={editing.body} onChange={(e) => setEditing({ ...editing, body: e.target.value })} slotProps={{ htmlInput: { 'aria-label': '답변 고치기' } }} />
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => setEditing(null)}>취소</Button>
                <Button variant="contained" disabled={!editing.body.trim()} onClick={() => update.mutate({ params: { id: a.id }, body: { body: editing.body } }, { onSuccess: () => setEditing(null) })}>저장</Button>
              </Stack>
            </Stack>
          ) : (
            <PostBody text={a.body} />
          )}
        </Box>
      ))}
      <TextField
        multiline
        minRows={4}
        label="답변"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'crm-answer-body' } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={notify && canText} disabled={!canText} onChange={(e) => setNotify(e.target.checked)} slotProps={{ input: { 'data-testid': 'crm-answer-notify' } as object }} />}
          label={canText ? `작성자에게 문자로 알림 (${post.authorType === 'student' ? '학생 번호' : formatPhone(phone)})` : '작성자가 번호를 남기지 않아 문자로 알릴 수 없습니다'}
        />
        <Button variant="contained" disabled={!draft.trim() || create.isPending} onClick={submit} data-testid="crm-answer-submit">
          답변 등록
        </Button>
      </Stack>
    </Stack>
  );
}
