import { formatDuration, parseDuration, parseVideoLink, updateVideoBody, type Video, type VideoSettings, videoSettings } from '@academy/contracts/videos';
import { Alert, Box, MenuItem, TextField, Typography } from '@mui/material';
import { useRef } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, FormTextField } from '../../components/form-dialog.tsx';
import { useCreateVideo } from './api/create-video.ts';
import { useSaveVideoSettings } from './api/save-video-settings.ts';
import { useUpdateVideo } from './api/update-video.ts';
import { useVideoPreview } from './api/video-preview.ts';
import { VideoPlayer } from './player/video-player.tsx';

const durationText = z
  .string()
  .trim()
  .refine((v) => parseDuration(v) !== null && parseDuration(v)! > 0, '길이를 1:02:05 또는 52:30처럼 입력해 주세요');

const linkForm = z.object({
  url: z.string().trim().min(1, 'YouTube 또는 Vimeo 주소를 붙여 넣어 주세요').refine((v) => parseVideoLink(v) !== null, 'YouTube 또는 Vimeo 영상 주소가 아닙니다'),
  title: z.string().trim().min(1, '제목을 입력해 주세요').max(100),
  duration: durationText,
});

/**
 * Adds a YouTube or Vimeo video to a session. Once the address is recognised, the provider's own
 * player loads below it and fills in the length (what progress is measured against); without
 * internet access to the provider, the TA types the length.
 */
export function AddLinkDialog({ lectureId, wlId, onClose }: { lectureId: number; wlId: number; onClose: () => void }) {
  const create = useCreateVideo();
  return (
    <FormDialog
      title="YouTube·Vimeo 링크 추가"
      schema={linkForm}
      defaultValues={{ url: '', title: '', duration: '' }}
      onSubmit={(v) => create.mutateAsync({ params: { id: lectureId, wlId }, body: { source: 'link', title: v.title, url: v.url, durationSec: parseDuration(v.duration)! } })}
      onClose={onClose}
      submitLabel="추가"
      testId="add-link-dialog"
      footnote={<Typography variant="caption" color="textSecondary">진도율은 영상 길이를 기준으로 계산합니다. 학생이 건너뛴 부분은 본 시간에 들어가지 않습니다.</Typography>}
    >
      {(form) => <LinkFields form={form} />}
    </FormDialog>
  );
}

function LinkFields({ form }: { form: UseFormReturn<z.input<typeof linkForm>, unknown, z.output<typeof linkForm>> }) {
  const url = useWatch({ control: form.control, name: 'url' });
  const link = parseVideoLink(url ?? '');
  const filled = useRef(false);
  return (
    <>
      <FormTextField name="url" label="영상 주소" placeholder="https://youtu.be/…" autoFocus slotProps={{ htmlInput: { 'data-testid': 'link-url' } }} />
      {link && (
        <Box>
          <Typography variant="caption" color="textSecondary">{link.provider === 'youtube' ? 'YouTube' : 'Vimeo'} 영상 미리보기</Typography>
          <VideoPlayer
            playback={link.provider === 'youtube' ? { kind: 'youtube', videoId: link.videoId, url: link.url } : { kind: 'vimeo', videoId: link.videoId, hash: link.hash, url: link.url }}
            title="미리보기"
            watermark={{ name: '', phoneTail: '' }}
            startAt={0}
            onMedia={(media) => {
              media?.addEventListener('durationchange', () => {
                const d = (media as unknown as { duration: number }).duration;
                if (!filled.current && Number.isFinite(d) && d > 0 && !form.getValues('duration')) {
                  filled.current = true;
                  form.setValue('duration', formatDuration(d), { shouldValidate: true });
                }
              });
            }}
          />
        </Box>
      )}
      <FormTextField name="title" label="제목" placeholder="예: 3주차 복습 영상" slotProps={{ htmlInput: { 'data-testid': 'link-title', maxLength: 100 } }} />
      <FormTextField name="duration" label="영상 길이" placeholder="52:30" helperText="미리보기가 불러와지면 자동으로 채워집니다" slotProps={{ htmlInput: { 'data-testid': 'link-duration', inputMode: 'numeric' } }} />
    </>
  );
}

