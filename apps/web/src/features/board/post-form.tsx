import { BOARD_LIMITS, BOARD_PHONE_CONSENT, countLinks } from '@academy/contracts/board';
import { BOARD_FAMILIES, FILE_SIZE_LIMIT, FILE_TYPES, fileExtension, formatFileSize } from '@academy/contracts/files';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { errorMessage, fieldIssues } from '../../lib/http.ts';
import { uploadAttachment } from './api/upload-attachment.ts';

export type FormAttachment = { fileId: number; fileName: string; size: number; ticket?: string };

export type PostFormValues = {
  name: string;
  phone: string;
  /** 개인정보 수집·이용 동의 for the phone (required once a phone is typed). */
  privacyConsent: boolean;
  password: string;
  title: string;
  body: string;
  secret: boolean;
  attachments: FormAttachment[];
  /** The field people never see (anti-spam). */
  website: string;
};

/** Why a file cannot be attached, before any byte is sent. */
function refusal(file: File): string | null {
  const type = FILE_TYPES[fileExtension(file.name)];
  if (!type || !BOARD_FAMILIES.includes(type.family)) return `${file.name}: 사진(JPG, PNG, GIF, WEBP)과 PDF만 올릴 수 있습니다`;
  if (file.size > FILE_SIZE_LIMIT.board) return `${file.name}: ${formatFileSize(FILE_SIZE_LIMIT.board)}까지 올릴 수 있습니다 (${formatFileSize(file.size)})`;
  return null;
}

/**
 * Writing or changing a post. A visitor gives a name, a password (to change or delete it later)
 * and, if they want the answer by SMS, a phone; a signed-in writer does not. Files upload as soon
 * as they are chosen (pictures and PDFs, 10 MB each, five at most). The server's refusals (too many
 * links, a wrong password, too many posts from here) show on their fields.
 */
