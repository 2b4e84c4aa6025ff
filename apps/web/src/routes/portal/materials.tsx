import { FILE_KIND_LABEL, formatFileSize, STUDENT_FILE_KINDS, type StoredFile, type StudentFileKind } from '@academy/contracts/files';
import { formatKoreanDate } from '@academy/contracts/format';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Alert, Box, Chip, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchFileView } from '../../features/files/api/file-view.ts';
import { myMaterialsQuery, useMyMaterials } from '../../features/files/api/my-materials.ts';
import { myUploadsQuery, useMyUploads } from '../../features/files/api/my-uploads.ts';
import { fetchSelfStudyView } from '../../features/files/api/self-study-view.ts';
import { DropZone, UploadList, useUploadQueue } from '../../features/files/upload-queue.tsx';
import { useMyLectures } from '../../features/lectures/api/my-lectures.ts';
import { Section } from '../../components/section.tsx';
import { errorMessage } from '../../lib/http.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Opens a signed URL in a new tab. The tab is opened before the call so a phone browser does not
 * treat it as an unrequested pop-up.
 */
async function openSigned(load: () => Promise<{ url: string }>) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await load();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    toast.error(errorMessage(err));
  }
}

function FileLine({ name, size, opened, onOpen, testId }: { name: string; size: number; opened?: boolean; onOpen: () => void; testId: string }) {
  return (
    <Box
      component="button"
      onClick={onOpen}
      data-testid={testId}
      sx={{ display: 'flex', width: '100%', gap: 1, alignItems: 'center', py: 1, px: 0, border: 0, borderBottom: 1, borderColor: 'divider', bgcolor: 'transparent', cursor: 'pointer', textAlign: 'left', font: 'inherit', '&:last-child': { borderBottom: 0 } }}
    >
      <DescriptionOutlined color="action" fontSize="small" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</Typography>
      <Typography variant="caption" color="textSecondary">{formatFileSize(size)}</Typography>
      {opened && <CheckCircleOutline color="success" fontSize="small" titleAccess="열어 봄" />}
    </Box>
  );
}

/** The student's materials (watermarked on open), homework and self-study uploads, and their own files. */
export default function PortalMaterialsPage() {
  const client = useQueryClient();
  const lectures = useMyLectures();
  const materials = useMyMaterials();
  const uploads = useMyUploads();
  const [kind, setKind] = useState<StudentFileKind>('homework');
  const queue = useUploadQueue({
    target: { kind, student: true },
    onUploaded: (f: StoredFile) => {
      toast.success(`${f.fileName}을(를) 올렸습니다`);
      void client.invalidateQueries({ queryKey: myUploadsQuery().queryKey });
    },
  });
  const lectureName = (id: number) => lectures.data?.find((l) => l.id === id)?.name ?? '강좌';
  const byLecture = (materials.data ?? []).reduce<Record<number, NonNullable<typeof materials.data>>>((acc, w) => {
    (acc[w.lectureId] ??= []).push(w);
    return acc;
  }, {});
  const error = [materials, uploads].find((q) => q.isError)?.error;

  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Section compact title="수업 자료" testId="my-materials">
        {materials.isPending && <Skeleton height={80} />}
        {materials.data?.length === 0 && <Typography variant="body2" color="textSecondary">열람할 수 있는 자료가 없습니다</Typography>}
        <Stack spacing={2}>
          {Object.entries(byLecture).map(([lectureId, weeks]) => (
            <Box key={lectureId}>
              <Typography variant="body2" sx={{ fontWeight: 700, mb: 0.5 }}>{lectureName(Number(lectureId))}</Typography>
              {weeks.map((w) => (
                <Box key={w.weeklyLectureId} sx={{ pl: 1, mb: 1 }}>
                  <Typography variant="caption" color="textSecondary">{w.title} · {formatKoreanDate(w.date)}</Typography>
                  {w.files.map((f) => (
                    <FileLine
                      key={f.id}
                      name={f.fileName}
                      size={f.size}
                      opened={f.opened}
                      testId="material-file"
                      onOpen={() => void openSigned(() => fetchFileView(f.id)).then(() => client.invalidateQueries({ queryKey: myMaterialsQuery().queryKey }))}
                    />
                  ))}
                </Box>
              ))}
            </Box>
          ))}
        </Stack>
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block', mt: 1 }}>
          PDF와 이미지 자료에는 본인 이름·전화번호 끝자리·날짜가 표시됩니다. 무단 배포를 금지합니다.
        </Typography>
      </Section>

      <Section compact title="과제·자습 파일 올리기" testId="my-upload">
        <TextField select size="small" label="종류" value={kind} onChange={(e) => setKind(e.target.value as StudentFileKind)} sx={{ mb: 1.5, minWidth: 160 }} slotProps={{ htmlInput: { 'data-testid': 'upload-kind' } }}>
          {STUDENT_FILE_KINDS.map((k) => <MenuItem key={k} value={k}>{FILE_KIND_LABEL[k]}</MenuItem>)}
        </TextField>
        <DropZone onFiles={queue.add} label="사진·PDF·한글 파일을 올리세요 (최대 100MB)" />
        <UploadList items={queue.items} onCancel={queue.cancel} onClear={queue.clearFinished} />
      </Section>

      <Section compact title="내가 올린 파일" testId="my-uploads">
        {uploads.isPending && <Skeleton height={60} />}
        {uploads.data?.length === 0 && <Typography variant="body2" color="textSecondary">올린 파일이 없습니다</Typography>}
        {uploads.data?.map((f) => (
          <Box key={f.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip size="small" label={FILE_KIND_LABEL[f.kind]} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <FileLine name={f.fileName} size={f.size} testId="my-upload-file" onOpen={() => void openSigned(() => (f.kind === 'self_study' ? fetchSelfStudyView(f.id) : fetchFileView(f.id)))} />
            </Box>
            <Typography variant="caption" color="textSecondary">{formatKoreanDate(f.createdAt)}</Typography>
          </Box>
        ))}
      </Section>
    </Stack>
  );
}