const editForm = z.object({ title: updateVideoBody.shape.title, duration: z.string().trim() });

/** Renames a video; a link's length can be corrected too (an upload's is measured by the server). */
export function EditVideoDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const update = useUpdateVideo();
  const link = video.source !== 'upload';
  return (
    <FormDialog
      title="영상 정보 고치기"
      schema={link ? editForm.extend({ duration: durationText }) : editForm}
      defaultValues={{ title: video.title, duration: video.durationSec ? formatDuration(video.durationSec) : '' }}
      onSubmit={(v) => update.mutateAsync({ params: { id: video.id }, body: { title: v.title, ...(link ? { durationSec: parseDuration(v.duration)! } : {}) } })}
      onClose={onClose}
      testId="edit-video-dialog"
    >
      {() => (
        <>
          <FormTextField name="title" label="제목" autoFocus slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'video-title-input' } }} />
          {link && <FormTextField name="duration" label="영상 길이" placeholder="52:30" />}
        </>
      )}
    </FormDialog>
  );
}

const uploadForm = z.object({ title: linkForm.shape.title });

/** A file's name without its extension: "3주차 수업 녹화.mp4" → "3주차 수업 녹화". */
export const titleOfFile = (name: string) => name.replace(/\.[^.]+$/, '').trim().slice(0, 100);

/** Asks the title of a recording before it is uploaded: prefilled from the file name, editable, required. */
export function UploadTitleDialog({ file, onSubmit, onClose }: { file: File; onSubmit: (title: string) => void; onClose: () => void }) {
  return (
    <FormDialog
      title="영상 올리기"
      schema={uploadForm}
      defaultValues={{ title: titleOfFile(file.name) }}
      onSubmit={async (v) => onSubmit(v.title)}
      onClose={onClose}
      submitLabel="올리기"
      testId="upload-title-dialog"
      footnote={<Typography variant="caption" color="textSecondary">{file.name} · 학생에게 이 제목으로 보입니다.</Typography>}
    >
      {() => <FormTextField name="title" label="제목" autoFocus slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'upload-title-input' } }} />}
    </FormDialog>
  );
}

/** The center's video rules: when a video counts as completed, and which attendance it marks then. */
export function VideoSettingsDialog({ settings, attendanceTypes, onClose }: { settings: VideoSettings; attendanceTypes: { id: number; name: string }[]; onClose: () => void }) {
  const save = useSaveVideoSettings();
  return (
    <FormDialog
      title="영상 설정"
      schema={videoSettings}
      defaultValues={settings}
      onSubmit={(v) => save.mutateAsync({ body: v })}
      onClose={onClose}
      testId="video-settings-dialog"
      footnote={<Typography variant="caption" color="textSecondary">출결은 비어 있거나 결석인 칸만 바뀝니다. 잠긴 칸과 이미 출석·지각 등으로 입력된 칸은 그대로 둡니다.</Typography>}
    >
      {(form) => (
        <>
          <Controller
            control={form.control}
            name="completionPercent"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                type="number"
                label="완료 기준 (%)"
                onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? '본 시간이 영상 길이의 이 비율 이상이면 완료로 봅니다 (50~100)'}
                slotProps={{ htmlInput: { min: 50, max: 100, 'data-testid': 'completion-percent' } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="attendanceTypeId"
            render={({ field }) => (
              <TextField select label="완료하면 출결에" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}>
                <MenuItem value="">출결을 바꾸지 않음</MenuItem>
                {attendanceTypes.map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
              </TextField>
            )}
          />
        </>
      )}
    </FormDialog>
  );
}

/** Staff watch a video to check it (no progress is recorded for staff). */
export function PreviewDialogBody({ video }: { video: Video }) {
  const preview = useVideoPreview(video.id);
  if (preview.isError) return <Alert severity="error">{preview.error.message}</Alert>;
  if (!preview.data) return <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2 }} />;
  return <VideoPlayer playback={preview.data} title={video.title} watermark={{ name: '미리보기', phoneTail: '' }} startAt={0} onMedia={() => {}} />;
}