export function PostForm(props: {
  mode: 'visitor' | 'signed-in';
  /** Whose name a signed-in post goes under. */
  signedInAs?: string;
  /** Editing a visitor's post: the password is asked to save, not to choose. */
  editing?: boolean;
  staff?: boolean;
  initial?: Partial<PostFormValues>;
  submitLabel: string;
  onSubmit: (v: PostFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [v, setV] = useState<PostFormValues>({ name: '', phone: '', privacyConsent: false, password: '', title: '', body: '', secret: false, attachments: [], website: '', ...props.initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const set = (change: Partial<PostFormValues>) => setV((x) => ({ ...x, ...change }));
  const visitor = props.mode === 'visitor';
  const links = countLinks(v.body);

  const addFiles = async (files: FileList | null) => {
    if (!files) return;
    setFormError(null);
    for (const file of [...files]) {
      if (v.attachments.length + uploading >= BOARD_LIMITS.attachments) {
        setFormError(`첨부는 ${BOARD_LIMITS.attachments}개까지입니다`);
        break;
      }
      const why = refusal(file);
      if (why) {
        setFormError(why);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const up = await uploadAttachment(file);
        setV((x) => ({ ...x, attachments: [...x.attachments, { fileId: up.fileId, fileName: up.fileName, size: up.size, ticket: up.ticket }] }));
      } catch (err) {
        setFormError(`${file.name}: ${errorMessage(err)}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const submit = async () => {
    const local: Record<string, string> = {};
    if (visitor && !props.editing && !v.name.trim()) local.name = '이름을 입력해 주세요';
    if (visitor && v.password.length < BOARD_LIMITS.passwordMin) local.password = props.editing ? '글을 쓸 때 정한 비밀번호를 입력해 주세요' : `비밀번호는 ${BOARD_LIMITS.passwordMin}자 이상이어야 합니다`;
    if (visitor && !props.editing && v.phone.trim() && !v.privacyConsent) local.privacyConsent = '번호를 남기려면 개인정보 수집·이용에 동의해 주세요';
    if (!v.title.trim()) local.title = '제목을 입력해 주세요';
    if (!v.body.trim()) local.body = '내용을 입력해 주세요';
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setFormError(null);
    try {
      await props.onSubmit(v);
    } catch (err) {
      const issues = fieldIssues(err);
      if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.path.split('.')[0]!, i.message])));
      else setFormError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="board-form"
    >
      <Stack spacing={2}>
        {!visitor && props.signedInAs && (
          <Alert severity="info">{props.staff ? `${props.signedInAs} (직원)` : `${props.signedInAs} 학생`}으로 글을 씁니다.</Alert>
        )}
        {visitor && !props.editing && (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField label="이름" required value={v.name} onChange={(e) => set({ name: e.target.value })} error={!!errors.name} helperText={errors.name} autoComplete="name" slotProps={{ htmlInput: { maxLength: BOARD_LIMITS.name, 'data-testid': 'board-name' } }} />
            <TextField label="휴대폰 번호 (선택)" value={v.phone} onChange={(e) => set({ phone: e.target.value })} error={!!errors.phone} helperText={errors.phone ?? '답변이 달리면 문자로 알려 드립니다'} type="tel" autoComplete="tel" slotProps={{ htmlInput: { 'data-testid': 'board-phone', inputMode: 'tel' } }} />
          </Box>
        )}
        {visitor && !props.editing && v.phone.trim() !== '' && (
          <Box sx={{ border: 1, borderColor: errors.privacyConsent ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }} data-testid="board-consent">
            <Typography variant="subtitle2" component="p">개인정보 수집·이용 동의 (필수)</Typography>
            <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, typography: 'body2' }}>
              <dt>항목</dt><dd style={{ margin: 0 }}>{BOARD_PHONE_CONSENT.items}</dd>
              <dt>목적</dt><dd style={{ margin: 0 }}>{BOARD_PHONE_CONSENT.purpose}</dd>
              <dt>보유기간</dt><dd style={{ margin: 0 }}>{BOARD_PHONE_CONSENT.retention}</dd>
            </Box>
            <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>{BOARD_PHONE_CONSENT.refusal}</Typography>
            <FormControlLabel
              control={<Checkbox required checked={v.privacyConsent} onChange={(e) => set({ privacyConsent: e.target.checked })} slotProps={{ input: { 'data-testid': 'board-consent-check' } as object }} />}
              label="위 내용에 동의합니다"
            />
            {errors.privacyConsent && <Typography variant="caption" color="error" component="p" role="alert">{errors.privacyConsent}</Typography>}
          </Box>
        )}
        {visitor && (
          <TextField
            type="password"
            label={props.editing ? '비밀번호 확인' : '비밀번호'}
            required
            value={v.password}
            onChange={(e) => set({ password: e.target.value })}
            error={!!errors.password}
            helperText={errors.password ?? (props.editing ? '글을 쓸 때 정한 비밀번호' : '글을 고치거나 지울 때 씁니다 (4자 이상)')}
            autoComplete={props.editing ? 'current-password' : 'new-password'}
            slotProps={{ htmlInput: { maxLength: BOARD_LIMITS.passwordMax, 'data-testid': 'board-password-new' } }}
          />
        )}
        <TextField label="제목" required value={v.title} onChange={(e) => set({ title: e.target.value })} error={!!errors.title} helperText={errors.title} slotProps={{ htmlInput: { maxLength: BOARD_LIMITS.title, 'data-testid': 'board-title' } }} />
        <TextField
          label="내용"
          required
          multiline
          minRows={8}
          value={v.body}
          onChange={(e) => set({ body: e.target.value })}
          error={!!errors.body || (!props.staff && links > BOARD_LIMITS.links)}
          helperText={errors.body ?? (!props.staff && links > BOARD_LIMITS.links ? `링크는 ${BOARD_LIMITS.links}개까지 넣을 수 있습니다` : `${v.body.length.toLocaleString('ko-KR')} / ${BOARD_LIMITS.body.toLocaleString('ko-KR')}자`)}
          slotProps={{ htmlInput: { maxLength: BOARD_LIMITS.body, 'data-testid': 'board-body' } }}
        />
        {/* A field people never see or reach; a form that comes back with it filled was filled by a program. */}
        <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            홈페이지
            <input type="text" name="website" tabIndex={-1} autoComplete="off" value={v.website} onChange={(e) => set({ website: e.target.value })} />
          </label>
        </Box>
        {!props.staff && (
          <FormControlLabel
            control={<Checkbox checked={v.secret} onChange={(e) => set({ secret: e.target.checked })} slotProps={{ input: { 'data-testid': 'board-secret' } as object }} />}
            label="비밀글 (쓴 사람과 학원만 볼 수 있습니다)"
          />
        )}
        <Box>
          <input ref={fileInput} type="file" hidden multiple accept="image/png,image/jpeg,image/gif,image/webp,application/pdf" onChange={(e) => { void addFiles(e.target.files); e.target.value = ''; }} data-testid="board-file-input" />
          <Button startIcon={uploading ? <CircularProgress size={16} aria-label="올리는 중" /> : <AttachFileOutlined />} onClick={() => fileInput.current?.click()} disabled={v.attachments.length >= BOARD_LIMITS.attachments}>
            사진·PDF 첨부
          </Button>
          <Typography variant="caption" color="textSecondary" sx={{ ml: 1 }}>
            {BOARD_LIMITS.attachments}개까지, 개당 {formatFileSize(FILE_SIZE_LIMIT.board)}
          </Typography>
          <Stack spacing={0.5} sx={{ mt: 1 }}>
            {v.attachments.map((a) => (
              <Stack key={a.fileId} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="board-form-attachment">
                <Typography variant="body2">{a.fileName}</Typography>
                <Typography variant="body2" color="textSecondary">{formatFileSize(a.size)}</Typography>
                <IconButton size="small" aria-label={`${a.fileName} 빼기`} onClick={() => set({ attachments: v.attachments.filter((x) => x.fileId !== a.fileId) })}>
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        </Box>
        {formError && <Alert severity="error" data-testid="board-form-error">{formError}</Alert>}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={props.onCancel}>취소</Button>
          <Button type="submit" variant="contained" size="large" disabled={busy || uploading > 0} data-testid="board-submit">
            {props.submitLabel}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
