import { fillTemplate } from '@academy/contracts/push-alert-templates';
import { LMS_MAX_BYTES, SMS_MAX_BYTES, eucKrByteLength, messageKind } from '@academy/contracts/sms';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';

/**
 * The message as a recipient would get it: variables filled with sample values, its kind (SMS up
 * to 90 bytes, LMS above) and its size counted in EUC-KR as carriers count it.
 */
export function TemplatePreview({ body }: { body: string }) {
  const text = fillTemplate(body);
  const bytes = eucKrByteLength(text);
  const kind = messageKind(text);
  const over = bytes > LMS_MAX_BYTES;
  return (
    <Stack spacing={1} data-testid="template-preview">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">미리보기</Typography>
        <Chip size="small" color={kind === 'SMS' ? 'primary' : 'secondary'} label={kind} data-testid="preview-kind" />
        <Typography variant="body2" color={over ? 'error' : 'text.secondary'} data-testid="preview-bytes">
          {bytes.toLocaleString('ko-KR')} / {(kind === 'SMS' ? SMS_MAX_BYTES : LMS_MAX_BYTES).toLocaleString('ko-KR')}바이트
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 1.5, bgcolor: '#f1f8e9', minHeight: 120 }}>
        <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'inherit', fontSize: 14 }} data-testid="preview-text">
          {text || '본문을 입력하면 여기에 문자 모양으로 보입니다'}
        </Box>
      </Paper>
      <Typography variant="caption" color="textSecondary">
        변수는 예시 값으로 채워 보여 줍니다. 90바이트(한글 45자)까지 SMS, 넘으면 LMS로 발송됩니다.
      </Typography>
    </Stack>
  );
}
