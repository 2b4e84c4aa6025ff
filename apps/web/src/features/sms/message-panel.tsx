import { LMS_MAX_BYTES, RECIPIENT_VARIABLES, SMS_MAX_BYTES, eucKrByteLength, messageKind, variablesIn, type SmsSettings } from '@academy/contracts/sms';
import { Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useRef } from 'react';

/** The variables a sender can put in with one click, and what each becomes. */
const VARIABLE_HINTS: { name: string; hint: string }[] = [
  { name: '이름', hint: '학생 이름' },
  { name: '링크', hint: '학부모 주간 리포트 링크' },
  { name: '점수', hint: '고른 시험의 점수' },
  { name: '강의명', hint: '고른 강좌 이름' },
  { name: '날짜', hint: '한 번 입력' },
  { name: '시간', hint: '한 번 입력' },
];

/** The variables the sender fills once for everyone (not per recipient, not the chosen lecture's name). */
export function commonVariables(body: string, hasLecture: boolean): string[] {
  return variablesIn(body).filter((v) => !(RECIPIENT_VARIABLES as readonly string[]).includes(v) && !(v === '강의명' && hasLecture));
}

/**
 * The text: a template to start from, the body with a live byte count (SMS up to 90 bytes in
 * EUC-KR, LMS above up to 2,000), buttons that put a variable at the cursor, and a field for each
 * variable typed once.
 */
export function MessagePanel(props: {
  templates: SmsSettings['templates'];
  templateId: number | null;
  body: string;
  values: Record<string, string>;
  hasLecture: boolean;
  onChange: (v: { templateId?: number | null; body?: string; values?: Record<string, string> }) => void;
}) {
  const input = useRef<HTMLTextAreaElement | null>(null);
  const bytes = eucKrByteLength(props.body);
  const kind = messageKind(props.body);
  const insert = (name: string) => {
    const el = input.current;
    const token = `#{${name}}`;
    const at = el?.selectionStart ?? props.body.length;
    const end = el?.selectionEnd ?? at;
    props.onChange({ body: props.body.slice(0, at) + token + props.body.slice(end) });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  return (
    <Stack spacing={1.5} data-testid="sms-message">
      <TextField
        select
        size="small"
        label="템플릿"
        value={props.templateId ?? ''}
        onChange={(e) => {
          const id = Number(e.target.value) || null;
          const t = props.templates.find((x) => x.id === id);
          props.onChange({ templateId: id, ...(t ? { body: t.body } : {}) });
        }}
        slotProps={{ htmlInput: { 'data-testid': 'sms-template' }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">직접 쓰기</MenuItem>
        {props.templates.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            [{t.category}] {t.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        multiline
        minRows={6}
        label="내용"
        value={props.body}
        onChange={(e) => props.onChange({ body: e.target.value })}
        inputRef={input}
        error={bytes > LMS_MAX_BYTES}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <span>변수는 받는 사람마다 채워집니다. 실제 길이는 오른쪽 미리 보기에서 확인하세요.</span>
            <span data-testid="sms-bytes">
              {bytes.toLocaleString('ko-KR')} / {(kind === 'SMS' ? SMS_MAX_BYTES : LMS_MAX_BYTES).toLocaleString('ko-KR')}바이트 · {kind}
            </span>
          </Box>
        }
        slotProps={{ htmlInput: { 'data-testid': 'sms-body' } }}
      />
      <Box>
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mb: 0.5 }}>
          변수 넣기
        </Typography>
        <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
          {VARIABLE_HINTS.map((v) => (
            <Chip key={v.name} size="small" variant="outlined" label={`#{${v.name}}`} title={v.hint} onClick={() => insert(v.name)} aria-label={`#{${v.name}} 넣기: ${v.hint}`} />
          ))}
        </Stack>
      </Box>
      {commonVariables(props.body, props.hasLecture).map((name) => (
        <TextField
          key={name}
          size="small"
          label={`#{${name}}에 넣을 값`}
          value={props.values[name] ?? ''}
          onChange={(e) => props.onChange({ values: { ...props.values, [name]: e.target.value } })}
          slotProps={{ htmlInput: { 'data-testid': `sms-value-${name}`, maxLength: 200 } }}
        />
      ))}
    </Stack>
  );
}
